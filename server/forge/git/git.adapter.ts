import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../common/errors';
import { DataPaths } from '../storage/data-paths';
import type { ObjectData, ObjectInfo } from './cat-file-batch';
import { CatFilePool } from './cat-file-pool';
import { parseCommit, parseTag, type GitCommit, type GitTagObject } from './git-objects';
import { GitRunner } from './git-runner';
import { isHexId } from './ref-name';
import { RepoLocks } from './repo-locks';
import { findRef, FOR_EACH_REF_FORMAT, parseRefs, type RefSnapshot } from './ref-snapshot';

/** A repository by owner and name; DataPaths turns it into a folder. */
export interface RepoName {
  owner: string;
  name: string;
}

/** A revision resolved to a commit. */
export interface ResolvedCommit {
  sha: string;
  /** Full ref name when the revision named a ref. */
  ref: string | null;
}

/** Ref snapshots are dropped by every write the forge makes; this bounds changes made behind its back. */
const REF_CACHE_MS = 30_000;
/** Object lookups remembered (`<commit>:<path>` never changes its answer). */
const INFO_CACHE_ENTRIES = 20_000;
/** Names whose answer depends only on a commit id, so it can be remembered. */
const IMMUTABLE_NAME = /^[0-9a-f]{40}(?::|\^\{tree\}$)/;
/** A blob streamed from its own process may take this long. */
const STREAM_TIMEOUT_MS = 10 * 60_000;

interface CachedRefs {
  at: number;
  snapshot: Promise<RefSnapshot>;
}

/**
 * The forge's one door to git and to repository folders: repository lifecycle, refs
 * (cached per repository, invalidated by every write) and object reads through the
 * warm cat-file pool. Repositories are named by owner and name only.
 */
@Injectable()
export class GitAdapter implements OnApplicationShutdown {
  private readonly refCache = new Map<string, CachedRefs>();
  private readonly locks = new RepoLocks();
  /** Insertion order doubles as recency (a hit moves the entry to the end). */
  private readonly infoCache = new Map<string, ObjectInfo>();

  constructor(
    private readonly paths: DataPaths,
    private readonly git: GitRunner,
    private readonly pool: CatFilePool,
  ) {}

  /** The bare repository folder (validated by DataPaths). */
  dir(repo: RepoName): string {
    return this.paths.repository(repo.owner, repo.name);
  }

  /** Create the empty bare repository of `owner/name` with `main` as its default branch. */
  async initBare(owner: string, name: string): Promise<void> {
    const dir = this.paths.repository(owner, name);
    await fs.mkdir(this.paths.ownerFolder(owner), { recursive: true });
    // No template: the sample hooks would make every repository (and each test's copy) 100 kB larger.
    await this.git.run(['init', '--quiet', '--bare', '--template=', '-b', 'main', '--', dir], {
      timeoutMs: 15_000,
    });
  }

  /** Remove the bare repository of `owner/name` and everything in it. */
  async remove(owner: string, name: string): Promise<void> {
    const dir = this.paths.repository(owner, name);
    this.pool.close(dir, true);
    this.refCache.delete(dir);
    this.infoCache.clear();
    await fs.rm(dir, { recursive: true, force: true });
  }

  /**
   * Run `work` alone among the ref changes of one repository (pushes, the simulator's
   * commits, branch and tag writes), so that refs compared before and after belong to it.
   */
  exclusive<T>(repo: RepoName, work: () => Promise<T>): Promise<T> {
    return this.locks.run(this.dir(repo), work);
  }

  /** Every ref and the default branch, cached until the next write. */
  refs(repo: RepoName): Promise<RefSnapshot> {
    const dir = this.dir(repo);
    const cached = this.refCache.get(dir);
    if (cached && Date.now() - cached.at < REF_CACHE_MS) return cached.snapshot;
    const snapshot = this.readRefs(dir);
    this.refCache.set(dir, { at: Date.now(), snapshot });
    snapshot.catch(() => {
      if (this.refCache.get(dir)?.snapshot === snapshot) this.refCache.delete(dir);
    });
    return snapshot;
  }

  /** Refs read now, bypassing the cache (before and after a push). */
  freshRefs(repo: RepoName): Promise<RefSnapshot> {
    this.invalidate(repo);
    return this.refs(repo);
  }

  /** Forget the cached refs of a repository after its refs changed. */
  invalidate(repo: RepoName): void {
    this.refCache.delete(this.dir(repo));
  }

