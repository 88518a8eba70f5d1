import { Injectable, Logger } from '@nestjs/common';
import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { DataAge } from '../budget/data-age';
import {
  conversationCalls,
  FullLoad,
  organizationLoadCalls,
  type HeldCounts,
} from '../budget/full-load-estimate';
import { type BackgroundWork, UpstreamBudget } from '../budget/upstream-budget';
import { CacheInvalidation } from '../cache/cache-invalidation';
import { noteFetchedAt, trackFreshness } from '../cache/freshness';
import { ownedCopy } from '../common/compression';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import { LIST_PAGE_SIZE } from '../platform/platform-http';
import { PlatformClient } from '../platform/platform-client';
import { PlatformForbiddenError, PlatformNotFoundError } from '../platform/platform.errors';

/** One repository's issues as last read, every state, packed. */
interface HeldRepository {
  /** What in the repository record moves when its content does (see `signalOf`). */
  signal: string;
  /** Newest `updated_at` among the held issues; '' when there are none. */
  watermark: string;
  /** Issues as raw-deflated JSON (each with `repo.path`). */
  packed: Buffer;
  /**
   * When the platform was last asked for this repository's issues (epoch ms); after a full
   * read, spread over the past sweep period so the sweep's checks spread evenly.
   */
  checkedAt: number;
  /** How many issues are held, and the conversation reads they take on a cold cache. */
  counts: HeldCounts;
}

/** Why a repository's issues are read. */
export type ListingReason = 'full' | 'moved' | 'sweep';

interface HeldOrganization {
  repositories: Map<string, HeldRepository>;
  /** Fetch time of the repository list the held issues were last checked against. */
  asOf: number;
  /** When every repository's issues were last read in full. */
  fullAt: number;
  /** False while a repository could not be read: the next read retries it. */
  complete: boolean;
}

export type IssueStateFilter = { state?: 'open' | 'closed' };

/**
 * Share of the hourly call budget the sweep plans for. At demo size (about 50
 * repositories) the default budget sweeps every repository once per cache life with it;
 * at 400 repositories, about every 27 minutes.
 */
export const SWEEP_SHARE = 0.3;
/**
 * Share of the hour the sweep leaves to others: the viewers' quarter and a little more, so
 * the sweep alone never brings the hour's use to where the cache life stretches (75 %).
 */
export const SWEEP_RESERVE = 0.35;
const HOUR_MS = 3_600_000;

