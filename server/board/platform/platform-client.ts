/**
 * One typed method per platform endpoint the board calls (docs/architecture.md#the-forge);
 * the tests' client (`test/platform-test-client.ts`) adds the rest.
 *
 * Every argument that goes into a URL path is checked and encoded by `route()` (see
 * platform-params.ts) before any request, so a bad value is an `InvalidError` naming
 * the parameter and never reaches the platform. Lists return every item (paged with
 * `page_size=100`, capped by `maxListItems`) unless the query names a `page`.
 */
import { Injectable } from '@nestjs/common';
import type * as P from '@shared/platform/types';
import type {
  DtoBuildResult,
  DtoBuildStatusResult,
  DtoLogInfo,
  DtoBuildLogsResult,
} from '@shared/platform/published';
import { BUILD_PAGE_SIZE_MAX } from '@shared/platform/builds';
import { PlatformHttp } from './platform-http';
import type { ListOptions } from './platform-request';
import { checkDay, checkInstant, checkRef, checkSegment, fixed, route } from './platform-params';
import { PlatformNotFoundError } from './platform.errors';

/** Issue and pull numbers are strings in platform bodies; callers may hold either form. */
export type IssueNumber = number | string;

export type UploadKind = 'files' | 'imgs';

@Injectable()
export class PlatformClient {
  constructor(protected readonly http: PlatformHttp) {}

  // ------------------------------------------------------------ commits

  /** Commits, newest first; pass `since` (or `page`) on long histories. */
  async listCommits(repo: string, query: P.ListCommitsQuery = {}): Promise<P.PlatformCommit[]> {
    const sha = query.sha === undefined ? undefined : checkRef('sha', query.sha);
    return this.http.getList(route('/{repo}/-/git/commits', { repo }), { ...query, sha });
  }

  // ------------------------------------------------------------ issues and labels

  /** Issues of one repository matching the filters (one page when the query names a `page`). */
  async listIssues(
    repo: string,
    query: P.ListIssuesQuery = {},
    options: ListOptions = {},
  ): Promise<P.PlatformIssue[]> {
    return this.http.getList(route('/{repo}/-/issues', { repo }), query, options);
  }

  /**
   * The organization-wide issue list alone, without the per-repository fallback: a
   * `PlatformNotFoundError` when the platform lacks it (or the organization is missing).
   */
  async listOrgIssuesWide(org: string, query: P.ListIssuesQuery = {}): Promise<P.PlatformIssue[]> {
    return this.http.getList(route('/{org}/-/issues', { org }), query);
  }

  /** One issue, with its body. */
  async getIssue(repo: string, number: IssueNumber): Promise<P.PlatformIssue> {
    return this.http.get(route('/{repo}/-/issues/{number}', { repo, number }));
  }

  /** Create an issue; unknown label names are created by the platform. */
  async createIssue(repo: string, body: P.CreateIssueRequest): Promise<P.PlatformIssue> {
    return this.http.post(route('/{repo}/-/issues', { repo }), body);
  }

  /** Comments on an issue. */
  async listComments(
    repo: string,
    number: IssueNumber,
    query: P.ListCommentsQuery = {},
    options: ListOptions = {},
  ): Promise<P.PlatformComment[]> {
    return this.http.getList(
      route('/{repo}/-/issues/{number}/comments', { repo, number }),
      query,
      options,
    );
  }

  /** An issue's history (opened, assigned, closed…), oldest first. */
  async listIssueActivities(
    repo: string,
    number: IssueNumber,
    options: ListOptions = {},
  ): Promise<P.PlatformIssueActivity[]> {
    return this.http.getList(
      route('/{repo}/-/issues/{number}/activities', { repo, number }),
      {},
      options,
    );
  }

  /** Comment on an issue. */
  async createComment(
    repo: string,
    number: IssueNumber,
    body: string | P.CreateCommentRequest,
  ): Promise<P.PlatformComment> {
    const request: P.CreateCommentRequest = typeof body === 'string' ? { body } : body;
    return this.http.post(route('/{repo}/-/issues/{number}/comments', { repo, number }), request);
  }

  /** Add assignees (usernames) to an issue; the platform answers the issue (201). */
  async addAssignees(
    repo: string,
    number: IssueNumber,
    assignees: string[],
  ): Promise<P.PlatformIssue> {
    return this.http.post(route('/{repo}/-/issues/{number}/assignees', { repo, number }), {
      assignees,
    });
  }

  /** Replace an issue's assignees; the platform answers the issue. */
  async replaceAssignees(
    repo: string,
    number: IssueNumber,
    assignees: string[],
  ): Promise<P.PlatformIssue> {
    return this.http.patch(route('/{repo}/-/issues/{number}/assignees', { repo, number }), {
      assignees,
    });
  }

  // ------------------------------------------------------------ repositories

