/**
 * The upstream budget shared by replicas through Redis: two boards' budgets, each with its
 * own connection, taking calls at once never pass the hourly limit together, and the hour
 * slides on the injected clock.
 */
import { ManualClock } from '../../server/common/clock';
import { RedisCallCounter } from '../../server/board/budget/call-counter';
import { BudgetSpentError, UpstreamBudget } from '../../server/board/budget/upstream-budget';
import type { BoardConfig } from '../../server/board/config/board-config';
import { RedisConnection } from '../../server/board/redis/redis-connection';
import { startRedis } from './processes';

describe('upstream budget across replicas', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const connections: RedisConnection[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await redis?.stop();
  });

  async function replica(clock: ManualClock, limit: number): Promise<UpstreamBudget> {
    const connection = await RedisConnection.open(redis.url);
    connections.push(connection);
    const config = { platformMaxCallsPerHour: limit, cacheTtlMs: 300_000 } as BoardConfig;
    return new UpstreamBudget(config, clock, new RedisCallCounter(connection));
  }

  it('never lets two replicas together pass the hourly limit', async () => {
    const clock = new ManualClock('2026-11-22T10:00:00Z');
    const [a, b] = [await replica(clock, 120), await replica(clock, 120)];
    const attempt = (budget: UpstreamBudget) =>
      budget.admit().then(
        () => true,
        (error: unknown) => {
          if (error instanceof BudgetSpentError) return false;
          throw error;
        },
      );
    const taken = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt(i % 2 === 0 ? a : b)),
    );
    expect(taken.filter(Boolean)).toHaveLength(120);
    expect((await a.state()).used).toBe(120);
    expect((await b.state()).remaining).toBe(0);
    // Either replica reads from the shared count when a call is admitted again.
    expect(new Date(await a.spentUntil()).toISOString()).toBe('2026-11-22T11:00:00.000Z');

    // An hour later the first minute's calls have left the window.
    clock.advance(3_600_000);
    expect(await attempt(b)).toBe(true);
    expect((await a.state()).used).toBe(1);
  });
});
