import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type {
  ApiCommitAsset,
  ApiCommitDiffFilePatch,
  ApiCommitStatuses,
  GitCommitStatus,
  WebCommitAnnotation,
  WebTagAnnotation,
} from '@shared/platform/published';
import { CommitRecordsRepository, type CommitStatusRow } from './commit-records.repository';
import type { CompareFile, GitHead, PlatformCommit, PlatformCompare } from '@shared/platform/types';
import { InvalidError, NotFoundError } from '../../common/errors';
import type { Page, Paging } from '../http/paging';
import type { RepoContext } from '../access/request-context';
import { ForgeConfig } from '../config/forge-config';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import { GitHistoryAdapter } from '../git/git-history.adapter';
import { checkRevision } from '../git/ref-name';
import { branchNames } from '../git/ref-snapshot';
import { toEmbeddedUser } from '../users/user.converter';
import { UsersService } from '../users/users.service';
import { CommitRenderer } from './commit-renderer';
import type { ListCommitsQueryDto } from './commits.dto';

/** Commits listed by a compare, as on GitHub; `total_commits` counts them all. */
const COMPARE_MAX_COMMITS = 250;
/** A stored status as published. */
function toCommitStatus(row: CommitStatusRow): GitCommitStatus {
  return { ...row };
}

/** Failure or error anywhere wins, then pending; success only when every context succeeded. */
function combinedState(states: readonly string[]): string {
  if (states.length === 0) return 'pending';
  if (states.some((state) => state === 'failure' || state === 'error')) return 'failure';
  if (states.some((state) => state === 'pending')) return 'pending';
  return 'success';
}

export type ArchiveFormat = 'zip' | 'tar.gz';

const ARCHIVE_TYPES: Readonly<Record<ArchiveFormat, string>> = {
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
};

/** git's id of the empty tree: what a root commit is compared against. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** An archive to send: its bytes streamed from git. */
export interface ArchiveAnswer {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** git's status letters as the published file statuses (a type change is a modification). */
const STATUS: Readonly<Record<string, CompareFile['status']>> = {
  A: 'added',
  D: 'deleted',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'modified',
};

/** An ISO 8601 time from a query, or InvalidError naming the field. */
function instant(field: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time))
    throw new InvalidError(`${field} must be an ISO 8601 time`, { field });
  return new Date(time);
}

/** `base...head` (from their merge base) or `base..head` (from base itself). */
export function parseBaseHead(value: string): { base: string; head: string; threeDot: boolean } {
  const threeDot = value.includes('...');
  const parts = value.split(threeDot ? '...' : '..');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '')
    throw new InvalidError('compare takes base...head or base..head', { field: 'basehead' });
  return {
    base: checkRevision('base', parts[0]),
    head: checkRevision('head', parts[1]),
    threeDot,
  };
}

/** Commit reads: the default branch, commit lists, one commit, comparisons. */
@Injectable()
export class CommitsService {
  constructor(
    private readonly git: GitAdapter,
    private readonly history: GitHistoryAdapter,
    private readonly renderer: CommitRenderer,
    private readonly users: UsersService,
    private readonly config: ForgeConfig,
    private readonly records: CommitRecordsRepository,
  ) {}

  /** The default branch. */
  async head(ctx: RepoContext): Promise<GitHead> {
    const refs = await this.git.refs(this.repoName(ctx));
    return { name: refs.head, protected: this.config.protectDefaultBranch };
  }

  /** Commits reachable from `sha` (default branch), newest first, filtered and paged. */
  async list(
    ctx: RepoContext,
    query: ListCommitsQueryDto,
    paging: Paging,
  ): Promise<Page<PlatformCommit>> {
    const sha = query.sha === undefined ? undefined : checkRevision('sha', query.sha);
    const since = instant('since', query.since);
    const until = instant('until', query.until);
    for (const field of ['author', 'committer'] as const)
      // eslint-disable-next-line no-control-regex
      if (query[field] !== undefined && /[\u0000-\u001f]/.test(query[field]))
        throw new InvalidError(`${field} must be plain text`, { field });
    const repo = this.repoName(ctx);
    if (sha === undefined && branchNames(await this.git.refs(repo)).length === 0)
      return { items: [], total: 0 };
    const start = await this.git.resolveCommit(repo, sha);
    const ids = await this.history.commitIds(repo, {
      start: start.sha,
      author: this.authorPattern(query.author),
      committer: this.authorPattern(query.committer),
      since,
      until,
    });
    const items = await this.renderer.render(
      repo,
      ids.slice(paging.offset, paging.offset + paging.pageSize),
    );
    return { items, total: ids.length };
  }

