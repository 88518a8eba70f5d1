import { ManualClock } from '../../common/clock';
import { loadBoardConfig } from '../config/board-config';
import { MissLimiter } from './miss-limiter';

describe('MissLimiter', () => {
  it('allows the configured misses per client and minute, on the injected clock', () => {
    const clock = new ManualClock('2026-11-22T10:00:10Z');
    const limiter = new MissLimiter(loadBoardConfig({ ANON_MISSES_PER_MINUTE: '3' }), clock);
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(50); // seconds until 10:01:00
    expect(limiter.take('b')).toBe(0);
    clock.advance(50_000);
    expect(limiter.take('a')).toBe(0);
  });

  it('keeps 50,000 addresses, forgetting the least recent one first', () => {
    const clock = new ManualClock('2026-11-22T10:00:10Z');
    const limiter = new MissLimiter(loadBoardConfig({ ANON_MISSES_PER_MINUTE: '1' }), clock);
    expect(limiter.take('first')).toBe(0);
    expect(limiter.take('first')).toBeGreaterThan(0);
    for (let i = 1; i < 50_000; i++) limiter.take(`client-${i}`);
    // Still within the bound: the first address is remembered and still refused.
    expect(limiter.take('first')).toBeGreaterThan(0);
    // 50,001 addresses: the least recent (client-1) goes, the first one is kept.
    limiter.take('one-more');
    expect(limiter.take('client-1')).toBe(0);
    expect(limiter.take('first')).toBeGreaterThan(0);
  });

  it('never refuses when turned off', () => {
    const limiter = new MissLimiter(
      loadBoardConfig({ ANON_MISSES_PER_MINUTE: '0' }),
      new ManualClock('2026-11-22T10:00:00Z'),
    );
    expect(Array.from({ length: 1000 }, () => limiter.take('a')).every((w) => w === 0)).toBe(true);
  });
});
