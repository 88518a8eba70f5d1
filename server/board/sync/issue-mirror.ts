import { Injectable, Logger } from '@nestjs/common';
import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { DataAge } from '../budget/data-age';
import { FullLoad, organizationLoadCalls } from '../budget/full-load-estimate';
import { SWEEP_RESERVE, sweepDue, sweepPeriodMs, spreadChecks } from '../budget/sweep-plan';
import { type BackgroundWork, UpstreamBudget } from '../budget/upstream-budget';
import { CacheInvalidation } from '../cache/cache-invalidation';
import { noteFetchedAt, trackFreshness } from '../cache/freshness';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import {
  type HeldOrganization,
  type HeldRepository,
  holdIssues,
  type ListingReason,
  merge,
  signalOf,
  unpack,
  withRepo,
} from './held-issues';
import { LIST_PAGE_SIZE } from '../platform/platform-http';
import { PlatformClient } from '../platform/platform-client';
import { PlatformForbiddenError, PlatformNotFoundError } from '../platform/platform.errors';

export type IssueStateFilter = { state?: 'open' | 'closed' };

/**
 * An organization's issues on a platform without an organization-wide issue list
 * (docs/architecture.md#the-refresh-plan). The first read of an organization lists every
 * repository's issues; after that, each time the organization's repository list is read
 * again (once per cache life), only the repositories whose record moved are asked, and
 * only for the issues updated since the newest one held (`order_by=-updated_at`, narrowed
 * by `updated_time_begin`, stopping at that watermark); the answers are merged into the
 * held set. Every `FULL_RESYNC_HOURS` the organization is read in full again, which is
 * when deleted and moved issues leave. Where the platform has the organization-wide list,
 * it is used as before and nothing is held. Unmoved repositories are swept for edits and
 * comments as `budget/sweep-plan.ts` plans.
 */
