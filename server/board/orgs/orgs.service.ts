import { Clock } from '../../common/clock';
import { IssueMirror } from '../sync/issue-mirror';
import { DataAge } from '../budget/data-age';
import { trackFreshness } from '../cache/freshness';
import { Injectable, Logger } from '@nestjs/common';
import type { CreditSnapshot, Organization } from '@shared/board/entities';
import { issueCounts } from '@shared/board/columns';
import { isNpcIssue } from '@shared/board/npc';
import { organizationName, toIssue } from '@shared/board/mappers';
import { BoardConfig } from '../config/board-config';
import { NpcWorkService } from '../sync/npc-work.service';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';
import { Coverage } from '../scope/coverage.service';

/**
 * The organizations the board covers, and their cards: details, repository count, issue
 * counts and latest recorded balance, fetched for every organization in parallel.
 */
@Injectable()
export class OrgsService {
  private readonly logger = new Logger(OrgsService.name);

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    private readonly store: BoardStore,
    private readonly work: NpcWorkService,
    private readonly ages: DataAge,
    private readonly clock: Clock,
    private readonly mirror: IssueMirror,
    private readonly coverage: Coverage,
  ) {}

  /** One card per covered organization; one failing organization does not fail the others. */
  async listOrganizations(): Promise<Organization[]> {
    const orgs = await this.coverage.coveredOrgs();
    const balances = new Map((await this.latestBalances(orgs)).map((s) => [s.org_slug, s]));
    const results = await Promise.allSettled(orgs.map((org) => this.card(org)));
    const failures = results.filter((r) => r.status === 'rejected');
    // With nothing to show, fail the route so the cache can answer with its last good copy.
    if (orgs.length > 0 && failures.length === orgs.length) throw failures[0].reason;

    return results.map((result, i) => {
      const slug = orgs[i];
      const snapshot = balances.get(slug);
      const credits = {
        credits_balance: snapshot?.balance ?? null,
        credits_recorded_at: snapshot?.recorded_at ?? null,
      };
      if (result.status === 'fulfilled') return { ...result.value, ...credits };
      const message = (result.reason as Error).message;
      this.logger.warn(`Organization ${slug}: ${message}`);
      return {
        slug,
        name: slug,
        avatar_url: '',
        repo_count: 0,
        open_issue_count: 0,
        active_issue_count: 0,
        stuck_count: 0,
        overdue_count: 0,
        ...credits,
        error: message,
      };
    });
  }

  /** Latest snapshots; without the store (Redis restarting) the cards show no balance. */
  private async latestBalances(orgs: string[]): Promise<CreditSnapshot[]> {
    try {
      return await this.store.latestSnapshots(orgs);
    } catch (error) {
      this.logger.warn(`No balances from the store: ${(error as Error).message}`);
      return [];
    }
  }

  /** One organization's card; the age of its oldest datum is recorded for `/metrics`. */
  private async card(
    slug: string,
  ): Promise<Omit<Organization, 'credits_balance' | 'credits_recorded_at'>> {
    const { result, oldest } = await trackFreshness(() => this.buildCard(slug));
    this.ages.note(slug, oldest ?? this.clock.now().getTime());
    return result;
  }

  private async buildCard(
    slug: string,
  ): Promise<Omit<Organization, 'credits_balance' | 'credits_recorded_at'>> {
    const [org, repos, issues] = await Promise.all([
      this.platform.getOrganization(slug),
      this.coverage.visibleRepositories(slug),
      this.mirror.orgIssues(slug, { state: 'open' }),
    ]);
    const listed = new Set(repos.map((r) => r.path));
    const ctx = this.coverage.mapContext;
    const { issues: shown, pending } = await this.work.annotateKnown(
      issues.flatMap((raw) => {
        const repo = raw.repo?.path;
        return repo && listed.has(repo) ? [toIssue(raw, repo, ctx)] : [];
      }),
    );
    const counted = shown.map((issue) => ({
      state: issue.state,
      column: issue.column,
      npc: isNpcIssue(issue),
    }));
    return {
      slug,
      name: organizationName(org),
      avatar_url: org.avatar ?? '',
      repo_count: listed.size,
      ...issueCounts(counted),
      // Counted once every issue's signals are known: a part count would mislead.
      stuck_count: pending ? null : shown.filter((i) => i.attention?.reason === 'stuck').length,
      overdue_count: pending ? null : shown.filter((i) => i.attention?.reason === 'overdue').length,
    };
  }
}
