import { Injectable, Logger } from '@nestjs/common';
import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Clock } from '../../common/clock';
import { DataAge } from '../budget/data-age';
import { CacheInvalidation } from '../cache/cache-invalidation';
import { noteFetchedAt, trackFreshness } from '../cache/freshness';
import { ownedCopy } from '../cache/memory-store';
import { BoardConfig } from '../config/board-config';
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
}

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
 * An organization's issues on a platform without an organization-wide issue list
 * (docs/architecture.md#the-refresh-plan). The first read of an organization lists every
 * repository's issues; after that, each time the organization's repository list is read
 * again (once per cache life), only the repositories whose record moved are asked, and
 * only for the issues updated since the newest one held (`order_by=-updated_at`, narrowed
 * by `updated_time_begin`, stopping at that watermark); the answers are merged into the
 * held set. Every `FULL_RESYNC_HOURS` the organization is read in full again, which is
 * when deleted and moved issues leave. Where the platform has the organization-wide list,
 * it is used as before and nothing is held.
 */
@Injectable()
export class IssueMirror {
  private readonly logger = new Logger(IssueMirror.name);
  private readonly held = new Map<string, HeldOrganization>();
  private readonly cycles = new Map<string, Promise<HeldOrganization>>();
  /** Organizations whose organization-wide list answered (true) or was missing (false). */
  private readonly orgWide = new Map<string, boolean>();

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly ages: DataAge,
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
    let cycle = this.cycles.get(org);
    if (!cycle) {
      cycle = this.refresh(org);
      this.cycles.set(org, cycle);
      const clear = (): void => {
        this.cycles.delete(org);
      };
      cycle.then(clear, clear);
    }
    const held = await cycle;
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
    const results = await Promise.allSettled(
      repositories.map(async (repository) => {
        const before = previous?.repositories.get(repository.path);
        const held = await this.refreshRepository(repository, resyncDue ? undefined : before);
        if (held) next.repositories.set(repository.path, held);
      }),
    );
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

  /** One repository: kept as is, read since its watermark, or read in full. */
  private async refreshRepository(
    repository: PlatformRepository,
    before: HeldRepository | undefined,
  ): Promise<HeldRepository | null> {
    const signal = signalOf(repository);
    if (before && before.signal === signal) return before;
    try {
      if (before && before.watermark !== '') {
        const changed = await this.updatedSince(repository.path, before.watermark);
        return hold(signal, merge(unpack(before.packed), changed));
      }
      const all = await this.platform.listIssues(repository.path, {}, { fresh: true });
      return hold(
        signal,
        all.map((issue) => withRepo(issue, repository.path)),
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

  /** Issues updated at or after `watermark`, newest first, page by page until older ones. */
  private async updatedSince(repo: string, watermark: string): Promise<PlatformIssue[]> {
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

function hold(signal: string, issues: PlatformIssue[]): HeldRepository {
  let watermark = '';
  for (const issue of issues) if (issue.updated_at > watermark) watermark = issue.updated_at;
  return {
    signal,
    watermark,
    packed: ownedCopy(deflateRawSync(JSON.stringify(issues), { level: 1 })),
  };
}

function unpack(packed: Buffer): PlatformIssue[] {
  return JSON.parse(inflateRawSync(packed).toString('utf8')) as PlatformIssue[];
}
