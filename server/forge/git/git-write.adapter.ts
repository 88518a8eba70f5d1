import { Injectable } from '@nestjs/common';
import { ConflictError, UpstreamError } from '../../common/errors';
import { GitAdapter, type RepoName } from './git.adapter';
import { GitRunner } from './git-runner';
import { refNameProblem } from './ref-name';

/** Who signs a tag or a commit, and when. */
export interface GitIdentity {
  name: string;
  email: string;
  date: Date;
}

/** One file written by `commitFiles`. */
export interface FileWrite {
  path: string;
  content: Buffer | string;
}

const FULL_ID = /^[0-9a-f]{40}$/;

/** A full ref name built by the forge from a checked short name. */
function checkFullRef(full: string): string {
  const problem = refNameProblem(full);
  if (problem || !/^refs\/(heads|tags)\//.test(full))
    throw new UpstreamError(
      `refused ref ${full.slice(0, 80)}: ${problem ?? 'not a branch or tag'}`,
    );
  return full;
}

function requireId(value: string): string {
  if (!FULL_ID.test(value)) throw new UpstreamError(`not an object id: ${value.slice(0, 50)}`);
  return value;
}

/** A name or email without the characters that would break a commit or tag header. */
function clean(text: string): string {
  return text.replace(/[<>\n\r\0]/g, '').trim() || 'unknown';
}

/** `Name <email> <seconds> +0000`, as fast-import and tag objects write people. */
function ident(person: GitIdentity): string {
  return `${clean(person.name)} <${clean(person.email)}> ${gitTime(person.date)}`;
}

function gitTime(date: Date): string {
  return `${Math.floor(date.getTime() / 1000)} +0000`;
}

/**
 * Every write to a repository outside git push: ref updates with the expected old
 * value (so a concurrent change is a conflict, not a lost update), blobs, annotated
 * tags and fast-import streams. Each write drops the cached refs.
 */
@Injectable()
export class GitWriteAdapter {
  constructor(
    private readonly adapter: GitAdapter,
    private readonly git: GitRunner,
  ) {}

  /** Point `full` at `sha`, only if it now points at `expected` (ZERO_OID: only if it does not exist). */
  async updateRef(repo: RepoName, full: string, sha: string, expected: string): Promise<void> {
    try {
      await this.run(repo, [
        'update-ref',
        '-m',
        'forge api',
        '--',
        checkFullRef(full),
        requireId(sha),
        requireId(expected),
      ]);
    } catch (error) {
      throw new ConflictError(`${full} changed meanwhile or clashes with another ref`, {
        field: 'name',
        cause: String(error),
      });
    } finally {
      this.adapter.invalidate(repo);
    }
  }

  /** Delete `full` if it still points at `expected`. */
  async deleteRef(repo: RepoName, full: string, expected: string): Promise<void> {
    try {
      await this.run(repo, ['update-ref', '-d', '--', checkFullRef(full), requireId(expected)]);
    } catch (error) {
      throw new ConflictError(`${full} changed meanwhile`, { field: 'name', cause: String(error) });
    } finally {
      this.adapter.invalidate(repo);
    }
  }

  /** Store a blob (no commit); returns its id. */
  async writeBlob(repo: RepoName, content: Buffer): Promise<string> {
    const result = await this.git.run(['hash-object', '-w', '--stdin'], {
      cwd: this.adapter.dir(repo),
      input: content,
    });
    return result.stdout.toString('utf8').trim();
  }

  /** Create the annotated tag `name` on `target`, signed by `tagger`. */
  async createAnnotatedTag(
    repo: RepoName,
    name: string,
    target: string,
    message: string,
    tagger: GitIdentity,
  ): Promise<void> {
    checkFullRef(`refs/tags/${name}`);
    try {
      await this.git.run(['tag', '-a', '-F', '-', '--', name, requireId(target)], {
        cwd: this.adapter.dir(repo),
        input: message.endsWith('\n') ? message : `${message}\n`,
        env: {
          GIT_COMMITTER_NAME: clean(tagger.name),
          GIT_COMMITTER_EMAIL: clean(tagger.email),
          GIT_COMMITTER_DATE: gitTime(tagger.date),
        },
      });
    } catch (error) {
      throw new ConflictError(`Tag ${name} already exists`, {
        field: 'name',
        cause: String(error),
      });
    } finally {
      this.adapter.invalidate(repo);
    }
  }

  /**
   * Run one `git fast-import` over a stream the forge built (the seed's history, the
   * simulator's commits): one process for any number of commits.
   */
  async fastImport(
    repo: RepoName,
    stream: string | Buffer,
    options: { timeoutMs?: number; pack?: boolean } = {},
  ): Promise<void> {
    // git leaves imports under 100 objects loose; a seeded history reads and copies faster as one pack.
    const pack = options.pack ? ['-c', 'fastimport.unpackLimit=0'] : [];
    try {
      await this.git.run([...pack, 'fast-import', '--quiet', '--done'], {
        cwd: this.adapter.dir(repo),
        input: stream,
        timeoutMs: options.timeoutMs ?? 120_000,
      });
    } finally {
      this.adapter.invalidate(repo);
    }
  }

  /**
   * Commit `files` on top of `branch` as `author` (one fast-import); the branch must
   * exist unless `parent` is null. Returns nothing: read the refs for the new tip.
   */
  async commitFiles(
    repo: RepoName,
    branch: string,
    author: GitIdentity,
    message: string,
    files: readonly FileWrite[],
    parent: 'tip' | null = 'tip',
  ): Promise<void> {
    const full = checkFullRef(`refs/heads/${branch}`);
    const chunks: Buffer[] = [];
    const text = (value: string): void => {
      chunks.push(Buffer.from(value, 'utf8'));
    };
    const data = (value: Buffer | string): void => {
      const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
      text(`data ${bytes.length}\n`);
      chunks.push(bytes);
      text('\n');
    };
    text(`commit ${full}\nauthor ${ident(author)}\ncommitter ${ident(author)}\n`);
    data(message);
    if (parent === 'tip') text(`from ${full}^0\n`);
    for (const file of files) {
      if (/[\n\r\0"]/.test(file.path) || file.path.startsWith('/'))
        throw new UpstreamError(`refused path ${file.path.slice(0, 80)}`);
      text(`M 100644 inline ${file.path}\n`);
      data(file.content);
    }
    text('\ndone\n');
    await this.fastImport(repo, Buffer.concat(chunks), { timeoutMs: 30_000 });
  }

  /**
   * The commit that merges `head` into a branch at `base`, written but not yet on any
   * ref: a merge commit (`merge`), one commit with the merged tree on `base` (`squash`),
   * or `head` itself when `base` is its ancestor (`rebase`, a fast-forward: the forge
   * replays no commits). ConflictError when the trees conflict, or a rebase is not a
   * fast-forward.
   */
  async mergeCommit(
    repo: RepoName,
    base: string,
    head: string,
    style: 'merge' | 'squash' | 'rebase',
    author: GitIdentity,
    message: string,
  ): Promise<string> {
    const cwd = this.adapter.dir(repo);
    if (style === 'rebase') {
      const ancestor = await this.git.run(
        ['merge-base', '--is-ancestor', requireId(base), requireId(head)],
        { cwd, okCodes: [1] },
      );
      if (ancestor.code !== 0)
        throw new ConflictError('The head is not ahead of the base: rebase needs a fast-forward', {
          field: 'merge_style',
        });
      return head;
    }
    const merged = await this.git.run(
      ['merge-tree', '--write-tree', '--no-messages', requireId(base), requireId(head)],
      { cwd, okCodes: [1] },
    );
    if (merged.code !== 0)
      throw new ConflictError('The pull request has conflicts with its base', {
        field: 'number',
      });
    const tree = requireId(merged.stdout.toString('utf8').split('\n')[0].trim());
    const parents = style === 'merge' ? ['-p', base, '-p', head] : ['-p', base];
    const who = {
      name: clean(author.name),
      email: clean(author.email),
      date: `@${gitTime(author.date)}`,
    };
    const commit = await this.git.run(['commit-tree', tree, ...parents, '-F', '-'], {
      cwd,
      input: Buffer.from(message, 'utf8'),
      env: {
        GIT_AUTHOR_NAME: who.name,
        GIT_AUTHOR_EMAIL: who.email,
        GIT_AUTHOR_DATE: who.date,
        GIT_COMMITTER_NAME: who.name,
        GIT_COMMITTER_EMAIL: who.email,
        GIT_COMMITTER_DATE: who.date,
      },
    });
    return requireId(commit.stdout.toString('utf8').trim());
  }

  private async run(repo: RepoName, args: string[]): Promise<void> {
    await this.git.run(args, { cwd: this.adapter.dir(repo) });
  }
}
