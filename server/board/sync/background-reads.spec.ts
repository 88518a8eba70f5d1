import { ManualClock } from '../../common/clock';
import { MemoryCallCounter } from '../budget/call-counter';
import { UpstreamBudget } from '../budget/upstream-budget';
import type { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import {
  BackgroundReads,
  CONCURRENT_READS,
  FAILED_READ_BACKOFF_MS,
  type ReadPriority,
  VIEW_PRIORITY_MS,
} from './background-reads';

describe('BackgroundReads', () => {
  let clock: ManualClock;
  let budget: UpstreamBudget;
  let reads: BackgroundReads;
  let metrics: BoardMetrics;

  beforeEach(() => {
    clock = new ManualClock('2026-11-22T10:00:00Z');
    const config = { platformMaxCallsPerHour: 40, cacheTtlMs: 300_000 } as BoardConfig;
    budget = new UpstreamBudget(config, clock, new MemoryCallCounter());
    metrics = new BoardMetrics();
    reads = new BackgroundReads(budget, clock, metrics);
  });

  /** Asks for `read` under `key` as a read of `repo`'s conversations. */
  const ask = (
    key: string,
    run: () => Promise<unknown>,
    priority?: ReadPriority,
    repo = 'org-a/repo',
  ): void => reads.request(key, run, { enrichment: 'attention', repo, priority });

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
    for (let i = 0; i < CONCURRENT_READS; i++) ask(`busy-${i}`, () => held);
    for (let i = 0; i < 3; i++) ask(`bill-${i}`, read(`bill-${i}`), 'later');
    for (let i = 0; i < 3; i++) ask(`facts-${i}`, read(`facts-${i}`));
    // Asking again for a bill, even without `later`, does not move it ahead.
    ask('bill-0', read('bill-0'));
    release();
    await reads.idle();
    expect(calls).toEqual(['facts-0', 'facts-1', 'facts-2', 'bill-0', 'bill-1', 'bill-2']);
  });

  it('starts the reads of the organization viewed last first, then organization by organization', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    for (let i = 0; i < CONCURRENT_READS; i++) ask(`busy-${i}`, () => held);
    // The dashboard asks for every organization's reads, a and b first; then b's bills.
    for (const org of ['org-a', 'org-b', 'org-c'])
      for (let i = 0; i < 2; i++)
        ask(`${org}-${i}`, read(`${org}-${i}`), 'now', `${org}/repo-${i}`);
    ask('org-b-bill', read('org-b-bill'), 'later', 'org-b/repo-0');
    ask('org-a-bill', read('org-a-bill'), 'later', 'org-a/repo-0');
    // A viewer opens org-c's task board, then org-b's.
    reads.viewing('org-c');
    reads.viewing('org-b');
    release();
    await reads.idle();
    expect(calls).toEqual([
      // the last view first, its bill included, then the view before it
      'org-b-0',
      'org-b-1',
      'org-b-bill',
      'org-c-0',
      'org-c-1',
      // then the others in the order asked, every conversation before any other bill
      'org-a-0',
      'org-a-1',
      'org-a-bill',
    ]);
  });

  it('lets a view lapse after a minute', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    for (let i = 0; i < CONCURRENT_READS; i++) ask(`busy-${i}`, () => held);
    ask('org-a', read('org-a'), 'now', 'org-a/repo');
    ask('org-b', read('org-b'), 'now', 'org-b/repo');
    reads.viewing('org-b');
    clock.advance(VIEW_PRIORITY_MS + 1);
    release();
    await reads.idle();
    expect(calls).toEqual(['org-a', 'org-b']);
  });

  it('counts the reads asked for, done, failed and dropped by enrichment and organization', async () => {
    const count = async (outcome: string, org = 'org-a') =>
      (await metrics.backgroundReads.get()).values.find(
        (v) =>
          v.labels.outcome === outcome &&
          v.labels.org === org &&
          v.labels.enrichment === 'attention',
      )?.value ?? 0;
    ask('one', read('one'));
    ask('one', read('one')); // asked once
    ask('two', () => Promise.reject(new Error('platform answered 500')));
    ask('three', read('three'), 'now', 'org-b/repo');
    await reads.idle();
    expect(await count('asked')).toBe(2);
    expect(await count('done')).toBe(1);
    expect(await count('failed')).toBe(1);
    expect(await count('done', 'org-b')).toBe(1);
    for (let i = 0; i < 2 * CONCURRENT_READS; i++) ask(`wait-${i}`, () => new Promise(() => {}));
    void reads.beforeApplicationShutdown();
    expect(await count('dropped')).toBe(CONCURRENT_READS);
  });

  it('runs each key once however often it is asked for, a few at a time, as background work', async () => {
    let running = 0;
    let most = 0;
    let background = true;
    for (let i = 0; i < 3 * CONCURRENT_READS; i++) {
      for (let again = 0; again < 3; again++) {
        ask(`key-${i}`, async () => {
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
    for (let i = 0; i < 40; i++) ask(`key-${i}`, read(`key-${i}`));
    await reads.idle();
    // Enrichment reads leave 40 % of the hour to others; the rest of the queue was dropped.
    expect(calls).toHaveLength(24);
    expect(reads.size).toBe(0);
    ask('late', read('late'));
    expect(reads.size).toBe(0);
    // Other background work (a snapshot) and a viewer's call still find their share.
    await expect(budget.background(() => budget.admit())).resolves.toBeUndefined();
    await expect(budget.admit()).resolves.toBeUndefined();

    clock.advance(60 * 60_000);
    ask('late', read('late'));
    await reads.idle();
    expect(calls).toContain('late');
  });

  it('asks for a read that failed again only after a backoff', async () => {
    let attempts = 0;
    const failing = () => {
      attempts += 1;
      return Promise.reject(new Error('platform answered 500'));
    };
    ask('flaky', failing);
    await reads.idle();
    ask('flaky', failing);
    await reads.idle();
    expect(attempts).toBe(1);
    clock.advance(FAILED_READ_BACKOFF_MS);
    ask('flaky', failing);
    await reads.idle();
    expect(attempts).toBe(2);
  });

  it('tells an answer built before reads finished that there is news, once none are left', async () => {
    const before = reads.mark();
    expect(reads.hasNews(before)).toBe(false);
    let release!: () => void;
    ask('slow', () => new Promise<void>((resolve) => (release = resolve)));
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
      ask(`key-${i}`, async () => {
        await gate;
        finished.push(`key-${i}`);
      });
    }
    let closed = false;
    const closing = reads.beforeApplicationShutdown().then(() => (closed = true));
    ask('late', read('late'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false); // the running reads are waited for
    release();
    await closing;
    expect(finished).toHaveLength(CONCURRENT_READS);
    expect(reads.size).toBe(0);
    expect(calls).toEqual([]);
  });
});