  /** One commit by id, branch or tag. */
  async get(ctx: RepoContext, ref: string): Promise<PlatformCommit> {
    checkRevision('ref', ref);
    const repo = this.repoName(ctx);
    const commit = await this.git.resolveCommit(repo, ref);
    return this.renderer.one(repo, commit.sha);
  }

  /** Commits and per-file patches between two revisions. */
  /**
   * `git archive` of a ref (`<ref>.zip`, `<ref>.tar.gz`; the ref may hold `/`), as the
   * archive download of the repository at that ref.
   */
  async archive(ctx: RepoContext, refWithFormat: string): Promise<ArchiveAnswer> {
    const match = /^(.+?)\.(zip|tar\.gz)$/.exec(refWithFormat);
    if (!match)
      throw new InvalidError('name the archive as <ref>.zip or <ref>.tar.gz', {
        field: 'ref_with_path',
      });
    const ref = checkRevision('ref_with_path', match[1]);
    const format = match[2] as ArchiveFormat;
    const repo = this.repoName(ctx);
    const commit = await this.git.resolveCommit(repo, ref);
    const base = `${ctx.name}-${ref.replace(/\//g, '-')}`;
    return {
      fileName: `${base}.${format}`,
      contentType: ARCHIVE_TYPES[format],
      body: this.history.archive(repo, commit.sha, format, `${base}/`),
    };
  }

  /**
   * A zip of the files a commit changed (against its first parent) or a comparison
   * changed (`base...head`), as they are in the newer commit; deleted files are absent.
   */
  async changedFilesArchive(
    ctx: RepoContext,
    range: { commit: string } | { basehead: string },
  ): Promise<ArchiveAnswer> {
    const repo = this.repoName(ctx);
    let from: string;
    let to: string;
    if ('commit' in range) {
      const commit = await this.git.resolveCommit(repo, checkRevision('sha1', range.commit));
      const parsed = await this.git.commit(repo, commit.sha);
      to = commit.sha;
      from = parsed.parents[0] ?? EMPTY_TREE;
    } else {
      const { base, head, threeDot } = parseBaseHead(range.basehead);
      const [baseCommit, headCommit] = await Promise.all([
        this.git.resolveCommit(repo, base),
        this.git.resolveCommit(repo, head),
      ]);
      const mergeBase = threeDot
        ? await this.history.mergeBase(repo, baseCommit.sha, headCommit.sha)
        : baseCommit.sha;
      if (!mergeBase)
        throw new NotFoundError(`${base} and ${head} share no history`, { field: 'base_head' });
      from = mergeBase;
      to = headCommit.sha;
    }
    const paths = (await this.history.diff(repo, from, to))
      .filter((file) => file.status !== 'D')
      .map((file) => file.path);
    if (paths.length === 0)
      throw new NotFoundError('No file that still exists was changed', { field: 'files' });
    return {
      fileName: `${ctx.name}-${to.slice(0, 12)}-changed-files.zip`,
      contentType: ARCHIVE_TYPES.zip,
      body: this.history.archive(repo, to, 'zip', '', paths),
    };
  }

