import { ConcurrencyLimiter } from './concurrency-limiter';

describe('ConcurrencyLimiter', () => {
  it('runs at most `limit` tasks at once, in arrival order, and frees slots on failure', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const task = (id: number, fail = false) =>
      limiter.run(async () => {
        started.push(id);
        await new Promise<void>((resolve) => gates.push(resolve));
        if (fail) throw new Error(`task ${id}`);
        return id;
      });

    const results = [task(1, true), task(2), task(3), task(4)];
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(limiter.inFlight).toBe(2);
    expect(limiter.queued).toBe(2);

    gates[0]?.();
    await expect(results[0]).rejects.toThrow('task 1');
    expect(started).toEqual([1, 2, 3]);
    gates.slice(1).forEach((open) => open());
    await new Promise((resolve) => setImmediate(resolve));
    gates.slice(3).forEach((open) => open());
    await expect(Promise.all(results.slice(1))).resolves.toEqual([2, 3, 4]);
    expect(limiter.inFlight).toBe(0);
  });

  it('refuses a limit below 1', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow();
  });
});