  /**
   * The commit a caller's revision names: the default branch when absent, else a
   * branch, a tag or a (possibly abbreviated) commit id. NotFoundError otherwise.
   * `rev` must already have passed `checkRevision`.
   */
  async resolveCommit(repo: RepoName, rev?: string): Promise<ResolvedCommit> {
    const snapshot = await this.refs(repo);
    const name = rev ?? snapshot.head;
    const ref = findRef(snapshot, name);
    if (ref?.commit) return { sha: ref.commit, ref: ref.name };
    if (rev === undefined)
      throw new NotFoundError('The repository has no commits yet', { field: 'ref' });
    if (isHexId(name)) {
      const sha = await this.peelToCommit(repo, name.toLowerCase());
      if (sha) return { sha, ref: null };
    }
    throw new NotFoundError(`No branch, tag or commit named ${name}`, { field: 'ref' });
  }

  /**
   * Type and size of an object (`<sha>`, `<sha>:<path>`), or null. Lookups by commit id
   * are remembered: a file read then costs one pipe round trip instead of two.
   */
  async info(repo: RepoName, object: string): Promise<ObjectInfo | null> {
    const dir = this.dir(repo);
    if (!IMMUTABLE_NAME.test(object)) return this.pool.get(dir).info(object);
    const key = `${dir}\n${object}`;
    const cached = this.infoCache.get(key);
    if (cached) {
      this.infoCache.delete(key);
      this.infoCache.set(key, cached);
      return cached;
    }
    const info = await this.pool.get(dir).info(object);
    if (info) {
      if (this.infoCache.size >= INFO_CACHE_ENTRIES)
        this.infoCache.delete(this.infoCache.keys().next().value as string);
      this.infoCache.set(key, info);
    }
    return info;
  }

  /** An object with its bytes, or null. */
  read(repo: RepoName, object: string): Promise<ObjectData | null> {
    return this.pool.get(this.dir(repo)).contents(object);
  }

  /** One commit, parsed; NotFoundError when `sha` is no commit. */
  async commit(repo: RepoName, sha: string): Promise<GitCommit> {
    const object = await this.read(repo, sha);
    if (!object || object.type !== 'commit')
      throw new NotFoundError(`No commit ${sha}`, { field: 'sha' });
    return parseCommit(object.sha, object.data);
  }

  /** Several commits, parsed, in the order asked (the reads are pipelined on one process). */
  commits(repo: RepoName, shas: readonly string[]): Promise<GitCommit[]> {
    return Promise.all(shas.map((sha) => this.commit(repo, sha)));
  }

  /** An annotated tag object, parsed, or null when `sha` is not one. */
  async tagObject(repo: RepoName, sha: string): Promise<GitTagObject | null> {
    const object = await this.read(repo, sha);
    return object?.type === 'tag' ? parseTag(object.sha, object.data) : null;
  }

  /** The bytes of a large blob as a stream from its own process (the pool's pipe stays free). */
  streamBlob(repo: RepoName, sha: string): Readable {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new NotFoundError(`No blob ${sha}`);
    const process = this.git.spawn(['cat-file', 'blob', sha], {
      cwd: this.dir(repo),
      timeoutMs: STREAM_TIMEOUT_MS,
      idleTimeoutMs: 60_000,
    });
    process.child.stdin.end();
    process.child.stdout.once('close', () => process.kill());
    return process.child.stdout;
  }

  /** Stop every warm process. */
  onApplicationShutdown(): void {
    this.pool.closeAll();
  }

  /** Follow tags from an id to the commit behind it; null when there is none. */
  private async peelToCommit(repo: RepoName, id: string): Promise<string | null> {
    let object = await this.info(repo, id);
    for (let depth = 0; object && depth < 5; depth++) {
      if (object.type === 'commit') return object.sha;
      if (object.type !== 'tag') return null;
      const tag = await this.tagObject(repo, object.sha);
      object = tag ? await this.info(repo, tag.object) : null;
    }
    return null;
  }

  private async readRefs(dir: string): Promise<RefSnapshot> {
    const [listing, head] = await Promise.all([
      this.git.run(['for-each-ref', `--format=${FOR_EACH_REF_FORMAT}`], { cwd: dir }),
      fs.readFile(path.join(dir, 'HEAD'), 'utf8').catch(() => ''),
    ]);
    const match = /^ref: refs\/heads\/(.+)\s*$/.exec(head);
    return {
      head: match ? match[1].trim() : 'main',
      refs: parseRefs(listing.stdout.toString('utf8')),
    };
  }
}
