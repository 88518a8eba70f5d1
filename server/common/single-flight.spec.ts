import { SingleFlight } from './single-flight';

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('runs the work once for concurrent asks of one key, and again once it settled', async () => {
    const flights = new SingleFlight<string, number>();
    let runs = 0;
    const gate = deferred<number>();
    const work = () => {
      runs += 1;
      return gate.promise;
    };
    const asks = [flights.run('a', work), flights.run('a', work), flights.run('a', work)];
    expect(flights.has('a')).toBe(true);
    gate.resolve(7);
    expect(await Promise.all(asks)).toEqual([7, 7, 7]);
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
    expect(await flights.run('a', () => Promise.resolve(8))).toBe(8);
  });

  it('keeps keys apart', async () => {
    const flights = new SingleFlight<string, string>();
    const [a, b] = await Promise.all([
      flights.run('a', () => Promise.resolve('A')),
      flights.run('b', () => Promise.resolve('B')),
    ]);
    expect([a, b]).toEqual(['A', 'B']);
  });

  it('shares a failure with every ask in flight, then forgets it', async () => {
    const flights = new SingleFlight<string, number>();
    const gate = deferred<number>();
    const first = flights.run('a', () => gate.promise);
    const second = flights.run('a', () => Promise.resolve(1));
    gate.reject(new Error('platform answered 500'));
    await expect(first).rejects.toThrow('500');
    await expect(second).rejects.toThrow('500');
    expect(await flights.run('a', () => Promise.resolve(2))).toBe(2);
  });

  it('gives a joining ask the context of the run it joins', async () => {
    const flights = new SingleFlight<string, number, { boosted: boolean }>();
    const gate = deferred<number>();
    expect(flights.contextOf('a')).toBeUndefined();
    const started = { boosted: false };
    void flights.run('a', () => gate.promise, started);
    expect(flights.contextOf('a')).toBe(started);
    gate.resolve(1);
    await flights.settled();
    expect(flights.contextOf('a')).toBeUndefined();
  });

  it('settles once every run in flight has, failed ones included', async () => {
    const flights = new SingleFlight<string, number>();
    const ok = deferred<number>();
    const failing = deferred<number>();
    void flights.run('a', () => ok.promise);
    flights.run('b', () => failing.promise).catch(() => undefined);
    let settled = false;
    const waiting = flights.settled().then(() => (settled = true));
    ok.resolve(1);
    await Promise.resolve();
    expect(settled).toBe(false);
    failing.reject(new Error('gone'));
    await waiting;
    expect(settled).toBe(true);
  });
});
