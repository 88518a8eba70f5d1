/** How long a stop waits for the requests in flight before the process exits anyway. */
export const STOP_GRACE_MS = 10_000;

/** How often a stopping server closes the connections that have gone idle. */
const IDLE_SWEEP_MS = 250;

/** The HTTP server's one method a stop needs (`http.Server`). */
export interface ClosableServer {
  closeIdleConnections(): void;
}

/** What a stop needs of the process; the real one in a service, a stand-in in a test. */
export type SignalledProcess = Pick<NodeJS.Process, 'on' | 'exit'>;

interface StopLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Stops the service on SIGINT or SIGTERM: `stop` closes its server, which lets the
 * requests in flight finish, and the process exits 0 once it has. Closing a server ends
 * only the keep-alive connections idle at that moment; one whose request was in flight
 * would stay open after its answer until the client or its keep-alive timeout ends it
 * (over a minute behind a proxy), so while stopping, `server`'s connections are closed as
 * they go idle. If stopping has not finished within `graceMs`, the process exits 1 and
 * says so: one request that never ends must not keep a stopped service alive until
 * something kills it (docs/architecture.md#stopping). A second signal changes nothing.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  logger: StopLogger,
  {
    server,
    graceMs = STOP_GRACE_MS,
    proc = process,
  }: { server?: ClosableServer; graceMs?: number; proc?: SignalledProcess } = {},
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, stopping`);
    setTimeout(() => {
      logger.warn(
        `still stopping ${graceMs / 1000} s after ${signal}: exiting without the requests in flight`,
      );
      proc.exit(1);
    }, graceMs).unref();
    if (server) setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    stop().then(
      () => proc.exit(0),
      (error: unknown) => {
        logger.error(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        proc.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    proc.on(signal, () => onSignal(signal));
  }
}
