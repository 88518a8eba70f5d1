import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { ApiContent } from '@shared/platform/published';
import type {
  BlobContent,
  ContentResponse,
  CreateBlobResponse,
  TreeContent,
  TreeEntry,
} from '@shared/platform/types';
import { InvalidError, NotFoundError } from '../../common/errors';
import { contentTypeFor } from '../http/content-type';
import type { RepoContext } from '../access/request-context';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import { checkRepoPath, parseTree } from '../git/git-objects';
import { GitWriteAdapter } from '../git/git-write.adapter';
import { checkRevision, isHexId, refNameProblem } from '../git/ref-name';
import { findRef } from '../git/ref-snapshot';
import type { CreateBlobDto } from './contents.dto';

/** Files past this size are not inlined as base64 (the raw route streams them). */
const MAX_INLINE_BYTES = 10 * 1024 * 1024;
/** Raw files up to this size come through the warm cat-file pipe; larger ones are streamed. */
const MAX_BUFFERED_RAW = 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A raw file ready to send. */
export interface RawFile {
  contentType: string;
  size: number;
  sha: string;
  body: Buffer | Readable;
}

/** Files and folders of a repository at a revision, raw bytes, and blobs written without a commit. */
@Injectable()
export class ContentsService {
  constructor(
    private readonly git: GitAdapter,
    private readonly writes: GitWriteAdapter,
  ) {}

  /** The tree or blob at `path` (root when empty) of `ref` (default branch when absent). */
  async contents(
    ctx: RepoContext,
    rawPath: string,
    ref: string | undefined,
  ): Promise<ContentResponse> {
    const path = rawPath.replace(/\/$/, '');
    if (path !== '') checkRepoPath('path', path);
    if (ref !== undefined) checkRevision('ref', ref);
    const repo = this.repoName(ctx);
    const commit = await this.git.resolveCommit(repo, ref);
    const object = path === '' ? `${commit.sha}^{tree}` : `${commit.sha}:${path}`;
    const info = await this.git.info(repo, object);
    if (!info || (info.type !== 'tree' && info.type !== 'blob'))
      throw new NotFoundError(`No file or folder ${path} at ${ref ?? 'the default branch'}`, {
        field: 'path',
      });
    if (info.type === 'tree') return this.tree(repo, path, info.sha);
    if (info.size > MAX_INLINE_BYTES) {
      throw new InvalidError(
        `${path} is larger than ${MAX_INLINE_BYTES} bytes; read it through /-/git/raw`,
        { field: 'path' },
      );
    }
    const blob = await this.git.read(repo, info.sha);
    if (!blob) throw new NotFoundError(`No file ${path}`, { field: 'path' });
    const content: ApiContent & BlobContent = {
      type: 'blob',
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
      sha: blob.sha,
      size: blob.size,
      encoding: 'base64',
      content: blob.data.toString('base64'),
      entries: [],
      // The forge stores no LFS objects: the LFS fields are empty.
      lfs_download_url: '',
      lfs_oid: '',
      lfs_size: 0,
    };
    return content;
  }

