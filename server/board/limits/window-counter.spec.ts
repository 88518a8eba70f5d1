import { MemoryWindowCounter } from './window-counter';

const MINUTE = 60_000;
const AT = Date.parse('2026-11-22T10:00:10Z');

describe('MemoryWindowCounter', () => {
  it('counts up to the limit per key and fixed window, then refuses until the window ends', async () => {
    const counter = new MemoryWindowCounter();
    const takes = await Promise.all([1, 2, 3].map(() => counter.take('a', 2, MINUTE, AT)));
    expect(takes.map((t) => t.taken)).toEqual([true, true, false]);
    expect(takes[2].resetAt).toBe(Date.parse('2026-11-22T10:01:00Z'));
    expect((await counter.take('b', 2, MINUTE, AT)).taken).toBe(true);
    expect((await counter.take('a', 2, MINUTE, AT + 49_999)).taken).toBe(false);
    expect((await counter.take('a', 2, MINUTE, AT + 50_000)).taken).toBe(true);
  });

  it('keeps 50,000 keys, forgetting the least recent one first', async () => {
    const counter = new MemoryWindowCounter();
    const take = async (key: string): Promise<boolean> =>
      (await counter.take(key, 1, MINUTE, AT)).taken;
    expect(await take('first')).toBe(true);
    expect(await take('first')).toBe(false);
    for (let i = 1; i < 50_000; i++) await take(`client-${i}`);
    // Still within the bound: the first key is remembered and still refused.
    expect(await take('first')).toBe(false);
    // 50,001 keys: the least recent (client-1) goes, the first one is kept.
    await take('one-more');
    expect(await take('client-1')).toBe(true);
    expect(await take('first')).toBe(false);
  });
});
