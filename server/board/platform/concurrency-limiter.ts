/**
 * Who a task is for: a page someone is viewing, or background work (snapshots, alert
 * evaluation, enrichment reads). Viewers' tasks take a free slot first.
 */
export type TaskLane = 'viewer' | 'background';

/**
 * A counting semaphore with two lanes: at most `limit` tasks run at once, background
 * tasks at most `backgroundLimit` of them (half by default), so a page asked for while
 * background work is running always finds a slot; the rest wait in FIFO order within
 * their lane, and a freed slot goes to the oldest viewer task before any background one.
 * The platform client wraps each HTTP attempt (not each call) in it, so a call that waits
 * between retries does not hold a slot.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private activeBackground = 0;
  private readonly waiting: Record<TaskLane, (() => void)[]> = { viewer: [], background: [] };

  constructor(
    readonly limit: number,
    readonly backgroundLimit = Math.max(1, Math.floor(limit / 2)),
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error('concurrency limit must be a positive integer');
    if (!Number.isInteger(backgroundLimit) || backgroundLimit < 1 || backgroundLimit > limit)
      throw new Error('background limit must be a positive integer up to the limit');
  }

  /** Tasks running now. */
  get inFlight(): number {
    return this.active;
  }

  /** Tasks waiting for a slot, of one lane or of both. */
  queuedIn(lane?: TaskLane): number {
    return lane
      ? this.waiting[lane].length
      : this.waiting.viewer.length + this.waiting.background.length;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.queuedIn();
  }

  /** Run `task` once a slot of its lane is free; the slot is released however the task ends. */
  async run<T>(task: () => Promise<T>, lane: TaskLane = 'viewer'): Promise<T> {
    await this.acquire(lane);
    try {
      return await task();
    } finally {
      this.release(lane);
    }
  }

  private canStart(lane: TaskLane): boolean {
    return (
      this.active < this.limit &&
      (lane === 'viewer' || this.activeBackground < this.backgroundLimit)
    );
  }

  private start(lane: TaskLane): void {
    this.active += 1;
    if (lane === 'background') this.activeBackground += 1;
  }

  private acquire(lane: TaskLane): Promise<void> {
    if (this.canStart(lane) && this.waiting[lane].length === 0) {
      this.start(lane);
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting[lane].push(() => {
        this.start(lane);
        resolve();
      }),
    );
  }

  private release(lane: TaskLane): void {
    this.active -= 1;
    if (lane === 'background') this.activeBackground -= 1;
    for (const next of ['viewer', 'background'] as const) {
      while (this.waiting[next].length > 0 && this.canStart(next)) this.waiting[next].shift()!();
    }
  }
}
