import { ManualClock } from '../../common/clock';
import { MemoryCallCounter } from '../budget/call-counter';
import { UpstreamBudget } from '../budget/upstream-budget';
import type { BoardConfig } from '../config/board-config';
import { BackgroundReads, CONCURRENT_READS, FAILED_READ_BACKOFF_MS } from './background-reads';

describe('BackgroundReads', () => {
  let clock: ManualClock;
  let budget: UpstreamBudget;
  let reads: BackgroundReads;

  beforeEach(() => {
    clock = new ManualClock('2026-11-22T10:00:00Z');
    const config = { platformMaxCallsPerHour: 40, cacheTtlMs: 300_000 } as BoardConfig;
    budget = new UpstreamBudget(config, clock, new MemoryCallCounter());
    reads = new BackgroundReads(budget, clock);
  });

  /** A read that takes one call from the budget, as a platform call does, and counts itself. */
  const calls: string[] = [];
  const read = (name: string) => async () => {
    await budget.admit();
    calls.push(name);
  };
  afterEach(() => calls.splice(0));

  it('starts a read asked for later only while no other read waits', async () => {
    // Every slot busy, then bills asked for before the conversations.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    for (let i = 0; i < CONCURRENT_READS; i++) reads.request(`busy-${i}`, () => held);
    for (let i = 0; i < 3; i++) reads.request(`bill-${i}`, read(`bill-${i}`), 'later');
    for (let i = 0; i < 3; i++) reads.request(`facts-${i}`, read(`facts-${i}`));
    // Asking again for a bill, even without `later`, does not move it ahead.
    reads.request('bill-0', read('bill-0'));
    release();
    await reads.idle();
    expect(calls).toEqual(['facts-0', 'facts-1', 'facts-2', 'bill-0', 'bill-1', 'bill-2']);
  });

  it('runs each key once however often it is asked for, a few at a time, as background work', async () => {
    let running = 0;
    let most = 0;
    let background = true;
    for (let i = 0; i < 3 * CONCURRENT_READS; i++) {
      for (let again = 0; again < 3; again++) {
        reads.request(`key-${i}`, async () => {
          running += 1;
          most = Math.max(most, running);
          background &&= budget.inBackground;
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          calls.push(`key-${i}`);
        });
      }
    }
    expect(reads.size).toBe(3 * CONCURRENT_READS);
    await reads.idle();
    expect(calls).toHaveLength(3 * CONCURRENT_READS);
    expect(new Set(calls).size).toBe(3 * CONCURRENT_READS);
    expect(most).toBe(CONCURRENT_READS);
    expect(background).toBe(true);
  });

  it('stops at the background share of the budget, and shuts until the budget admits calls again', async () => {
    for (let i = 0; i < 40; i++) reads.request(`key-${i}`, read(`key-${i}`));
    await reads.idle();
    // Enrichment reads leave 40 % of the hour to others; the rest of the queue was dropped.
    expect(calls).toHaveLength(24);
    expect(reads.size).toBe(0);
    reads.request('late', read('late'));
    expect(reads.size).toBe(0);
    // Other background work (a snapshot) and a viewer's call still find their share.
    await expect(budget.background(() => budget.admit())).resolves.toBeUndefined();
    await expect(budget.admit()).resolves.toBeUndefined();

    clock.advance(60 * 60_000);
    reads.request('late', read('late'));
    await reads.idle();
    expect(calls).toContain('late');
  });

  it('asks for a read that failed again only after a backoff', async () => {
    let attempts = 0;
    const failing = () => {
      attempts += 1;
      return Promise.reject(new Error('platform answered 500'));
    };
    reads.request('flaky', failing);
    await reads.idle();
    reads.request('flaky', failing);
    await reads.idle();
    expect(attempts).toBe(1);
    clock.advance(FAILED_READ_BACKOFF_MS);
    reads.request('flaky', failing);
    await reads.idle();
    expect(attempts).toBe(2);
  });

  it('tells an answer built before reads finished that there is news, once none are left', async () => {
    const before = reads.mark();
    expect(reads.hasNews(before)).toBe(false);
    let release!: () => void;
    reads.request('slow', () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.hasNews(before)).toBe(false);
    release();
    await reads.idle();
    expect(reads.hasNews(before)).toBe(true);
    expect(reads.hasNews(reads.mark())).toBe(false);
    // A mark of another replica (an answer shared through Redis) says nothing here.
    expect(reads.hasNews('another-replica:0')).toBe(false);
    expect(reads.hasNews(undefined)).toBe(false);
  });

  it('on shutdown drops what waits, waits for what runs, and starts nothing more', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const finished: string[] = [];
    for (let i = 0; i < 2 * CONCURRENT_READS; i++) {
      reads.request(`key-${i}`, async () => {
        await gate;
        finished.push(`key-${i}`);
      });
    }
    let closed = false;
    const closing = reads.beforeApplicationShutdown().then(() => (closed = true));
    reads.request('late', read('late'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false); // the running reads are waited for
    release();
    await closing;
    expect(finished).toHaveLength(CONCURRENT_READS);
    expect(reads.size).toBe(0);
    expect(calls).toEqual([]);
  });
});
