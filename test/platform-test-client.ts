/**
 * The platform client with the endpoints only tests call: the forge's conformance and
 * integration suites drive the forge through them (writes, releases, attachments, pulls).
 * Each checks and encodes its path arguments with `route()`, as the board's own client
 * does, so a bad value is an `InvalidError` naming the parameter.
 */
import { Logger } from '@nestjs/common';
import type * as P from '@shared/platform/types';
import { InvalidError } from '../server/common/errors';
import { gitRemoteUrl } from './git-remote';
import { listAcrossOrg } from './org-lists';
import {
  PlatformClient,
  type IssueNumber,
  type UploadKind,
} from '../server/board/platform/platform-client';
import { checkRef, checkSlug, fixed, route } from '../server/board/platform/platform-params';

export class PlatformTestClient extends PlatformClient {
  private readonly logger = new Logger(PlatformTestClient.name);

  /** Store a blob without committing it. */
  async createBlob(repo: string, body: P.CreateBlobRequest): Promise<P.CreateBlobResponse> {
    return this.http.post(route('/{repo}/-/git/blobs', { repo }), body);
  }

  /** Compare two refs; sent as `base...head`, which the platform also accepts as `base..head`. */
  async compare(repo: string, base: string, head: string): Promise<P.PlatformCompare> {
    return this.http.get(route('/{repo}/-/git/compare/{base}...{head}', { repo, base, head }));
  }

  /** All branches. */
  async listBranches(repo: string, query: P.PageQuery = {}): Promise<P.PlatformBranch[]> {
    return this.http.getList(route('/{repo}/-/git/branches', { repo }), query);
  }

  /**
   * Create a branch from `start_point` (default branch when absent), then read it back:
   * the platform answers 201 with no body.
   */
  async createBranch(repo: string, body: P.CreateBranchRequest): Promise<P.PlatformBranch> {
    checkRef('name', body.name);
    if (body.start_point !== undefined) checkRef('start_point', body.start_point);
    await this.http.post(route('/{repo}/-/git/branches', { repo }), body);
    return this.getBranch(repo, body.name);
  }

  /** One branch with its full head commit. */
  async getBranch(repo: string, branch: string): Promise<P.PlatformBranch> {
    return this.http.get(route('/{repo}/-/git/branches/{branch}', { repo, branch }));
  }

  /** Delete a branch. */
  async deleteBranch(repo: string, branch: string): Promise<void> {
    await this.http.delete(route('/{repo}/-/git/branches/{branch}', { repo, branch }));
  }

  /** All tags. */
  async listTags(repo: string, query: P.PageQuery = {}): Promise<P.PlatformTag[]> {
    return this.http.getList(route('/{repo}/-/git/tags', { repo }), query);
  }

  /** Create a tag (annotated when `message` is given). */
  async createTag(repo: string, body: P.CreateTagRequest): Promise<P.PlatformTag> {
    checkRef('name', body.name);
    if (body.target !== undefined) checkRef('target', body.target);
    return this.http.post(route('/{repo}/-/git/tags', { repo }), body);
  }

  /** One tag. */
  async getTag(repo: string, tag: string): Promise<P.PlatformTag> {
    return this.http.get(route('/{repo}/-/git/tags/{tag}', { repo, tag }));
  }

  /** Delete a tag. */
  async deleteTag(repo: string, tag: string): Promise<void> {
    await this.http.delete(route('/{repo}/-/git/tags/{tag}', { repo, tag }));
  }

  /** Remove assignees from an issue (the usernames go in a JSON body); the platform answers the issue. */
  async removeAssignees(
    repo: string,
    number: IssueNumber,
    assignees: string[],
  ): Promise<P.PlatformIssue> {
    return (
      await this.http.request<P.PlatformIssue>({
        method: 'DELETE',
        at: route('/{repo}/-/issues/{number}/assignees', { repo, number }),
        json: { assignees },
      })
    ).data;
  }

  /** Root directory of a repository, at `ref` or the default branch. */
  async getRootContents(repo: string, ref?: string): Promise<P.TreeContent> {
    return this.http.get(route('/{repo}/-/git/contents', { repo }), { ref: optionalRef(ref) });
  }

  /** A directory (tree) or a file (blob with base64 content); an empty path is the root. */
  async getContents(repo: string, path: string, ref?: string): Promise<P.ContentResponse> {
    if (path === '') return this.getRootContents(repo, ref);
    return this.http.get(route('/{repo}/-/git/contents/{path}', { repo, path }), {
      ref: optionalRef(ref),
    });
  }

  /** Raw bytes of a file; the ref keeps its `/` literal (longest existing ref prefix wins). */
  async getRaw(repo: string, ref: string, path: string): Promise<Buffer> {
    return this.http.getBuffer(
      route('/{repo}/-/git/raw/{rawRef}/{path}', { repo, rawRef: ref, path }),
    );
  }

