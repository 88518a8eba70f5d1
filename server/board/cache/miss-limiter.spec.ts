import { ManualClock } from '../../common/clock';
import { loadBoardConfig } from '../config/board-config';
import { MemoryWindowCounter } from '../limits/window-counter';
import { BoardMetrics } from '../metrics/board-metrics';
import { MissLimiter } from './miss-limiter';

const NOBODY_EXEMPT = { exempt: () => false };

describe('MissLimiter', () => {
  it('allows the configured misses per client and minute, on the injected clock', async () => {
    const clock = new ManualClock('2026-11-22T10:00:10Z');
    const limiter = new MissLimiter(
      loadBoardConfig({ ANON_MISSES_PER_MINUTE: '3' }),
      clock,
      new MemoryWindowCounter(),
      NOBODY_EXEMPT,
      new BoardMetrics(),
    );
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(await limiter.take('a'));
    expect(taken).toEqual([0, 0, 0]);
    expect(await limiter.take('a')).toBe(50); // seconds until 10:01:00
    expect(await limiter.take('b')).toBe(0);
    clock.advance(50_000);
    expect(await limiter.take('a')).toBe(0);
  });

  it('never refuses when turned off', async () => {
    const limiter = new MissLimiter(
      loadBoardConfig({ ANON_MISSES_PER_MINUTE: '0' }),
      new ManualClock('2026-11-22T10:00:00Z'),
      new MemoryWindowCounter(),
      NOBODY_EXEMPT,
      new BoardMetrics(),
    );
    const waits = await Promise.all(Array.from({ length: 1000 }, () => limiter.take('a')));
    expect(waits.every((w) => w === 0)).toBe(true);
  });
});