  /**
   * `/-/git/raw/{ref}/{path}`: the ref may itself hold `/`, so the longest leading run
   * of segments that names an existing branch or tag wins; else the first segment may
   * be a commit id.
   */
  async raw(ctx: RepoContext, refAndPath: string, maxBytes = 0): Promise<RawFile> {
    checkRepoPath('path', refAndPath);
    const segments = refAndPath.split('/');
    if (segments[0].startsWith('-'))
      throw new InvalidError('ref starts with "-"', { field: 'ref' });
    if (segments.length < 2)
      throw new NotFoundError('The raw route needs a ref and a file path', { field: 'path' });
    const repo = this.repoName(ctx);
    const { sha, path } = await this.splitRefAndPath(repo, segments);
    const info = await this.git.info(repo, `${sha}:${path}`);
    if (!info || info.type !== 'blob')
      throw new NotFoundError(`No file ${path}`, { field: 'path' });
    // The forge sets no size limit of its own, so 0 (the published default) sends any file.
    if (maxBytes > 0 && info.size > maxBytes) {
      throw new InvalidError(`${path} is ${info.size} bytes, more than max_in_byte (${maxBytes})`, {
        field: 'max_in_byte',
      });
    }
    if (info.size > MAX_BUFFERED_RAW) {
      return {
        contentType: contentTypeFor(path),
        size: info.size,
        sha: info.sha,
        body: this.git.streamBlob(repo, info.sha),
      };
    }
    const blob = await this.git.read(repo, info.sha);
    if (!blob) throw new NotFoundError(`No file ${path}`, { field: 'path' });
    return {
      contentType: contentTypeFor(path, blob.data),
      size: blob.size,
      sha: blob.sha,
      body: blob.data,
    };
  }

  /** Store a blob (utf-8 or base64 content) without committing it. */
  async createBlob(ctx: RepoContext, input: CreateBlobDto): Promise<CreateBlobResponse> {
    const bytes = decodeContent(input);
    const context = ctx.granted();
    const sha = await this.writes.writeBlob(
      { owner: context.namespace.path, name: context.repo.name },
      bytes,
    );
    return { sha };
  }

  private repoName(ctx: RepoContext): RepoName {
    const { namespace, repo } = ctx.granted();
    return { owner: namespace.path, name: repo.name };
  }

  private async tree(repo: RepoName, path: string, sha: string): Promise<TreeContent> {
    const object = await this.git.read(repo, sha);
    if (!object) throw new NotFoundError(`No folder ${path}`, { field: 'path' });
    // Submodules (commit entries) point into other repositories; they are not listed.
    const listed = parseTree(object.data).filter((entry) => entry.type !== 'commit');
    const sizes = await Promise.all(
      listed.map((entry) =>
        entry.type === 'blob'
          ? this.git.info(repo, entry.sha).then((info) => info?.size ?? 0)
          : Promise.resolve(0),
      ),
    );
    const entries: TreeEntry[] = listed.map((entry, index) => ({
      type: entry.type as 'blob' | 'tree',
      path: path === '' ? entry.name : `${path}/${entry.name}`,
      name: entry.name,
      sha: entry.sha,
      size: sizes[index],
    }));
    // A folder has no content, encoding or LFS object: those fields are empty.
    const tree: ApiContent & TreeContent = {
      type: 'tree',
      path,
      name: path.slice(path.lastIndexOf('/') + 1),
      sha,
      size: 0,
      entries,
      content: '',
      encoding: '',
      lfs_download_url: '',
      lfs_oid: '',
      lfs_size: 0,
    };
    return tree;
  }

  private async splitRefAndPath(
    repo: RepoName,
    segments: string[],
  ): Promise<{ sha: string; path: string }> {
    const refs = await this.git.refs(repo);
    for (let count = segments.length - 1; count >= 1; count--) {
      const candidate = segments.slice(0, count).join('/');
      if (refNameProblem(candidate)) continue;
      const ref = findRef(refs, candidate);
      if (ref?.commit) return { sha: ref.commit, path: segments.slice(count).join('/') };
    }
    if (isHexId(segments[0])) {
      const commit = await this.git.resolveCommit(repo, segments[0]);
      return { sha: commit.sha, path: segments.slice(1).join('/') };
    }
    throw new NotFoundError('No branch, tag or commit starts that path', { field: 'ref' });
  }
}

/** The bytes of a blob request; InvalidError for base64 that is not base64. */
function decodeContent(input: CreateBlobDto): Buffer {
  if (input.encoding === 'utf-8') return Buffer.from(input.content, 'utf8');
  const compact = input.content.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact))
    throw new InvalidError('content is not valid base64', { field: 'content' });
  return Buffer.from(compact, 'base64');
}