/**
 * An organization's issues on a platform without an organization-wide issue list
 * (docs/architecture.md#the-refresh-plan). The first read of an organization lists every
 * repository's issues; after that, each time the organization's repository list is read
 * again (once per cache life), only the repositories whose record moved are asked, and
 * only for the issues updated since the newest one held (`order_by=-updated_at`, narrowed
 * by `updated_time_begin`, stopping at that watermark); the answers are merged into the
 * held set. Every `FULL_RESYNC_HOURS` the organization is read in full again, which is
 * when deleted and moved issues leave. Where the platform has the organization-wide list,
 * it is used as before and nothing is held.
 *
 * Editing an issue or commenting on it moves no repository record, so a sweep also asks
 * unmoved repositories for their updated issues: each repository is due one sweep period
 * after it was last asked, and each refresh asks those that would be past due before the
 * next one, least recently asked first. The period is the shortest in which the sweep's
 * share of the hourly budget (`SWEEP_SHARE`) asks every held repository once, never under
 * the cache life (`ISSUE_SWEEP_MINUTES` fixes it instead). The due times of a full read
 * are spread evenly over the period, so the sweep costs about the same at every refresh.
 * While the budget is tight the period stretches with the cache life, and the sweep leaves
 * `SWEEP_RESERVE` of the hour to others.
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
    if (resyncDue) spreadChecks(next, now, this.sweepPeriodMs(org, next.repositories.size));
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
    const stretch = this.budget.stretch();
    const period = this.sweepPeriodMs(org, repositories.length);
    const horizon = now + (this.config.cacheTtlMs - period) * stretch;
    const due: { path: string; checkedAt: number }[] = [];
    for (const repository of repositories) {
      const held = previous.repositories.get(repository.path);
      if (!held || held.signal !== signalOf(repository)) continue;
      if (held.checkedAt < horizon) due.push({ path: repository.path, checkedAt: held.checkedAt });
    }
    if (due.length === 0) return new Set();
    due.sort((a, b) => a.checkedAt - b.checkedAt || (a.path < b.path ? -1 : 1));
    const state = await this.budget.state();
    const left = Math.floor(state.effectiveLimit * (1 - SWEEP_RESERVE)) - state.used;
    const asked = due.slice(0, Math.max(0, Math.min(due.length, left)));
    if (asked.length < due.length) {
      this.logger.debug(
        `Sweep of ${org}: ${asked.length} of ${due.length} repositories due (call budget)`,
      );
    }
    return new Set(asked.map((entry) => entry.path));
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
      return this.hold(before.signal, merge(unpack(before.packed), issues), now);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.debug(`Sweep of ${repository.path} deferred: ${reason}`);
      return before;
    }
  }

  /**
   * The sweep period (see the class notes), with `org` counted as holding `repositories`.
   * Each repository's check is one listing call, or a few when it has many changes.
   */
  sweepPeriodMs(org: string, repositories: number): number {
    if (this.config.issueSweepMs !== null) return this.config.issueSweepMs;
    let held = repositories;
    for (const [slug, organization] of this.held) {
      if (slug !== org) held += organization.repositories.size;
    }
    const perHour = this.config.platformMaxCallsPerHour * SWEEP_SHARE;
    return Math.max(this.config.cacheTtlMs, Math.ceil((held / perHour) * HOUR_MS));
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
        return this.hold(signal, merge(unpack(before.packed), changed), now);
      }
      return this.hold(signal, await this.readAll(repository.path, before ? 'moved' : 'full'), now);
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

  /** A repository's issues packed, with their watermark and counts. */
  private hold(signal: string, issues: PlatformIssue[], checkedAt: number): HeldRepository {
    let watermark = '';
    for (const issue of issues) if (issue.updated_at > watermark) watermark = issue.updated_at;
    return {
      signal,
      watermark,
      packed: ownedCopy(deflateRawSync(JSON.stringify(issues), { level: 1 })),
      checkedAt,
      counts: {
        issues: issues.length,
        conversationCalls: conversationCalls(issues, this.config.npcHandles, checkedAt),
      },
    };
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

/**
 * What moves in a repository record when the repository changes: the newest commit, the
 * open issue count and the record's own update time.
 */
export function signalOf(repository: PlatformRepository): string {
  const last = repository.last_updated_at;
  return [last?.valid ? last.time : '', repository.open_issue_count, repository.updated_at].join(
    '|',
  );
}

function matches(issue: PlatformIssue, filter: IssueStateFilter): boolean {
  return filter.state === undefined || issue.state === filter.state;
}

function withRepo(issue: PlatformIssue, path: string): PlatformIssue {
  return { ...issue, repo: { path } };
}

/** The held issues with the changed ones put in their place (by number). */
function merge(held: PlatformIssue[], changed: PlatformIssue[]): PlatformIssue[] {
  const byNumber = new Map(held.map((issue) => [String(issue.number), issue]));
  for (const issue of changed) byNumber.set(String(issue.number), issue);
  return [...byNumber.values()];
}

/**
 * After a full read, the repositories' last checks are spread over the past sweep period
 * (the j-th of n in path order as if asked j/n of a period ago), so they fall due one
 * after another instead of all at once a period later.
 */
function spreadChecks(held: HeldOrganization, now: number, periodMs: number): void {
  const paths = [...held.repositories.keys()].sort();
  paths.forEach((path, j) => {
    const repository = held.repositories.get(path)!;
    repository.checkedAt = now - Math.floor((periodMs * j) / paths.length);
  });
}

function unpack(packed: Buffer): PlatformIssue[] {
  return JSON.parse(inflateRawSync(packed).toString('utf8')) as PlatformIssue[];
}
