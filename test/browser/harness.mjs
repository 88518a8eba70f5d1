// Starts the built board in demo mode (which starts the forge with the demo seed) on free
// loopback ports with a temporary DATA_DIR, and stops both. Shared by the browser tests
// and the UI benchmark.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BOARD_ENTRY = join(root, 'dist/server/server/board/main.js');
const FORGE_ENTRY = join(root, 'dist/server/server/forge/main.js');
const CLIENT_INDEX = join(root, 'dist/client/browser/en/index.html');

/** Variables that would point the board somewhere other than its own demo forge. */
const FOREIGN_ENV = [
  'PLATFORM_BASE_URL',
  'PLATFORM_TOKEN',
  'PLATFORM_WEB_URL',
  'GIT_BASE_URL',
  'BOARD_ORGS',
  'BASE_PATH',
  'REDIS_URL',
  'CREDITS_SOURCE',
  'ADMIN_TOKEN',
  'FORGE_ADMIN_TOKEN',
  'FORGE_LATENCY_MS',
  'FORGE_FAULT_RATE',
  'FORGE_RATE_LIMIT',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What is missing from the build, or null when everything the board needs is there. */
export function missingBuild() {
  const missing = [BOARD_ENTRY, FORGE_ENTRY, CLIENT_INDEX].filter((file) => !existsSync(file));
  return missing.length ? missing.map((f) => f.slice(root.length + 1)).join(', ') : null;
}

/**
 * The demo seed is built around FORGE_SEED_EPOCH. It is fixed to the start of the current
 * UTC hour: the same for the whole run, and close enough to now that the 7-day windows
 * the pages show hold data (the board's own clock is real time).
 */
export function seedEpoch(now = Date.now()) {
  return new Date(Math.floor(now / 3_600_000) * 3_600_000).toISOString();
}

/**
 * Starts the board; resolves once its API answers with the covered organizations.
 * `log` receives the board's and forge's output lines (kept for failure reports). The
 * result carries `adminToken`, the token the admin pages accept.
 */
export async function startBoard({ log = () => {}, env = {}, timeoutMs = 120_000 } = {}) {
  const missing = missingBuild();
  if (missing) throw new Error(`the app is not built (missing ${missing}); run "npm run build"`);
  const dataDir = mkdtempSync(join(tmpdir(), 'npc-board-ui-'));
  const [port, forgePort] = [await freePort(), await freePort()];
  const epoch = seedEpoch();
  // The board prints a generated admin token in demo mode; passing one in is simpler for
  // the tests to know and, unlike the printed one, the same wherever they read it.
  const adminToken = env.ADMIN_TOKEN ?? `ui-test-${randomBytes(12).toString('hex')}`;
  const childEnv = { ...process.env };
  for (const name of FOREIGN_ENV) delete childEnv[name];
  Object.assign(childEnv, {
    TZ: 'UTC',
    PORT: String(port),
    HOST: '127.0.0.1',
    FORGE_PORT: String(forgePort),
    DATA_DIR: dataDir,
    FORGE_SEED: 'demo',
    FORGE_SEED_EPOCH: epoch,
    FORGE_SIMULATE: 'off',
    ADMIN_TOKEN: adminToken,
    // Every browser context and every API call of the suite come from one loopback address,
    // which the per-address miss allowance would count as one client asking for far more
    // than any person does; the allowance has its own tests (board-hardening.e2e.spec.ts).
    ANON_MISSES_PER_MINUTE: '0',
    ...env,
  });
  const child = spawn(process.execPath, [BOARD_ENTRY], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) =>
      chunk
        .split('\n')
        .filter(Boolean)
        .forEach((line) => log(line)),
    );
  }

  // However this process ends (a crash, a closed output pipe), the board must not outlive
  // it; on SIGTERM the board stops its forge too.
  const killOnExit = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // The board stops its forge on SIGTERM; give it a moment, then insist.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the board exited with code ${child.exitCode} before answering`);
    }
    try {
      const response = await fetch(`${url}api/meta`, { signal: AbortSignal.timeout(2000) });
      if (response.ok && (await response.json()).covered_orgs?.length > 0) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the board did not serve its API within ${timeoutMs / 1000} s`);
    }
    await sleep(250);
  }
  await firstSnapshot(url, deadline);
  return { url, port, forgePort, dataDir, epoch, adminToken, pid: child.pid, stop };
}

/**
 * Balances on `api/orgs` come from the board's credit snapshots, and the first one is
 * recorded just after start-up; an answer before it reads "unknown" and stays cached for
 * the cache's life. So wait for the first snapshot run, as its metric counts it.
 */
async function firstSnapshot(url, deadline) {
  for (;;) {
    const text = await fetch(`${url}metrics`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.text())
      .catch(() => '');
    const runs = /^board_snapshot_runs_total(?:\{[^}]*\})? (\d+)/m.exec(text);
    // No such metric: nothing to wait for.
    if (!text.includes('board_snapshot_runs_total') || (runs && Number(runs[1]) >= 1)) return;
    if (Date.now() > deadline) throw new Error('the board recorded no credit snapshot in time');
    await sleep(250);
  }
}

/**
 * Process ids whose parent is `pid` (Linux /proc): how a test finds the forge the board
 * started, to stop it and see the board answer from its stale copies.
 */
export function childPids(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the parenthesised command name.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/**
 * Resolves once `check` resolves truthy, looking again every `everyMs`; rejects with `what`
 * after `timeoutMs` (`what` may be a function, called then, to say what was seen). For
 * conditions outside the page (a process gone, a cache entry expired), where there is no
 * event to await.
 */
export async function until(check, { what, timeoutMs = 30_000, everyMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const met = await Promise.resolve()
      .then(check)
      .catch(() => false);
    if (met) return;
    if (Date.now() > deadline) {
      const said = typeof what === 'function' ? what() : what;
      throw new Error(`not within ${timeoutMs / 1000} s: ${said}`);
    }
    await sleep(everyMs);
  }
}

/** True while a process with this id exists. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** GET a board API route; returns the parsed body and the headers. */
export async function api(board, path) {
  const response = await fetch(board.url + path, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return { body: await response.json(), headers: response.headers };
}

/**
 * Resolves once the user pages' first data is complete: no answer names an enrichment still
 * pending (`x-board-pending`). The shared board's tests read figures the enrichments give
 * (commit times, stuck work) and count each page's requests, which a pending answer
 * repeats; a test drawn to run first, right after start, would otherwise see them unfilled.
 */
export async function filledIn(board, { timeoutMs = 120_000 } = {}) {
  const { body: meta } = await api(board, 'api/meta');
  const paths = [
    'api/orgs',
    'api/issues',
    'api/issues?npc=true',
    ...meta.covered_orgs.map((slug) => `api/orgs/${slug}/repos`),
  ];
  await until(
    async () => {
      const pending = await Promise.all(
        paths.map(async (path) => (await api(board, path)).headers.get('x-board-pending')),
      );
      return pending.every((named) => !named);
    },
    { what: 'every user page answered with no enrichment pending', timeoutMs, everyMs: 500 },
  );
}