  /** Ask for a signed upload URL for a file or an image attachment. */
  async createUploadUrl(
    repo: string,
    kind: UploadKind,
    body: P.UploadRequest,
  ): Promise<P.UploadResponse> {
    if (kind === 'files') return this.http.post(route('/{repo}/-/upload/files', { repo }), body);
    if (kind === 'imgs') return this.http.post(route('/{repo}/-/upload/imgs', { repo }), body);
    throw new InvalidError(`Invalid kind ${JSON.stringify(kind)}: must be "files" or "imgs"`, {
      param: 'kind',
    });
  }

  /**
   * PUT the bytes to an `upload_url`. The URL's signature is the credential: the bearer
   * token goes only to the platform's own origin, never to a storage host.
   */
  async uploadBytes(
    uploadUrl: string,
    bytes: Buffer | Uint8Array,
    contentType?: string,
  ): Promise<void> {
    const url = parseHttpUrl('uploadUrl', uploadUrl);
    const sameOrigin = url.origin === new URL(this.http.options.baseUrl).origin;
    await this.http.request({
      method: 'PUT',
      at: { path: url.href, route: '{upload_url}' },
      bytes,
      contentType,
      auth: sameOrigin,
      responseType: 'buffer',
    });
  }

  /** Delete an attachment uploaded through the files endpoint. */
  async deleteAttachment(repo: string, key: string, name: string): Promise<void> {
    await this.http.delete(route('/{repo}/-/files/{key}/{name}', { repo, key, name }));
  }

  /** The default branch. */
  async getHead(repo: string): Promise<P.GitHead> {
    return this.http.get(route('/{repo}/-/git/head', { repo }));
  }

  /** One commit by SHA, branch or tag. */
  async getCommit(repo: string, ref: string): Promise<P.PlatformCommit> {
    return this.http.get(route('/{repo}/-/git/commits/{ref}', { repo, ref }));
  }

  /** Issues of a whole organization, each with `repo.path`; per-repository calls when the platform lacks the route. */
  async listOrgIssues(org: string, query: P.ListIssuesQuery = {}): Promise<P.PlatformIssue[]> {
    const at = route('/{org}/-/issues', { org });
    const { page, page_size, ...filters } = query;
    return listAcrossOrg<P.PlatformIssue>(
      {
        orgWide: () => this.http.getList(at, query),
        repositories: () => this.repositoryNames(org),
        perRepository: (repo) => this.listIssues(repo, filters),
      },
      { ...this.fallbackOptions(`Issues of ${org}`, page, page_size), orderBy: query.order_by },
    );
  }

  /** Update title, body, state, state reason or priority. */
  async updateIssue(
    repo: string,
    number: IssueNumber,
    body: P.UpdateIssueRequest,
  ): Promise<P.PlatformIssue> {
    return this.http.patch(route('/{repo}/-/issues/{number}', { repo, number }), body);
  }

  /** Labels on an issue. */
  async listIssueLabels(repo: string, number: IssueNumber): Promise<P.PlatformLabel[]> {
    return this.http.getList(route('/{repo}/-/issues/{number}/labels', { repo, number }));
  }

  /** Add labels (by name) to an issue; the platform answers one label (the last one named). */
  async addIssueLabels(
    repo: string,
    number: IssueNumber,
    labels: string[],
  ): Promise<P.PlatformLabel> {
    return this.http.post(route('/{repo}/-/issues/{number}/labels', { repo, number }), {
      labels,
    });
  }

  /** Remove one label (by name) from an issue; the platform answers the removed label. */
  async removeIssueLabel(
    repo: string,
    number: IssueNumber,
    label: string,
  ): Promise<P.PlatformLabel> {
    return (
      await this.http.request<P.PlatformLabel>({
        method: 'DELETE',
        at: route('/{repo}/-/issues/{number}/labels/{label}', { repo, number, label }),
      })
    ).data;
  }

  /** Users assigned to an issue. */
  async getAssignees(repo: string, number: IssueNumber): Promise<P.EmbeddedUser[]> {
    return this.http.get(route('/{repo}/-/issues/{number}/assignees', { repo, number }));
  }

  /** Labels defined in a repository. */
  async listRepoLabels(
    repo: string,
    query: P.PageQuery & { keyword?: string } = {},
  ): Promise<P.PlatformLabel[]> {
    return this.http.getList(route('/{repo}/-/labels', { repo }), query);
  }

  /** Define a label in a repository (colour is hex without `#`). */
  async createRepoLabel(repo: string, body: P.CreateLabelRequest): Promise<P.PlatformLabel> {
    return this.http.post(route('/{repo}/-/labels', { repo }), body);
  }

