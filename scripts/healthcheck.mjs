// Container health check: exit 0 when the board answers /healthz under its base path.
const port = process.env.PORT || '3000';
const base = `/${(process.env.BASE_PATH || '/').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
fetch(`http://127.0.0.1:${port}${base}healthz`, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
