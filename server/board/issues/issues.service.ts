import { Injectable } from '@nestjs/common';
import type { BoardUser, Issue, IssueComment } from '@shared/board/entities';
import { toBoardUser, toIssue } from '@shared/board/mappers';
import type { TaskRuns } from '@shared/board/runs';
import { BackgroundReads } from '../sync/background-reads';
import { NpcRunsService } from '../sync/npc-runs.service';
import { NpcWorkService } from '../sync/npc-work.service';
import { isNpcIssue } from '@shared/board/npc';
import { mayNeedAttention } from '@shared/board/signals';
import { Coverage } from '../scope/coverage.service';
import { IssueMirror } from '../sync/issue-mirror';
import { PlatformClient } from '../platform/platform-client';
import { AttentionFilter, IssueSearchQuery } from './issue-search.query';

/** Most issues one search returns without paging. */
export const MAX_SEARCH_RESULTS = 5000;
const DEFAULT_PAGE_SIZE = 50;

export interface IssuePage {
  items: Issue[];
  total: number;
}

/**
 * Issue search across the covered organizations, and the issues of one repository, each
 * with its signals and its NPC runs as far as the board holds them.
 */
@Injectable()
export class IssuesService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly work: NpcWorkService,
    private readonly mirror: IssueMirror,
    private readonly runs: NpcRunsService,
    private readonly reads: BackgroundReads,
  ) {}

  /**
   * NPC board search: organization-wide lists of the covered organizations (in parallel),
   * merged, filtered, newest first; one page when `page` is given.
   */
  async search(query: IssueSearchQuery): Promise<IssuePage> {
    let orgs: string[];
    if (query.repo) {
      const [org, repo] = query.repo.split('/');
      if (query.org && query.org !== org) return { items: [], total: 0 };
      await this.coverage.assertRepository(org, repo);
      orgs = [org];
    } else if (query.org) {
      await this.coverage.assertCovered(query.org);
      orgs = [query.org];
    } else {
      orgs = await this.coverage.coveredOrgs();
    }
    // A search of one organization is a page of it: its reads go first.
    if (orgs.length === 1) this.reads.viewing(orgs[0]);
    const ctx = this.coverage.mapContext;
    const visibleRead = Promise.all(orgs.map((org) => this.coverage.visibleRepositories(org))).then(
      (repos) => new Set(repos.flat().map((r) => r.path)),
    );
    const handle = query.npc_handle?.toLowerCase();
    // Each organization's raw list is reduced to its newest matches as soon as it arrives
    // (raw platform lists are the largest objects a read makes), and the kept lists are
    // merged; a stable sort of them in organization order gives the order, and the cut,
    // that one sort of every match would.
    const kept = await Promise.all(
      orgs.map(async (org) => {
        const [raws, visible] = await Promise.all([
          this.mirror.orgIssues(org, query.state ? { state: query.state } : {}),
          visibleRead,
        ]);
        return newest(
          raws
            .flatMap((raw) =>
              raw.repo &&
              visible.has(raw.repo.path) &&
              (!query.repo || raw.repo.path === query.repo)
                ? [toIssue(raw, raw.repo.path, ctx)]
                : [],
            )
            .filter((issue) => query.npc === undefined || isNpcIssue(issue) === query.npc)
            // Only open NPC-assigned issues can need attention: the cut to the newest
            // matches must not drop an old overdue issue for newer ones that cannot be.
            .filter((issue) => query.attention === undefined || mayNeedAttention(issue))
            .filter(
              (issue) =>
                !handle ||
                [issue.author, ...issue.assignees].some((u) => u.username.toLowerCase() === handle),
            ),
        );
      }),
    );
    const matching = newest(kept.flat());
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    const start = ((query.page ?? 1) - 1) * size;
    const page = <T>(list: T[]): T[] =>
      query.page === undefined ? list : list.slice(start, start + size);
    // Without the attention filter only the page shown needs its signals. With it, issues
    // whose signals are still pending are left out until they are known.
    if (query.attention === undefined) {
      const { issues } = await this.work.annotateKnown(page(matching));
      return { items: this.runs.annotateKnown(issues), total: matching.length };
    }
    const issues = (await this.work.annotateKnown(matching)).issues.filter((issue) =>
      needsAttention(issue, query.attention),
    );
    return { items: this.runs.annotateKnown(page(issues)), total: issues.length };
  }

  /** Issues of one repository of a covered organization, newest first. */
  async repositoryIssues(org: string, repo: string, state?: 'open' | 'closed'): Promise<Issue[]> {
    await this.coverage.assertRepository(org, repo);
    this.reads.viewing(org);
    const fullName = `${org}/${repo}`;
    const raw = await this.coverage.readable(fullName, () =>
      this.mirror.repositoryIssues(fullName, state ? { state } : {}),
    );
    const ctx = this.coverage.mapContext;
    const { issues } = await this.work.annotateKnown(
      raw.map((r) => toIssue(r, fullName, ctx)).sort(newestFirst),
    );
    return this.runs.annotateKnown(issues);
  }

  /** One issue with its body, for the detail dialog. */
  async issue(org: string, repo: string, number: number): Promise<Issue> {
    await this.coverage.assertRepository(org, repo);
    this.reads.viewing(org);
    const fullName = `${org}/${repo}`;
    const raw = await this.coverage.readable(`${fullName}#${number}`, () =>
      this.platform.getIssue(fullName, number),
    );
    const { issues } = await this.work.annotateKnown([
      toIssue(raw, fullName, this.coverage.mapContext),
    ]);
    return this.runs.annotateKnown(issues)[0];
  }

  /**
   * The NPC runs of one task, newest first, for the detail dialog; while the repository's
   * runs are not held yet, none, with `core_hours` null and `runs` pending.
   */
  async taskRuns(org: string, repo: string, number: number): Promise<TaskRuns> {
    await this.coverage.assertRepository(org, repo);
    this.reads.viewing(org);
    const fullName = `${org}/${repo}`;
    const raw = await this.coverage.readable(`${fullName}#${number}`, () =>
      this.platform.getIssue(fullName, number),
    );
    return (
      this.runs.taskRuns(toIssue(raw, fullName, this.coverage.mapContext)) ?? {
        runs: [],
        core_hours: null,
      }
    );
  }

  /** The conversation of one issue, oldest first, for the detail dialog. */
  async comments(org: string, repo: string, number: number): Promise<IssueComment[]> {
    await this.coverage.assertRepository(org, repo);
    const fullName = `${org}/${repo}`;
    const raw = await this.coverage.readable(`${fullName}#${number}`, () =>
      this.platform.listComments(fullName, number, { sort: 'created_at' }),
    );
    const handles = this.coverage.mapContext.npcHandles;
    return raw
      .map((c) => ({
        id: String(c.id),
        author: toBoardUser(c.author, handles) satisfies BoardUser,
        body: c.body ?? '',
        created_at: c.created_at,
      }))
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  }
}

function needsAttention(issue: Issue, filter: AttentionFilter | undefined): boolean {
  if (filter === undefined) return true;
  if (issue.attention === null) return false;
  return filter === 'any' || issue.attention.reason === filter;
}

/** The newest `MAX_SEARCH_RESULTS` issues, newest first. */
function newest(issues: Issue[]): Issue[] {
  return issues.sort(newestFirst).slice(0, MAX_SEARCH_RESULTS);
}

function newestFirst(a: Issue, b: Issue): number {
  return Date.parse(b.created_at) - Date.parse(a.created_at) || b.number - a.number;
}