  /** Repositories of an organization or a user. */
  async listRepos(
    slug: string,
    query: P.ListRepositoriesQuery = {},
  ): Promise<P.PlatformRepository[]> {
    return this.http.getList(route('/{slug}/-/repos', { slug }), query);
  }

  // ------------------------------------------------------------ user and organizations

  /** The token's user. */
  async getCurrentUser(): Promise<P.PlatformUser> {
    return this.http.get(fixed('/user'));
  }

  /** Organizations of the token's user: `/user/groups`, or `/user/orgs` where that is missing. */
  async listUserGroups(): Promise<P.PlatformOrganization[]> {
    try {
      return await this.http.getList<P.PlatformOrganization>(fixed('/user/groups'));
    } catch (error) {
      if (!(error instanceof PlatformNotFoundError)) throw error;
      return this.listUserOrgs();
    }
  }

  /** Organizations of the token's user, through the spec's `/user/orgs`. */
  async listUserOrgs(): Promise<P.PlatformOrganization[]> {
    return this.http.getList(fixed('/user/orgs'));
  }

  /** One organization record. */
  async getOrganization(org: string): Promise<P.PlatformOrganization> {
    return this.http.get(route('/{org}', { org }));
  }

  // ------------------------------------------------------------ pulls

  /** Pulls of one repository. */
  async listPulls(repo: string, query: P.ListPullsQuery = {}): Promise<P.PlatformPull[]> {
    const updated_time_begin =
      query.updated_time_begin === undefined
        ? undefined
        : checkDay('updated_time_begin', query.updated_time_begin);
    return this.http.getList(route('/{repo}/-/pulls', { repo }), { ...query, updated_time_begin });
  }

  /** The commits a pull request brings. */
  async listPullCommits(repo: string, number: IssueNumber): Promise<P.PlatformCommit[]> {
    return this.http.getList(route('/{repo}/-/pulls/{number}/commits', { repo, number }));
  }

  /** A pull request's reviews. */
  async listPullReviews(repo: string, number: IssueNumber): Promise<P.PlatformPullReview[]> {
    return this.http.getList(route('/{repo}/-/pulls/{number}/reviews', { repo, number }));
  }

  // ------------------------------------------------------------ builds

  /**
   * Builds of one repository, newest first, every page (up to `maxPages`): those created
   * on or after `createTime` (`YYYY-MM-DD`), or the one numbered `sn`. The list answers an
   * object with `data` and `total`, not an array, so it is paged here, 100 a page.
   */
  async listBuilds(
    repo: string,
    query: { createTime?: string; sn?: string; event?: string; status?: 'pending' },
    options: ListOptions & { maxPages?: number } = {},
  ): Promise<DtoLogInfo[]> {
    const at = route('/{repo}/-/build/logs', { repo });
    const createTime =
      query.createTime === undefined ? undefined : checkDay('createTime', query.createTime);
    const sn = query.sn === undefined ? undefined : checkSegment('sn', query.sn);
    const builds: DtoLogInfo[] = [];
    for (let page = 1; page <= (options.maxPages ?? 50); page++) {
      const { data } = await this.http.request<DtoBuildLogsResult>({
        method: 'GET',
        at,
        query: { ...query, createTime, sn, page, page_size: BUILD_PAGE_SIZE_MAX },
        fresh: options.fresh,
      });
      const items = data.data ?? [];
      builds.push(...items);
      if (items.length < BUILD_PAGE_SIZE_MAX || builds.length >= (data.total ?? Infinity)) break;
    }
    return builds;
  }

  /** A build's status and each pipeline's, with the core-hours it billed. */
  async getBuildStatus(
    repo: string,
    sn: string,
    options: ListOptions = {},
  ): Promise<DtoBuildStatusResult> {
    return (
      await this.http.request<DtoBuildStatusResult>({
        method: 'GET',
        at: route('/{repo}/-/build/status/{sn}', { repo, sn }),
        fresh: options.fresh,
      })
    ).data;
  }

  /** Stop a running build. */
  async stopBuild(repo: string, sn: string): Promise<DtoBuildResult> {
    return this.http.post(route('/{repo}/-/build/stop/{sn}', { repo, sn }), {});
  }

  // ------------------------------------------------------------ credits

  /** The organization's model-call credit (`credit`); needs a high role. */
  async getSpecialAmount(slug: string): Promise<P.SpecialAmount> {
    return this.http.get(route('/{slug}/-/charge/special-amount', { slug }));
  }

  /** Ledger entries since an instant (forge-only extension; 404 on the real platform). */
  async getLedger(slug: string, since: string | Date): Promise<P.LedgerEntry[]> {
    return this.http.getList(route('/{slug}/-/charge/ledger', { slug }), {
      since: checkInstant('since', since),
    });
  }
}
