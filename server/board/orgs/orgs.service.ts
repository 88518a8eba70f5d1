import { Clock } from '../../common/clock';
import { IssueMirror } from '../sync/issue-mirror';
import { DataAge } from '../budget/data-age';
import { trackFreshness } from '../cache/freshness';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CreditSnapshot, Organization } from '@shared/board/entities';
import { issueCounts } from '@shared/board/columns';
import { isNpcIssue } from '@shared/board/npc';
import { isSecret, MapContext, organizationName, toIssue } from '@shared/board/mappers';
import type { PlatformRepository } from '@shared/platform/types';
import { byName } from '@shared/board/text-order';
import { DomainError, NotFoundError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardConfig } from '../config/board-config';
import { PLATFORM_CONNECTION, PlatformConnection } from '../connection/platform-connection';
import { NpcWorkService } from '../sync/npc-work.service';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';

/**
 * The one answer for a repository or issue the board cannot show, whatever the cause, so
 * that missing, private and secret look alike. `what` is kept for logs, not shown.
 */
export const UNREADABLE_MESSAGE = 'No repository or issue at this address that this board can show';

function unreadable(what: string): NotFoundError {
  return new NotFoundError(UNREADABLE_MESSAGE, { what });
}

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
    @Inject(PLATFORM_CONNECTION) private readonly connection: PlatformConnection,
    private readonly work: NpcWorkService,
    private readonly ages: DataAge,
    private readonly clock: Clock,
    private readonly mirror: IssueMirror,
  ) {}

  /** What the mappers need: NPC handles and the platform's web address. */
  get mapContext(): MapContext {
    const webUrl = this.connection.available ? this.connection.webUrl : '';
    return { npcHandles: this.config.npcHandles, webUrl };
  }

  /** Slugs of the covered organizations: `BOARD_ORGS`, else the token's organizations. */
  async coveredOrgs(): Promise<string[]> {
    if (this.config.boardOrgs) return this.config.boardOrgs;
    const groups = await this.platform.listUserGroups();
    return groups.map((g) => g.path).sort(byName);
  }

  /** Throws NotFound unless `slug` is covered; nothing reaches the platform for others. */
  async assertCovered(slug: string): Promise<void> {
    const covered = await this.coveredOrgs();
    if (!covered.includes(slug)) {
      throw new NotFoundError(
        `Organization "${slug}" is not covered by this board`,
        withCode('unknown_organization', { org: slug }),
      );
    }
  }

  /**
   * Repositories of a covered organization that the public pages show: never secret ones,
   * and only public ones when `BOARD_PUBLIC_ONLY` is set.
   */
  async visibleRepositories(org: string): Promise<PlatformRepository[]> {
    return (await this.platform.listRepos(org)).filter((repo) => this.isVisible(repo));
  }

  /**
   * Throws NotFound unless `org/repo` is a visible repository of a covered organization,
   * decided from the organization's cached repository list: asking for a repository that
   * does not exist costs no platform call.
   */
  async assertRepository(org: string, repo: string): Promise<void> {
    await this.assertCovered(org);
    const fullName = `${org}/${repo}`;
    const repos = await this.visibleRepositories(org);
    if (!repos.some((r) => r.path === fullName)) throw unreadable(fullName);
  }

  /**
   * Run a platform read of one repository or issue; a 403 or 404 from the platform becomes
   * the board's one "not found" message, so whether something exists but is secret or
   * private never shows.
   */
  async readable<T>(what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.kind === 'not_found' || error.kind === 'forbidden')
      ) {
        throw unreadable(what);
      }
      throw error;
    }
  }

  private isVisible(repo: PlatformRepository): boolean {
    if (isSecret(repo)) return false;
    return !this.config.publicOnly || repo.visibility_level === 'Public';
  }

  /** An organization's name as the pages show it; its slug when the platform cannot say. */
  async orgName(slug: string): Promise<string> {
    try {
      return organizationName(await this.platform.getOrganization(slug));
    } catch {
      return slug;
    }
  }

  /** One card per covered organization; one failing organization does not fail the others. */
  async listOrganizations(): Promise<Organization[]> {
    const orgs = await this.coveredOrgs();
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
      this.visibleRepositories(slug),
      this.mirror.orgIssues(slug, { state: 'open' }),
    ]);
    const listed = new Set(repos.map((r) => r.path));
    const ctx = this.mapContext;
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
