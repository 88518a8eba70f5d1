import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { BoardConfig } from '../config/board-config';
import { CallCounter, WINDOW_MINUTES } from './call-counter';

const MINUTE_MS = 60_000;
/** Share of the hour's budget that only what people are looking at may spend. */
export const BACKGROUND_RESERVE = 0.25;
/**
 * Share that enrichment reads (`BackgroundReads`) leave to others: the viewers' reserve
 * and room for the hourly snapshot and alert evaluation above it.
 */
export const ENRICHMENT_RESERVE = 0.4;
/** Most a platform 429 divides the budget by. */
export const MAX_PRESSURE = 16;
/** Calm time after which the pressure of a 429 halves. */
export const RECOVERY_MS = MINUTE_MS;
/** Most the cache life is stretched by. */
export const MAX_STRETCH = 16;

/** Work run by `UpstreamBudget.background`. */
export interface BackgroundWork {
  /** The share of the hour it leaves to others. */
  readonly reserve: number;
  /** Set once a viewer waits for it. */
  boosted: boolean;
  /**
   * The work it is a part of (`reserved`): a viewer who waits for that waits for this too.
   * Absent for work of its own, and for a part of a viewer's read (`forViewer`).
   */
  readonly within?: BackgroundWork;
  /** A part of a viewer's read that keeps a reserve (`reserved`): a viewer waits for it. */
  readonly forViewer?: boolean;
  /**
   * Refreshing ahead: a cached upstream answer counts as fresh only if it still is at this
   * time (epoch ms), so what the work builds stays fresh until then.
   */
  readonly freshUntil?: number;
}

/** A platform call the budget refused: no request was sent. */
export class BudgetSpentError extends Error {
  constructor(
    readonly reason: 'hour' | 'minute' | 'background',
    readonly retryAfterMs: number,
  ) {
    super(
      reason === 'background'
        ? 'background refreshes wait: the rest of the hour is kept for pages people are viewing'
        : `the board's platform call budget is spent for this ${reason}`,
    );
  }
}

export interface BudgetState {
  /** PLATFORM_MAX_CALLS_PER_HOUR. */
  limit: number;
  /** The limit after a platform 429 lowered it. */
  effectiveLimit: number;
  /** Calls counted in the last hour (every replica's, with Redis). */
  used: number;
  remaining: number;
  /** What a 429 divided the limit by (1: no pressure). */
  pressure: number;
  /** What the cache life is multiplied by now. */
  stretch: number;
}

/**
 * The upstream call budget (docs/architecture.md#the-upstream-budget): every platform call
 * takes one from a count of the last hour, shared by every replica through Redis when there
 * is one. Calls made for a page someone is viewing may spend the whole budget; background
 * work (alert evaluations, snapshots) only what is left above a reserve. As the hour's use
 * nears the limit, cached data is kept fresh for longer (`effectiveTtlMs`), so the board
 * refreshes less instead of failing. A 429 from the platform halves the limit (and caps the
 * calls per minute) until a calm minute passes, each calm minute restoring half.
 */
@Injectable()
export class UpstreamBudget {
  private readonly logger = new Logger(UpstreamBudget.name);
  /** The background work the current call belongs to, if any. */
  private readonly scope = new AsyncLocalStorage<BackgroundWork>();
  private pressure = 1;
  private pressureAt = 0;
  /** Window use as last seen (a take, or a metrics read). */
  private lastUsed = 0;
  private made = 0;
  private refused = 0;
  private readonly boostListeners: Array<() => void> = [];

  constructor(
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly counter: CallCounter,
  ) {}

  get limit(): number {
    return this.config.platformMaxCallsPerHour;
  }

  /** Calls this replica made, and those the budget refused, since start. */
  get counts(): { made: number; refused: number } {
    return { made: this.made, refused: this.refused };
  }

  /**
   * Run `work` as a background refresh: its calls leave `reserve` of the hour (at least
   * the viewers' quarter) to others.
   */
  background<T>(
    work: () => Promise<T>,
    reserve = BACKGROUND_RESERVE,
    options: { freshUntil?: number } = {},
  ): Promise<T> {
    return this.scope.run(
      { reserve: Math.max(reserve, BACKGROUND_RESERVE), boosted: false, ...options },
      work,
    );
  }

  /**
   * Run `work` as a part of the current read whose calls leave `reserve` of the hour to
   * others (a sweep within a refresh): a part of background work runs as background work,
   * one of a viewer's read keeps the viewer's connection lane, and a viewer who joins the
   * enclosing work waits for this part too (`waitedFor`).
   */
  reserved<T>(work: () => Promise<T>, reserve: number): Promise<T> {
    const within = this.scope.getStore();
    return this.scope.run(
      {
        reserve: Math.max(reserve, BACKGROUND_RESERVE),
        boosted: false,
        ...(within ? { within, freshUntil: within.freshUntil } : { forViewer: true }),
      },
      work,
    );
  }

  /**
   * Whether the current call leaves its work's reserve of the hour to others: a call of
   * `background` or `reserved` work that no viewer has joined (`boost`).
   */
  get inBackground(): boolean {
    const work = this.scope.getStore();
    return work !== undefined && !work.boosted;
  }

