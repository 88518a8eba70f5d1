/**
 * One queue per repository: pushes to the same repository run one after another, so
 * the refs read before and after a push belong to that push alone.
 */
export class RepoLocks {
  private readonly tails = new Map<string, Promise<void>>();

  /** Run `work` once every earlier holder of `key` has finished. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
