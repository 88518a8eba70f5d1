import { Injectable } from '@nestjs/common';
import { spendingSteps } from '@shared/board/credits';
import type { Issue } from '@shared/board/entities';
import { toIssue } from '@shared/board/mappers';
import { isNpcIssue, isNpcUser } from '@shared/board/npc';
import { mean, percentile } from '@shared/board/stats';
import { Clock } from '../../common/clock';
import { OrgsService } from '../orgs/orgs.service';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';
import { isSecret } from '@shared/board/mappers';
import { AdminOverview, ResponseTimeFigures } from '@shared/board/admin';

const DAY_MS = 86_400_000;

/**
 * Completion rate, NPC response time and the two rankings
 * (docs/architecture.md#admin-overview-figures).
 */
@Injectable()
export class OverviewService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly orgs: OrgsService,
    private readonly store: BoardStore,
    private readonly clock: Clock,
  ) {}

  /** All figures over the last `days` days (UTC), each with its sample size. */
  async overview(days: 7 | 30): Promise<AdminOverview> {
    const now = this.clock.now();
    const from = new Date(now.getTime() - days * DAY_MS);
    const orgs = await this.orgs.coveredOrgs();
    const ctx = this.orgs.mapContext;

    const issueLists = await Promise.all(orgs.map((org) => this.platform.listOrgIssues(org)));
    const inWindow = issueLists
      .flat()
      .flatMap((raw) => (raw.repo ? [toIssue(raw, raw.repo.path, ctx)] : []))
      .filter((issue) => isNpcIssue(issue) && Date.parse(issue.created_at) >= from.getTime());
    const closed = inWindow.filter((i) => i.state === 'closed').length;

    const [responses, creditRanking, activity] = await Promise.all([
      this.responseTimes(inWindow.filter((i) => i.assignees.some((a) => a.is_npc))),
      this.creditRanking(orgs, from),
      this.activityRanking(orgs, from),
    ]);
    return {
      days,
      window: { from: from.toISOString(), to: now.toISOString() },
      completion: {
        created: inWindow.length,
        closed,
        rate: inWindow.length === 0 ? null : closed / inWindow.length,
      },
      response_time: responses,
      credit_ranking: creditRanking,
      activity_ranking: activity.ranking,
      activity_unavailable: activity.unavailable,
    };
  }

  /** Time from creation to the first comment by an NPC, overall and per assigned NPC. */
  private async responseTimes(issues: Issue[]): Promise<AdminOverview['response_time']> {
    const measured = await Promise.all(
      issues.map(async (issue) => {
        const comments = await this.platform.listComments(
          issue.repository.full_name,
          issue.number,
          {
            sort: 'created_at',
          },
        );
        const npcs = new Set(issue.assignees.filter((a) => a.is_npc).map((a) => a.username));
        const ctx = this.orgs.mapContext;
        const first = comments
          .filter((c) => c.author && isNpcUser(c.author, ctx.npcHandles))
          .map((c) => Date.parse(c.created_at))
          .sort((a, b) => a - b)[0];
        const seconds = first === undefined ? null : (first - Date.parse(issue.created_at)) / 1000;
        return { npcs: [...npcs], seconds };
      }),
    );
    const byNpc = new Map<string, (number | null)[]>();
    for (const m of measured) {
      for (const npc of m.npcs) byNpc.set(npc, [...(byNpc.get(npc) ?? []), m.seconds]);
    }
    return {
      ...figures(measured.map((m) => m.seconds)),
      by_npc: [...byNpc]
        .map(([npc, values]) => ({ npc, ...figures(values) }))
        .sort((a, b) => a.npc.localeCompare(b.npc)),
    };
  }

  /** Organizations by credits spent in the window (snapshot decreases; top-ups excluded). */
  private async creditRanking(
    orgs: string[],
    from: Date,
  ): Promise<AdminOverview['credit_ranking']> {
    const snapshots = await this.store.listSnapshots(orgs, from);
    return orgs
      .map((org) => {
        const own = snapshots.filter((s) => s.org_slug === org);
        const consumed = spendingSteps(own).reduce((sum, step) => sum + step.spent, 0);
        return { org_slug: org, consumed: Math.round(consumed * 100) / 100, snapshots: own.length };
      })
      .sort((a, b) => b.consumed - a.consumed || a.org_slug.localeCompare(b.org_slug));
  }

  /** Repositories by commits in the window, from the commits list with `since`. */
  private async activityRanking(
    orgs: string[],
    from: Date,
  ): Promise<{ ranking: AdminOverview['activity_ranking']; unavailable: string[] }> {
    const repos = (await Promise.all(orgs.map((org) => this.platform.listRepos(org))))
      .flat()
      .filter((r) => !isSecret(r))
      .map((r) => r.path);
    const counts = await Promise.all(
      repos.map(async (repo) => {
        try {
          const commits = await this.platform.listCommits(repo, { since: from.toISOString() });
          return { repo, commits: commits.length };
        } catch {
          return { repo, commits: null };
        }
      }),
    );
    return {
      ranking: counts
        .filter((c): c is { repo: string; commits: number } => c.commits !== null)
        .sort((a, b) => b.commits - a.commits || a.repo.localeCompare(b.repo)),
      unavailable: counts.filter((c) => c.commits === null).map((c) => c.repo),
    };
  }
}

function figures(values: readonly (number | null)[]): ResponseTimeFigures {
  const answered = values.filter((v): v is number => v !== null);
  const round = (v: number | null): number | null => (v === null ? null : Math.round(v));
  return {
    answered: answered.length,
    waiting: values.length - answered.length,
    average_seconds: round(mean(answered)),
    p95_seconds: round(percentile(answered, 0.95)),
  };
}