  /**
   * Whether a viewer waits for the current call: a viewer's own, one of background work a
   * viewer joined, or one of a part of either (`reserved`). Its connection lane.
   */
  get waitedFor(): boolean {
    let work = this.scope.getStore();
    if (!work) return true; // a viewer's own call
    for (; work; work = work.within) if (work.boosted || work.forViewer) return true;
    return false;
  }

  /** The background work the current call belongs to; undefined for a viewer's. */
  currentWork(): BackgroundWork | undefined {
    return this.scope.getStore();
  }

  /**
   * A viewer now waits for `work` (one read shared by both): its further calls are made as
   * the viewer's, with the viewer's budget and connection lane. Called from the viewer's
   * context; from background work it does nothing.
   */
  boost(work: BackgroundWork | undefined): void {
    if (!work || work.boosted || !this.waitedFor) return;
    work.boosted = true;
    for (const listener of this.boostListeners) listener();
  }

  /** Called each time a viewer starts waiting for background work (`boost`). */
  onBoost(listener: () => void): void {
    this.boostListeners.push(listener);
  }

  /** Take one call from the budget or throw `BudgetSpentError` (then no call may be made). */
  async admit(): Promise<void> {
    const now = this.clock.now().getTime();
    const minute = Math.floor(now / MINUTE_MS);
    const limit = this.effectiveLimit(now);
    const background = this.inBackground;
    const allowed = background ? Math.floor(limit * (1 - this.scope.getStore()!.reserve)) : limit;
    // Under pressure the calls are spread over the hour instead of spent in a burst.
    const perMinute =
      this.pressure > 1 ? Math.max(1, Math.ceil(limit / WINDOW_MINUTES)) : Number.MAX_SAFE_INTEGER;
    const result = await this.counter.take(minute, allowed, perMinute);
    this.lastUsed = result.used;
    if (result.taken) {
      this.made += 1;
      return;
    }
    this.refused += 1;
    const reason = background ? 'background' : result.used >= allowed ? 'hour' : 'minute';
    throw new BudgetSpentError(reason, MINUTE_MS - (now % MINUTE_MS));
  }

  /** Every answer's status: a 429 lowers the rate. */
  noteStatus(status: number): void {
    if (status !== 429) return;
    const now = this.clock.now().getTime();
    this.recover(now);
    if (this.pressure < MAX_PRESSURE) {
      this.pressure *= 2;
      this.logger.warn(`The platform answered 429: budget divided by ${this.pressure}`);
    }
    this.pressureAt = now;
  }

  /** The limit after any 429 pressure, at `now`. */
  effectiveLimit(now = this.clock.now().getTime()): number {
    this.recover(now);
    return Math.max(1, Math.floor(this.limit / this.pressure));
  }

  /**
   * What the cache life is multiplied by: the 429 pressure, times 2 past three quarters of
   * the hour's budget and 4 past nine tenths.
   */
  stretch(now = this.clock.now().getTime()): number {
    const limit = this.effectiveLimit(now);
    const share = this.lastUsed / limit;
    const usage = share >= 0.9 ? 4 : share >= 0.75 ? 2 : 1;
    return Math.min(MAX_STRETCH, this.pressure * usage);
  }

  /** `CACHE_TTL_MS`, stretched while the budget is tight. */
  effectiveTtlMs(now?: number): number {
    return this.config.cacheTtlMs * this.stretch(now);
  }

  /** The budget now, read from the shared count. */
  async state(): Promise<BudgetState> {
    const now = this.clock.now().getTime();
    this.lastUsed = await this.counter.used(Math.floor(now / MINUTE_MS));
    const effectiveLimit = this.effectiveLimit(now);
    return {
      limit: this.limit,
      effectiveLimit,
      used: this.lastUsed,
      remaining: Math.max(0, effectiveLimit - this.lastUsed),
      pressure: this.pressure,
      stretch: this.stretch(),
    };
  }

  /**
   * When a call for a page being viewed will be admitted again (epoch ms): the start of the
   * first minute at which enough of the hour's calls have left the window, or the next
   * minute when the hour is not what holds calls back. Calls only add to the count, so no
   * call is admitted earlier, except that the pressure of a 429 eases after a calm spell:
   * then no later than that.
   */
  async spentUntil(): Promise<number> {
    const now = this.clock.now().getTime();
    const minute = Math.floor(now / MINUTE_MS);
    const buckets = await this.counter.perMinute(minute);
    const limit = this.effectiveLimit(now);
    let until = (minute + buckets.length) * MINUTE_MS;
    let left = buckets.reduce((sum, n) => sum + n, 0);
    for (let k = 0; k < buckets.length; k++) {
      if (left < limit) {
        until = (minute + Math.max(1, k)) * MINUTE_MS;
        break;
      }
      left -= buckets[k];
    }
    return this.pressure > 1 ? Math.min(until, this.pressureAt + RECOVERY_MS) : until;
  }

  /** Calls per minute over the last hour, oldest first. */
  perMinute(): Promise<number[]> {
    return this.counter.perMinute(Math.floor(this.clock.now().getTime() / MINUTE_MS));
  }

  private recover(now: number): void {
    while (this.pressure > 1 && now - this.pressureAt >= RECOVERY_MS) {
      this.pressure /= 2;
      this.pressureAt += RECOVERY_MS;
    }
  }
}
