/**
 * Who a task is for: a page someone is viewing, or background work (snapshots, alert
 * evaluation, enrichment reads). Viewers' tasks take a free slot first.
 */
export type TaskLane = 'viewer' | 'background';

/**
 * Reads a waiting background task's lane again, in the async context of the call that
 * queued it: once a viewer waits for the work the task belongs to, it reads `viewer`.
 */
export type LaneOf = () => TaskLane;

/** Longest a viewer's request holds background tasks back (`holdBackground`). */
const HOLD_MAX_MS = 5_000;
/**
 * Longest a background task that finished during a hold waits to hand its answer on: a
 * viewer who waits for that work without saying so (`promote`, `recheck`) waits this long
 * at most per call of it.
 */
export const RESUME_MAX_MS = 1_000;

/**
 * A counting semaphore with two lanes: at most `limit` tasks run at once, background
 * tasks at most `backgroundLimit` of them (half by default), so a page asked for while
 * background work is running always finds a slot; the rest wait in FIFO order within
 * their lane, and a freed slot goes to the oldest viewer task before any background one.
 * While a viewer's request is being answered no background task starts at all, and one
 * that finishes hands its answer on only after the hold (what background work does with an
 * answer — parsing, building, writing — would take the CPU from the viewer's).
 * The platform client wraps each HTTP attempt (not each call) in it, so a call that waits
 * between retries does not hold a slot.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private activeBackground = 0;
  private waiting: Record<TaskLane, Waiting[]> = { viewer: [], background: [] };
  /** Viewers' requests being answered now (`holdBackground`). */
  private holds = 0;
  /** Background tasks that finished during a hold, waiting to hand their answers on. */
  private resuming: Resuming[] = [];
  /** Keys of the running background tasks a viewer has since asked for (`promote`). */
  private readonly running = new Map<string, boolean>();
  /** Holds that ended by their time limit, not by the answer going out. */
  private expired = 0;

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

  /**
   * Run `task` once a slot of its lane is free; the slot is released however the task
   * ends. `key` names what it fetches, for `promote`; `laneNow` reads a background task's
   * lane again, for `recheck`.
   */
  async run<T>(
    task: () => Promise<T>,
    lane: TaskLane = 'viewer',
    key?: string,
    laneNow?: LaneOf,
  ): Promise<T> {
    const ran = await this.acquire(lane, key, laneNow);
    const tracked = ran === 'background' && key !== undefined && !this.running.has(key);
    if (tracked) this.running.set(key, false);
    try {
      return await task();
    } finally {
      this.release(ran);
      const asked = tracked && this.running.get(key);
      if (tracked) this.running.delete(key);
      if (ran === 'background' && !asked && this.holds > 0) await this.afterHold(key, laneNow);
    }
  }

  /**
   * A viewer now waits for what the background tasks waiting under `key` fetch (one read
   * shared by both): they move to the end of the viewer queue.
   */
  promote(key: string): void {
    if (this.running.has(key)) this.running.set(key, true);
    this.moveToViewers((entry) => entry.key === key);
    this.resume((entry) => entry.key === key);
  }

  /**
   * A viewer now waits for background work that has tasks queued (a refresh it joined):
   * the waiting tasks whose lane now reads `viewer` move to the end of the viewer queue,
   * so they neither wait out a viewer's hold nor the background share of the slots.
   */
  recheck(): void {
    this.moveToViewers((entry) => entry.laneNow?.() === 'viewer');
    this.resume((entry) => entry.laneNow?.() === 'viewer');
  }

  private moveToViewers(moves: (entry: Waiting) => boolean): void {
    const background = this.waiting.background;
    if (background.length === 0) return; // the usual case, on every viewer's GET
    const moved = background.filter(moves);
    if (moved.length === 0) return;
    const left = new Set(moved);
    this.waiting.background = background.filter((entry) => !left.has(entry));
    for (const entry of moved) this.waiting.viewer.push({ ...entry, lane: 'viewer' });
    this.dispatch();
  }

  /**
   * Hold background tasks back while a viewer's request is answered: none starts (those
   * running finish), so each of its rounds of calls finds every slot free. Returns the
   * release; a hold ends by itself after `maxMs`, so background work waits out a slow
   * answer or a steady stream of viewers only that long at a time.
   */
  holdBackground(maxMs = HOLD_MAX_MS): () => void {
    this.holds += 1;
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.holds -= 1;
      if (this.holds === 0) this.resume(() => true);
      this.dispatch();
    };
    const timer = setTimeout(() => {
      this.expired += 1;
      release();
    }, maxMs);
    timer.unref();
    return release;
  }

  /**
   * Holds that ran out their time before the answer went out: a viewer's answer that took
   * that long, or one waiting for background work it held back itself.
   */
  get holdsExpired(): number {
    return this.expired;
  }

  /** Background tasks are held back (`holdBackground`). */
  get holdingBackground(): boolean {
    return this.holds > 0;
  }

  /** Waits until no viewer holds, a viewer waits for this task, or `RESUME_MAX_MS`. */
  private afterHold(key: string | undefined, laneNow: LaneOf | undefined): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.resume((entry) => entry === waiting), RESUME_MAX_MS);
      timer.unref();
      const waiting: Resuming = {
        key,
        laneNow,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.resuming.push(waiting);
    });
  }

  private resume(goesOn: (entry: Resuming) => boolean): void {
    if (this.resuming.length === 0) return; // the usual case, on every viewer's GET
    const going = this.resuming.filter(goesOn);
    if (going.length === 0) return;
    const left = new Set(going);
    this.resuming = this.resuming.filter((entry) => !left.has(entry));
    for (const entry of going) entry.resolve();
  }

  private canStart(lane: TaskLane): boolean {
    return (
      this.active < this.limit &&
      (lane === 'viewer' || (this.holds === 0 && this.activeBackground < this.backgroundLimit))
    );
  }

  private start(lane: TaskLane): void {
    this.active += 1;
    if (lane === 'background') this.activeBackground += 1;
  }

  /** Resolves with the lane the task runs in (a promoted one runs as a viewer's). */
  private acquire(
    lane: TaskLane,
    key: string | undefined,
    laneNow: LaneOf | undefined,
  ): Promise<TaskLane> {
    if (this.canStart(lane) && this.waiting[lane].length === 0) {
      this.start(lane);
      return Promise.resolve(lane);
    }
    return new Promise((resolve) => this.waiting[lane].push({ lane, key, laneNow, resolve }));
  }

  private release(lane: TaskLane): void {
    this.active -= 1;
    if (lane === 'background') this.activeBackground -= 1;
    this.dispatch();
  }

  /** Start waiting tasks while their lanes have room: viewers' first. */
  private dispatch(): void {
    for (const lane of ['viewer', 'background'] as const) {
      const queue = this.waiting[lane];
      while (queue.length > 0 && this.canStart(lane)) {
        const next = queue.shift()!;
        this.start(next.lane);
        next.resolve(next.lane);
      }
    }
  }
}

/** A background task that finished during a hold (`afterHold`). */
type Resuming = Pick<Waiting, 'key' | 'laneNow'> & { resolve: () => void };

interface Waiting {
  lane: TaskLane;
  key: string | undefined;
  laneNow: LaneOf | undefined;
  resolve: (lane: TaskLane) => void;
}