  /** One repository record. */
  async getRepo(repo: string): Promise<P.PlatformRepository> {
    return this.http.get(route('/{repo}', { repo }));
  }

  /** Update description, site, topics or license; re-reads the record if the platform answers none. */
  async updateRepo(repo: string, body: P.UpdateRepositoryRequest): Promise<P.PlatformRepository> {
    const answer = await this.http.patch<unknown>(route('/{repo}', { repo }), body);
    if (isRecord(answer) && typeof answer['path'] === 'string')
      return answer as unknown as P.PlatformRepository;
    return this.getRepo(repo);
  }

  /** Delete a repository. */
  async deleteRepo(repo: string): Promise<void> {
    await this.http.delete(route('/{repo}', { repo }));
  }

  /** Create a repository, then read it back: the real platform answers 201 with no body. */
  async createRepo(slug: string, body: P.CreateRepositoryRequest): Promise<P.PlatformRepository> {
    const repo = `${checkSlug('slug', slug)}/${checkSlug('name', body.name)}`;
    await this.http.post(route('/{slug}/-/repos', { slug }), body);
    return this.getRepo(repo);
  }

  /** Repositories the token's user can access. */
  async listUserRepos(query: P.ListRepositoriesQuery = {}): Promise<P.PlatformRepository[]> {
    return this.http.getList(fixed('/user/repos'), query);
  }

  /** Releases of a repository. */
  async listReleases(repo: string, query: P.PageQuery = {}): Promise<P.PlatformRelease[]> {
    return this.http.getList(route('/{repo}/-/releases', { repo }), query);
  }

  /** Create a release for a tag. */
  async createRelease(repo: string, body: P.CreateReleaseRequest): Promise<P.PlatformRelease> {
    checkRef('tag_name', body.tag_name);
    return this.http.post(route('/{repo}/-/releases', { repo }), body);
  }

  /** The latest release. */
  async getLatestRelease(repo: string): Promise<P.PlatformRelease> {
    return this.http.get(route('/{repo}/-/releases/latest', { repo }));
  }

  /** The release of a tag. */
  async getReleaseByTag(repo: string, tag: string): Promise<P.PlatformRelease> {
    return this.http.get(route('/{repo}/-/releases/tags/{tag}', { repo, tag }));
  }

  /** Repository events of a UTC day (`YYYY-MM-DD`) or hour (`YYYY-MM-DD-H`). */
  async getEvents(repo: string, date: string): Promise<P.PlatformEvent[]> {
    return this.http.getList(route('/events/{repo}/-/{date}', { repo, date }));
  }

  /** Create an organization, then read it back: the platform answers 201 with no body. */
  async createGroup(body: P.CreateOrganizationRequest): Promise<P.PlatformOrganization> {
    checkSlug('path', body.path);
    await this.http.post(fixed('/groups'), body);
    return this.getOrganization(body.path);
  }

  /** Pulls of a whole organization, each with `repo.path`; per-repository calls when the platform lacks the route. */
  async listOrgPulls(org: string, query: P.ListPullsQuery = {}): Promise<P.PlatformPull[]> {
    const at = route('/{org}/-/pulls', { org });
    const { page, page_size, ...filters } = query;
    return listAcrossOrg<P.PlatformPull>(
      {
        orgWide: () => this.http.getList(at, query),
        repositories: () => this.repositoryNames(org),
        perRepository: (repo) => this.listPulls(repo, filters),
      },
      this.fallbackOptions(`Pulls of ${org}`, page, page_size),
    );
  }

  /** Record a pull request from `head` into `base`. */
  async createPull(repo: string, body: P.CreatePullRequest): Promise<P.PlatformPull> {
    checkRef('base', body.base);
    checkRef('head', body.head);
    return this.http.post(route('/{repo}/-/pulls', { repo }), body);
  }

  /** `<scheme>://<user>:<token>@<host>/{org}/{repo}` for git push and clone; no `.git` suffix. */
  gitRemoteUrl(fullName: string, username: string): string {
    return gitRemoteUrl(this.http.options.gitBaseUrl, fullName, username, this.http.options.token);
  }

  private async repositoryNames(org: string): Promise<string[]> {
    return (await this.listRepos(org)).map((repository) => repository.path);
  }

  private fallbackOptions(label: string, page: number | undefined, pageSize: number | undefined) {
    return { label, page, pageSize, maxItems: this.http.options.maxListItems, logger: this.logger };
  }
}

function optionalRef(ref: string | undefined): string | undefined {
  return ref === undefined ? undefined : checkRef('ref', ref);
}

function parseHttpUrl(param: string, value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Reported below.
  }
  throw new InvalidError(`Invalid ${param}: not an http(s) URL`, { param });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
