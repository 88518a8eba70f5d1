/** How long a stop waits for the requests in flight before the process exits anyway. */
export const STOP_GRACE_MS = 10_000;

/** What a stop needs of the process; the real one in a service, a stand-in in a test. */
export type SignalledProcess = Pick<NodeJS.Process, 'on' | 'exit'>;

interface StopLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Stops the service on SIGINT or SIGTERM: `stop` closes its server, which lets the
 * requests in flight finish, and the process exits 0 once it has. If it has not finished
 * within `graceMs`, the process exits 1 and says so: one request that never ends must not
 * keep a stopped service alive until something kills it (docs/architecture.md#stopping).
 * A second signal changes nothing.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  logger: StopLogger,
  { graceMs = STOP_GRACE_MS, proc = process }: { graceMs?: number; proc?: SignalledProcess } = {},
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
