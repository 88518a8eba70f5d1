import { ManualClock } from '../../common/clock';
import type { BoardConfig } from '../config/board-config';
import { MemoryCallCounter } from './call-counter';
import { BudgetSpentError, UpstreamBudget } from './upstream-budget';

describe('UpstreamBudget', () => {
  const config = { platformMaxCallsPerHour: 100, cacheTtlMs: 300_000 } as BoardConfig;
  let clock: ManualClock;
  let budget: UpstreamBudget;

  beforeEach(() => {
    clock = new ManualClock('2026-11-22T10:00:00Z');
    budget = new UpstreamBudget(config, clock, new MemoryCallCounter());
  });

  async function takeAll(n: number): Promise<number> {
    let taken = 0;
    for (let i = 0; i < n; i++) {
      try {
        await budget.admit();
        taken += 1;
      } catch (error) {
        if (!(error instanceof BudgetSpentError)) throw error;
      }
    }
    return taken;
  }

  it('refuses calls past the hourly limit and gives them back as the hour slides', async () => {
    expect(await takeAll(150)).toBe(100);
    expect((await budget.state()).remaining).toBe(0);
    clock.advance(30 * 60_000);
    expect(await takeAll(10)).toBe(0);
    // The minute of the first calls leaves the window after an hour.
    clock.advance(30 * 60_000);
    expect(await takeAll(150)).toBe(100);
  });

  it('tells when a spent hour admits a call again', async () => {
    // Under the limit: the next minute.
    await takeAll(10);
    expect(new Date(await budget.spentUntil()).toISOString()).toBe('2026-11-22T10:01:00.000Z');
    clock.advance(10 * 60_000);
    await takeAll(200);
    clock.advance(20 * 60_000);
    // 10 calls at 10:00 and 90 at 10:10: the hour has room again once the first leave.
    expect(new Date(await budget.spentUntil()).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    // A platform 429 halves the limit, but its pressure eases after a calm minute: the
    // budget may admit calls by then.
    budget.noteStatus(429);
    expect(new Date(await budget.spentUntil()).toISOString()).toBe('2026-11-22T10:31:00.000Z');
  });

  it('keeps a reserve for pages people view: background work stops at three quarters', async () => {
    const background = await budget.background(() => takeAll(100));
    expect(background).toBe(75);
    expect(await takeAll(100)).toBe(25);
  });

  it('stretches the cache life as the hour fills', async () => {
    expect(budget.effectiveTtlMs()).toBe(300_000);
    await takeAll(75);
    expect(budget.effectiveTtlMs()).toBe(600_000);
    await takeAll(15);
    expect(budget.effectiveTtlMs()).toBe(1_200_000);
  });

  it('halves the limit on a 429, spreads calls over the minutes, and recovers when calm', async () => {
    budget.noteStatus(429);
    expect(budget.effectiveLimit()).toBe(50);
    expect(budget.stretch()).toBe(2);
    // 50 an hour is one call a minute while the pressure lasts.
    expect(await takeAll(5)).toBe(1);
    budget.noteStatus(429);
    expect(budget.effectiveLimit()).toBe(25);
    clock.advance(60_000);
    expect(budget.effectiveLimit()).toBe(50);
    clock.advance(60_000);
    expect(budget.effectiveLimit()).toBe(100);
    expect(await takeAll(5)).toBe(5);
  });

  it('is never exceeded by concurrent callers', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 300 }, () => budget.admit()));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(100);
    expect(budget.counts).toEqual({ made: 100, refused: 200 });
  });

  it("lets a viewer boost background work it waits for: its further calls are the viewer's", async () => {
    let work: ReturnType<UpstreamBudget['currentWork']>;
    const lanes: boolean[] = [];
    let resume!: () => void;
    const running = budget.background(async () => {
      work = budget.currentWork();
      lanes.push(budget.inBackground);
      await new Promise<void>((resolve) => (resume = resolve));
      lanes.push(budget.inBackground);
    });
    await Promise.resolve();
    expect(budget.currentWork()).toBeUndefined();
    // Background work cannot boost other background work.
    await budget.background(() => Promise.resolve(budget.boost(work)));
    expect(work!.boosted).toBe(false);
    budget.boost(work);
    resume();
    await running;
    expect(lanes).toEqual([true, false]);
  });

  it("runs a reserved part in its caller's lane and keeps its reserve either way", async () => {
    const seen = () => ({ waited: budget.waitedFor, reserve: budget.inBackground });
    // A part of a viewer's read: the viewer waits for it, and it keeps its reserve.
    expect(await budget.reserved(() => Promise.resolve(seen()), 0.5)).toEqual({
      waited: true,
      reserve: true,
    });
    // A part of background work: background until a viewer joins the enclosing work.
    let outer: ReturnType<UpstreamBudget['currentWork']>;
    let resume!: () => void;
    const lanes: Array<ReturnType<typeof seen>> = [];
    const running = budget.background(() => {
      outer = budget.currentWork();
      return budget.reserved(async () => {
        lanes.push(seen());
        await new Promise<void>((resolve) => (resume = resolve));
        lanes.push(seen());
      }, 0.5);
    });
    await Promise.resolve();
    const listener = jest.fn();
    budget.onBoost(listener);
    budget.boost(outer);
    budget.boost(outer); // once joined, joining again tells nobody
    expect(listener).toHaveBeenCalledTimes(1);
    resume();
    await running;
    expect(lanes).toEqual([
      { waited: false, reserve: true },
      { waited: true, reserve: true },
    ]);
  });
});