@Injectable()
export class IssueMirror {
  private readonly logger = new Logger(IssueMirror.name);
  private readonly held = new Map<string, HeldOrganization>();
  /** Refreshes in progress, each with the background work it runs as (if it does). */
  private readonly cycles = new SingleFlight<string, HeldOrganization, BackgroundWork>();
  /** Organizations whose organization-wide list answered (true) or was missing (false). */
  private readonly orgWide = new Map<string, boolean>();

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly ages: DataAge,
    private readonly budget: UpstreamBudget,
    private readonly metrics: BoardMetrics,
    private readonly fullLoad: FullLoad,
    invalidation: CacheInvalidation,
  ) {
    invalidation.onIssuesChanged((repo) => this.touch(repo));
  }

  private get handles(): readonly string[] {
    return this.config.npcHandles;
  }

  /** A write changed the repository's issues: the next refresh reads it whatever its record says. */
  touch(fullName: string): void {
    const held = this.held.get(fullName.split('/')[0])?.repositories.get(fullName);
    if (held) held.signal = '';
  }

  /** Issues of an organization, each with `repo.path`, of every state or of one. */
  async orgIssues(org: string, filter: IssueStateFilter = {}): Promise<PlatformIssue[]> {
    if (this.orgWide.get(org) !== false) {
      try {
        const issues = await this.platform.listOrgIssuesWide(org, filter);
        this.orgWide.set(org, true);
        return issues;
      } catch (error) {
        if (!(error instanceof PlatformNotFoundError)) throw error;
        this.orgWide.set(org, false);
      }
    }
    const held = await this.current(org);
    const issues: PlatformIssue[] = [];
    for (const repository of held.repositories.values()) {
      for (const issue of unpack(repository.packed)) {
        if (matches(issue, filter)) issues.push(issue);
      }
    }
    return issues;
  }

  /** Issues of one repository, from the held set when the organization is held. */
  async repositoryIssues(
    fullName: string,
    filter: IssueStateFilter = {},
  ): Promise<PlatformIssue[]> {
    const [org] = fullName.split('/');
    if (this.orgWide.get(org) === false) {
      const held = await this.current(org);
      const repository = held.repositories.get(fullName);
      if (repository) return unpack(repository.packed).filter((issue) => matches(issue, filter));
    }
    return this.platform.listIssues(fullName, filter.state ? { state: filter.state } : {});
  }

  /** The organization brought up to date with its repository list; the data's age is noted. */
  private async current(org: string): Promise<HeldOrganization> {
    // A viewer joining a refresh that background work started: it goes on as the viewer's.
    this.budget.boost(this.cycles.contextOf(org));
    const held = await this.cycles.run(org, () => this.refresh(org), this.budget.currentWork());
    noteFetchedAt(held.asOf);
    this.ages.note(org, held.asOf);
    return held;
  }

  private async refresh(org: string): Promise<HeldOrganization> {
    const now = this.clock.now().getTime();
    const previous = this.held.get(org);
    const resyncDue = !previous || now - previous.fullAt >= this.config.fullResyncMs;
    // Through the response cache: the board's other reads of the list share it, and its
    // life (stretched while the call budget is tight) paces the refresh.
    const { result: repositories, oldest } = await trackFreshness(() =>
      this.platform.listRepos(org),
    );
    const listedAt = oldest ?? now;
    if (previous?.complete && !resyncDue && previous.asOf === listedAt) return previous;
    // The organization-wide list is asked for again at each resync, in case it appeared.
    if (resyncDue && previous) this.orgWide.delete(org);
    const next: HeldOrganization = {
      repositories: new Map(),
      asOf: listedAt,
      fullAt: resyncDue || !previous ? now : previous.fullAt,
      complete: true,
    };
    const swept =
      previous && !resyncDue
        ? await this.sweepOf(org, repositories, previous, now)
        : new Set<string>();
    const results = await Promise.allSettled(
      repositories.map(async (repository) => {
        const before = previous?.repositories.get(repository.path);
        const held =
          before && swept.has(repository.path)
            ? await this.sweepRepository(repository, before, now)
            : await this.refreshRepository(repository, resyncDue ? undefined : before, now);
        if (held) next.repositories.set(repository.path, held);
      }),
    );
    if (resyncDue) {
      const period = this.sweepPeriodMs(org, next.repositories.size);
      for (const [path, checkedAt] of spreadChecks(next.repositories.keys(), now, period))
        next.repositories.get(path)!.checkedAt = checkedAt;
    }
    // What was read is kept, so a platform that refuses part of the calls (rate limit,
    // budget) still lets the next read go further instead of starting over.
    let failure: unknown = null;
    let missing = false;
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') return;
      failure ??= result.reason;
      next.complete = false;
      const before = previous?.repositories.get(repositories[i].path);
      // The older copy stays shown (with its age), marked to be read again.
      if (before) next.repositories.set(repositories[i].path, { ...before, signal: '' });
      else missing = true;
    });
    this.fullLoad.note(
      org,
      organizationLoadCalls(repositories, (path) => next.repositories.get(path)?.counts),
    );
    if (!next.complete) {
      // Until every repository is read, the data is as old as the previous read.
      next.asOf = previous?.asOf ?? listedAt;
      if (resyncDue && previous) next.fullAt = previous.fullAt;
    }
    this.held.set(org, next);
    // A repository with no copy at all: the organization cannot be shown whole yet.
    if (missing) throw failure;
    return next;
  }

  /**
   * The unmoved repositories the sweep asks at this refresh: those past due before the next
   * one (one sweep period after they were last asked; both the period and the time to the
   * next refresh stretch with the cache life), least recently asked first, as many as the
   * budget leaves above the share kept for pages people are viewing.
   */
  private async sweepOf(
    org: string,
    repositories: PlatformRepository[],
    previous: HeldOrganization,
    now: number,
  ): Promise<Set<string>> {
    const period = this.sweepPeriodMs(org, repositories.length);
    const horizon = now + (this.config.cacheTtlMs - period) * this.budget.stretch();
    const candidates: { path: string; checkedAt: number }[] = [];
    for (const repository of repositories) {
      const held = previous.repositories.get(repository.path);
      if (held && held.signal === signalOf(repository))
        candidates.push({ path: repository.path, checkedAt: held.checkedAt });
    }
    const state = await this.budget.state();
    const left = Math.floor(state.effectiveLimit * (1 - SWEEP_RESERVE)) - state.used;
    const { asked, due } = sweepDue(candidates, horizon, left);
    if (asked.size < due)
      this.logger.debug(`Sweep of ${org}: ${asked.size} of ${due} repositories due (call budget)`);
    return asked;
  }

  /**
   * One unmoved repository asked for the issues updated since its watermark (edits and
   * comments). Its calls leave the sweep's reserve of the hour to others, in the lane of
   * the refresh (a viewer who waits for the refresh waits for them); a refused or failed
   * call keeps the held copy, which stays first in line for the next refresh.
   */
  private async sweepRepository(
    repository: PlatformRepository,
    before: HeldRepository,
    now: number,
  ): Promise<HeldRepository> {
    try {
      const issues = await this.budget.reserved(
        () =>
          before.watermark === ''
            ? this.readAll(repository.path, 'sweep')
            : this.updatedSince(repository.path, before.watermark, 'sweep'),
        SWEEP_RESERVE,
      );
      return holdIssues(before.signal, merge(unpack(before.packed), issues), now, this.handles);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.debug(`Sweep of ${repository.path} deferred: ${reason}`);
      return before;
    }
  }

  /** The sweep period, with `org` counted as holding `repositories`. */
  sweepPeriodMs(org: string, repositories: number): number {
    let held = repositories;
    for (const [slug, organization] of this.held)
      if (slug !== org) held += organization.repositories.size;
    return sweepPeriodMs(this.config, held);
  }

  /** One repository: kept as is, read since its watermark, or read in full. */
  private async refreshRepository(
    repository: PlatformRepository,
    before: HeldRepository | undefined,
    now: number,
  ): Promise<HeldRepository | null> {
    const signal = signalOf(repository);
    if (before && before.signal === signal) return before;
    try {
      if (before && before.watermark !== '') {
        const changed = await this.updatedSince(repository.path, before.watermark, 'moved');
        return holdIssues(signal, merge(unpack(before.packed), changed), now, this.handles);
      }
      return holdIssues(
        signal,
        await this.readAll(repository.path, before ? 'moved' : 'full'),
        now,
        this.handles,
      );
    } catch (error) {
      // A secret repository refuses token access, or a repository has issues turned off:
      // one such repository must not hide the rest of the organization.
      if (error instanceof PlatformForbiddenError || error instanceof PlatformNotFoundError) {
        this.logger.warn(`Issues of ${repository.path}: skipped (${error.errmsg})`);
        return null;
      }
      throw error;
    }
  }

  /** Every issue of a repository, each with `repo.path`. */
  private async readAll(repo: string, reason: ListingReason): Promise<PlatformIssue[]> {
    this.metrics.issueRefreshReads.inc({ reason });
    const all = await this.platform.listIssues(repo, {}, { fresh: true });
    return all.map((issue) => withRepo(issue, repo));
  }

  /** Issues updated at or after `watermark`, newest first, page by page until older ones. */
  private async updatedSince(
    repo: string,
    watermark: string,
    reason: ListingReason,
  ): Promise<PlatformIssue[]> {
    this.metrics.issueRefreshReads.inc({ reason });
    const found: PlatformIssue[] = [];
    for (let page = 1; ; page++) {
      const items = await this.platform.listIssues(
        repo,
        {
          order_by: '-updated_at',
          // The platform filters by day; the watermark cuts within it.
          updated_time_begin: watermark.slice(0, 10),
          page,
          page_size: LIST_PAGE_SIZE,
        },
        { fresh: true },
      );
      for (const issue of items) {
        if (issue.updated_at >= watermark) found.push(withRepo(issue, repo));
      }
      const last = items.at(-1);
      if (items.length < LIST_PAGE_SIZE || !last || last.updated_at < watermark) return found;
    }
  }
}

function matches(issue: PlatformIssue, filter: IssueStateFilter): boolean {
  return filter.state === undefined || issue.state === filter.state;
}