  async compare(ctx: RepoContext, basehead: string): Promise<PlatformCompare> {
    const { base, head, threeDot } = parseBaseHead(basehead);
    const repo = this.repoName(ctx);
    const [baseCommit, headCommit] = await Promise.all([
      this.git.resolveCommit(repo, base),
      this.git.resolveCommit(repo, head),
    ]);
    const mergeBase = await this.history.mergeBase(repo, baseCommit.sha, headCommit.sha);
    if (threeDot && !mergeBase)
      throw new NotFoundError(`${base} and ${head} share no history`, { field: 'basehead' });
    const from = threeDot ? (mergeBase as string) : baseCommit.sha;
    const [ids, files] = await Promise.all([
      this.history.range(repo, baseCommit.sha, headCommit.sha),
      this.history.diff(repo, from, headCommit.sha),
    ]);
    const ends = [baseCommit.sha, headCommit.sha, mergeBase ?? baseCommit.sha];
    const rendered = await this.renderer.render(repo, [
      ...ends,
      ...ids.slice(0, COMPARE_MAX_COMMITS),
    ]);
    return {
      base_commit: rendered[0],
      head_commit: rendered[1],
      merge_base_commit: rendered[2],
      commits: rendered.slice(3),
      files: files.map((file): ApiCommitDiffFilePatch => ({
        path: file.path,
        name: file.path.slice(file.path.lastIndexOf('/') + 1),
        mode: file.mode,
        previous_mode: file.previousMode,
        previous_filename: file.previousPath,
        status: STATUS[file.status] ?? 'modified',
        additions: file.additions,
        deletions: file.deletions,
        patch: file.patch,
      })),
      total_commits: ids.length,
    };
  }

  /** A forge username filters by that user's email; anything else is matched as text. */
  private authorPattern(author: string | undefined): string | undefined {
    const text = author?.trim();
    if (!text) return undefined;
    return this.users.find(text)?.email ?? text;
  }

  /** The statuses tools reported on a commit (a branch, tag or id). */
  async statuses(ctx: RepoContext, commitish: string): Promise<GitCommitStatus[]> {
    const { repo, repoId } = this.grantedRepo(ctx);
    const commit = await this.git.resolveCommit(repo, checkRevision('commitish', commitish));
    return this.records.statuses(repoId, commit.sha).map(toCommitStatus);
  }

  /** The statuses of a commit and their combined state (`api.CommitStatuses`). */
  combinedStatus(repoId: number, sha: string): ApiCommitStatuses {
    const statuses = this.records.statuses(repoId, sha).map(toCommitStatus);
    return { sha, state: combinedState(statuses.map((status) => status.state)), statuses };
  }

  /** Key–value annotations of a commit. */
  async commitAnnotations(ctx: RepoContext, sha: string): Promise<WebCommitAnnotation[]> {
    const { repo, repoId } = this.grantedRepo(ctx);
    const commit = await this.git.resolveCommit(repo, checkRevision('sha', sha));
    return this.records
      .commitAnnotations(repoId, commit.sha)
      .map((row) => ({ key: row.key, value: row.value, meta: {} }));
  }

  /** Key–value annotations of a tag. */
  async tagAnnotations(ctx: RepoContext, tag: string): Promise<WebTagAnnotation[]> {
    const { repo, repoId } = this.grantedRepo(ctx);
    checkRevision('tag', tag);
    if (!(await this.git.refs(repo)).refs.has(`refs/tags/${tag}`))
      throw new NotFoundError(`No tag named ${tag}`, { field: 'tag' });
    return this.records
      .tagAnnotations(repoId, tag)
      .map((row) => ({ key: row.key, value: row.value, meta: {} }));
  }

  /** Files attached to a commit, each served from the repository's files. */
  async commitAssets(ctx: RepoContext, sha: string): Promise<ApiCommitAsset[]> {
    const { repo, repoId } = this.grantedRepo(ctx);
    const commit = await this.git.resolveCommit(repo, checkRevision('sha1', sha));
    return this.records.commitAssets(repoId, commit.sha).map((row) => ({
      id: String(row.id),
      name: row.name,
      path: `/${repo.owner}/${repo.name}/-/files/${row.upload_key}/${encodeURIComponent(row.name)}`,
      size_in_byte: row.size,
      content_type: row.content_type,
      hash_algo: 'sha256',
      hash_value: row.sha256,
      download_count: row.download_count,
      author: toEmbeddedUser(row.author, this.config.publicUrl),
      created_at: row.created_at,
      updated_at: row.created_at,
    }));
  }

  private grantedRepo(ctx: RepoContext): { repo: RepoName; repoId: number } {
    const { namespace, repo } = ctx.granted();
    return { repo: { owner: namespace.path, name: repo.name }, repoId: repo.id };
  }

  private repoName(ctx: RepoContext): RepoName {
    const { namespace, repo } = ctx.granted();
    return { owner: namespace.path, name: repo.name };
  }
}
