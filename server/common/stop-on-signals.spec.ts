import { EventEmitter } from 'node:events';

import { SignalledProcess, stopOnSignals } from './stop-on-signals';

/** A process stand-in: signals are emitted by the test, exits are recorded. */
function fakeProcess(): {
  proc: SignalledProcess;
  emit: (signal: string) => void;
  exits: number[];
} {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const proc = {
    on: (event: string, listener: () => void) => emitter.on(event, listener),
    exit: (code?: number) => {
      exits.push(code ?? 0);
    },
  } as unknown as SignalledProcess;
  return { proc, emit: (signal) => emitter.emit(signal), exits };
}

const logger = () => ({ log: jest.fn(), warn: jest.fn(), error: jest.fn() });

describe('stopOnSignals', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('exits 0 once the stop has finished, and stops only once for two signals', async () => {
    const { proc, emit, exits } = fakeProcess();
    const stop = jest.fn(() => Promise.resolve());
    stopOnSignals(stop, logger(), { proc });

    emit('SIGTERM');
    emit('SIGINT');
    await jest.advanceTimersByTimeAsync(0);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([0]);
  });

  it('exits 1 and says so when the stop is still waiting after the grace period', async () => {
    const { proc, emit, exits } = fakeProcess();
    const log = logger();
    stopOnSignals(() => new Promise<void>(() => undefined), log, { graceMs: 10_000, proc });

    emit('SIGTERM');
    await jest.advanceTimersByTimeAsync(9_999);
    expect(exits).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/still stopping 10 s after SIGTERM/),
    );
  });

  it('exits 1 with the reason when the stop fails', async () => {
    const { proc, emit, exits } = fakeProcess();
    const log = logger();
    stopOnSignals(() => Promise.reject(new Error('database busy')), log, { proc });

    emit('SIGINT');
    await jest.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([1]);
    expect(log.error).toHaveBeenCalledWith('stopping failed: database busy');
  });

  it('closes the connections that go idle while stopping, and none before', async () => {
    const { proc, emit } = fakeProcess();
    const server = { closeIdleConnections: jest.fn() };
    stopOnSignals(() => new Promise<void>(() => undefined), logger(), { server, proc });

    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    emit('SIGTERM');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(server.closeIdleConnections.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});
