import type { Organization } from '@shared/board/entities';
import { SchedulerRegistry } from '@nestjs/schedule';
import { SnapshotService } from '../server/board/credits/snapshot.service';
import { BoardSchedule, SNAPSHOT_JOB } from '../server/board/schedule/board-schedule';
import { CreditsService } from '../server/forge/credits/credits.service';
import { startBoard } from './board-harness';
import { HarnessForge, startForge } from './forge-harness';

describe('credit snapshot schedule', () => {
  let forge: HarnessForge;

  beforeAll(async () => {
    forge = await startForge();
  }, 120_000);
  afterAll(() => forge?.stop(), 30_000);

  it('registers the hourly @Cron job, re-timed from SNAPSHOT_CRON, and no timer at all when not scheduling', async () => {
    const platform = { baseUrl: forge.baseUrl, token: forge.adminToken };
    const scheduled = await startBoard(platform, {
      schedule: true,
      env: { SNAPSHOT_CRON: '*/15 * * * *' },
    });
    const driven = await startBoard(platform);
    try {
      const job = scheduled.get(SchedulerRegistry).getCronJob(SNAPSHOT_JOB);
      expect(job.isActive).toBe(true);
      expect(job.cronTime.source).toBe('*/15 * * * *');
      expect(job.cronTime.timeZone).toBe('UTC');
      expect(job.nextDate().toUTC().minute % 15).toBe(0);
      // The start-up snapshot ran before the board listened.
      const orgs = (await (await fetch(`${scheduled.url}/api/orgs`)).json()) as Organization[];
      expect(orgs.every((o) => o.credits_balance !== null)).toBe(true);

      // Without the schedule there is no scheduler, and nothing runs by itself.
      expect(() => driven.get(BoardSchedule)).toThrow();
      expect(() => driven.get(SchedulerRegistry)).toThrow();
      const intervals = scheduled.get(SchedulerRegistry).getIntervals();
      expect(intervals.sort()).toEqual(['alerts-deliver', 'alerts-evaluate', 'sync-cycle']);
    } finally {
      await scheduled.stop();
      await driven.stop();
    }
  });

  it('shows the new balance on /api/orgs right after the hourly run, without waiting for the TTL', async () => {
    const board = await startBoard({ baseUrl: forge.baseUrl, token: forge.adminToken });
    try {
      const snapshots = board.get(SnapshotService);
      await snapshots.recordScheduled();
      const before = (await (await fetch(`${board.url}/api/orgs`)).json()) as Organization[];
      const org = before[0];
      expect(org.credits_balance).not.toBeNull();

      const topped = forge.app.get(CreditsService).topUp(org.slug, 1234, 'test top-up');
      expect(topped).toBeCloseTo(org.credits_balance! + 1234, 2);
      board.clock.advance(60_000); // a minute: far inside the cache's five
      await snapshots.recordScheduled();

      const after = await fetch(`${board.url}/api/orgs`);
      expect(after.headers.get('x-cache')).toBe('MISS');
      const card = ((await after.json()) as Organization[]).find((o) => o.slug === org.slug)!;
      expect(card.credits_balance).toBeCloseTo(topped, 2);
    } finally {
      await board.stop();
    }
  });
});
