/**
 * Concurrent asks for one key share one run of their work: the first ask starts it, the
 * others join its promise until it settles, and the next ask after that starts afresh.
 * This is how many viewers of one page make one platform read, and how one organization's
 * refresh or one issue's conversation read is made once however many answers wait for it.
 *
 * A run may carry a context given by the ask that started it (the budget's background
 * work of a refresh, for instance), which a joining ask can look at.
 */
export class SingleFlight<K, V, C = undefined> {
  private readonly flights = new Map<K, { promise: Promise<V>; context: C | undefined }>();

  /** Runs in flight. */
  get size(): number {
    return this.flights.size;
  }

  /** Whether a run for `key` is in flight. */
  has(key: K): boolean {
    return this.flights.has(key);
  }

  /** The run in flight for `key`, if any. */
  get(key: K): Promise<V> | undefined {
    return this.flights.get(key)?.promise;
  }

  /** The context the run in flight for `key` was started with. */
  contextOf(key: K): C | undefined {
    return this.flights.get(key)?.context;
  }

  /** Join the run in flight for `key`, or start `work` as it (with `context`). */
  run(key: K, work: () => Promise<V>, context?: C): Promise<V> {
    const current = this.flights.get(key);
    if (current) return current.promise;
    const promise = work();
    this.flights.set(key, { promise, context });
    const clear = (): void => {
      if (this.flights.get(key)?.promise === promise) this.flights.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }

  /** Resolves once every run in flight now has settled, whatever its outcome. */
  async settled(): Promise<void> {
    await Promise.all([...this.flights.values()].map((f) => f.promise.catch(() => undefined)));
  }
}
