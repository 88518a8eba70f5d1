import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { UpstreamError } from '../../common/errors';
import { GitAdapter, type RepoName } from './git.adapter';
import { GitRunner } from './git-runner';

/** Which commits a list shows: reachable from `start`, optionally by author and time. */
export interface CommitFilter {
  /** A full commit id (already resolved). */
  start: string;
  /** Matched as a fixed string, ignoring case, against `Name <email>`. */
  author?: string;
  /** Matched like `author`, against the committer. */
  committer?: string;
  since?: Date;
  until?: Date;
}

/** One changed file between two commits. */
export interface DiffFile {
  path: string;
  previousPath: string;
  /** git's status letter: A, D, M, R, C, T. */
  status: string;
  /** File modes after and before (`100644`; `000000` where the file does not exist). */
  mode: string;
  previousMode: string;
  /** The file's blob id after the change (zeros when deleted). */
  sha: string;
  additions: number;
  deletions: number;
  patch: string;
}

/** A commit as a push reports it. */
export interface PushedCommit {
  sha: string;
  authorName: string;
  authorEmail: string;
  message: string;
}

const FULL_ID = /^[0-9a-f]{40}$/;
/** Patches past this size are left out (the file list stays). */
const MAX_PATCH_BYTES = 8 * 1024 * 1024;
/** One file's patch is cut here. */
const MAX_FILE_PATCH = 256 * 1024;

function requireId(value: string): string {
  // Every id here comes from a resolved ref; anything else is a bug, not user input.
  if (!FULL_ID.test(value)) throw new UpstreamError(`not a commit id: ${value.slice(0, 50)}`);
  return value;
}

/**
 * History reads that need git's graph walking: commit lists, ranges, merge bases and
 * diffs. One process per call, with resolved commit ids only after the options.
 */
@Injectable()
export class GitHistoryAdapter {
  constructor(
    private readonly adapter: GitAdapter,
    private readonly git: GitRunner,
  ) {}

  /** Paths of every file in a commit's tree. */
  async fileNames(repo: RepoName, commit: string): Promise<string[]> {
    const { stdout } = await this.git.run(
      ['ls-tree', '-r', '-z', '--name-only', requireId(commit)],
      { cwd: this.adapter.dir(repo) },
    );
    return stdout
      .toString('utf8')
      .split('\0')
      .filter((name) => name !== '');
  }

  /**
   * `git archive` of a commit (optionally only some paths), as zip or tar.gz, streamed.
   * Paths must already be checked and are passed after `--`.
   */
  archive(
    repo: RepoName,
    commit: string,
    format: 'zip' | 'tar.gz',
    prefix: string,
    paths: readonly string[] = [],
  ): Readable {
    const process = this.git.spawn(
      ['archive', `--format=${format}`, `--prefix=${prefix}`, requireId(commit), '--', ...paths],
      // Paths are file names, never pathspec magic.
      { cwd: this.adapter.dir(repo), timeoutMs: 10 * 60_000, env: { GIT_LITERAL_PATHSPECS: '1' } },
    );
    process.child.stdin.end();
    void process.exit.then(({ code }) => {
      if (code !== 0) process.child.stdout.destroy(new Error('git archive failed'));
    });
    return process.child.stdout;
  }

  /** Ids of the commits matching the filter, newest first. */
  async commitIds(repo: RepoName, filter: CommitFilter): Promise<string[]> {
    const args = ['rev-list'];
    if (filter.since) args.push(`--max-age=${Math.floor(filter.since.getTime() / 1000)}`);
    if (filter.until) args.push(`--min-age=${Math.floor(filter.until.getTime() / 1000)}`);
    if (filter.author || filter.committer) args.push('--fixed-strings', '--regexp-ignore-case');
    if (filter.author) args.push(`--author=${filter.author}`);
    if (filter.committer) args.push(`--committer=${filter.committer}`);
    args.push(requireId(filter.start), '--');
    return lines(await this.run(repo, args));
  }

  /** Ids of the commits in `head` but not in `base`, oldest first. */
  async range(repo: RepoName, base: string, head: string): Promise<string[]> {
    const args = ['rev-list', '--reverse', requireId(head), `^${requireId(base)}`, '--'];
    return lines(await this.run(repo, args));
  }

  /** The best common ancestor of two commits, or null when they share none. */
  async mergeBase(repo: RepoName, a: string, b: string): Promise<string | null> {
    const result = await this.git.run(['merge-base', requireId(a), requireId(b)], {
      cwd: this.adapter.dir(repo),
      okCodes: [1],
    });
    return result.code === 0 ? result.stdout.toString('utf8').trim() : null;
  }

  /** Whether `head` merges into `base` without conflicts (`git merge-tree`). */
  async mergesCleanly(repo: RepoName, base: string, head: string): Promise<boolean> {
    const result = await this.git.run(
      ['merge-tree', '--write-tree', '--no-messages', requireId(base), requireId(head)],
      { cwd: this.adapter.dir(repo), okCodes: [1], timeoutMs: 60_000 },
    );
    return result.code === 0;
  }

  /** Files changed from `from` to `to`, with their patches (renames detected). */
  async diff(repo: RepoName, from: string, to: string): Promise<DiffFile[]> {
    const common = [
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '-M',
      requireId(from),
      requireId(to),
      '--',
    ];
    const [names, raw, patch] = await Promise.all([
      this.run(repo, ['diff', '--name-status', '-z', ...common]),
      this.run(repo, ['diff', '--raw', '-z', ...common]),
      this.git
        .run(['diff', '--patch', ...common], {
          cwd: this.adapter.dir(repo),
          maxOutputBytes: MAX_PATCH_BYTES,
        })
        .then((result) => result.stdout.toString('utf8'))
        .catch(() => null),
    ]);
    const files = parseNameStatus(names);
    const sections = patch === null ? [] : splitPatch(patch);
    const modes = parseRawModes(raw);
    return files.map((file, index) => ({
      ...file,
      mode: modes[index]?.mode ?? '',
      previousMode: modes[index]?.previousMode ?? '',
      sha: modes[index]?.sha ?? '',
      ...countPatch(sections[index] ?? ''),
    }));
  }

  /**
   * Commits reachable from `tip` and from none of `exclude` (what a push brought),
   * newest first: how many, and the first `limit` of them.
   */
  async newCommits(
    repo: RepoName,
    tip: string,
    exclude: readonly string[],
    limit: number,
  ): Promise<{ count: number; commits: PushedCommit[] }> {
    const input = [requireId(tip), ...exclude.map((sha) => `^${requireId(sha)}`)].join('\n');
    const result = await this.git.run(
      ['log', '--stdin', '--format=%H%x1f%an%x1f%ae%x1f%B%x1e', '--'],
      { cwd: this.adapter.dir(repo), input: `${input}\n`, timeoutMs: 60_000 },
    );
    const records = result.stdout
      .toString('utf8')
      .split('\x1e')
      .map((record) => record.replace(/^\n/, ''))
      .filter((record) => record !== '');
    const commits = records.slice(0, limit).map((record) => {
      const [sha, authorName, authorEmail, message] = record.split('\x1f');
      return { sha, authorName, authorEmail, message: message.trim() };
    });
    return { count: records.length, commits };
  }

  private async run(repo: RepoName, args: string[]): Promise<string> {
    const result = await this.git.run(args, { cwd: this.adapter.dir(repo), timeoutMs: 60_000 });
    return result.stdout.toString('utf8');
  }
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

/** `--name-status -z`: `M\0path\0`, `R100\0old\0new\0`. */
export function parseNameStatus(
  text: string,
): Omit<DiffFile, 'additions' | 'deletions' | 'patch' | 'mode' | 'previousMode' | 'sha'>[] {
  const fields = text.split('\0');
  const files: Omit<
    DiffFile,
    'additions' | 'deletions' | 'patch' | 'mode' | 'previousMode' | 'sha'
  >[] = [];
  for (let i = 0; i < fields.length && fields[i] !== '';) {
    const status = fields[i].charAt(0);
    if (status === 'R' || status === 'C') {
      files.push({ status, previousPath: fields[i + 1], path: fields[i + 2] });
      i += 3;
    } else {
      files.push({ status, previousPath: '', path: fields[i + 1] });
      i += 2;
    }
  }
  return files;
}

/** One section per file, in the order `--name-status` lists them. */
export function splitPatch(text: string): string[] {
  const sections: string[] = [];
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      if (current) sections.push(current.join('\n'));
      current = [];
      continue;
    }
    current?.push(line);
  }
  if (current) sections.push(current.join('\n'));
  return sections;
}

/** The hunks of one file's section (from the first `@@`) and its added and removed lines. */
export function countPatch(section: string): Pick<DiffFile, 'additions' | 'deletions' | 'patch'> {
  const start = section.startsWith('@@') ? 0 : section.indexOf('\n@@');
  if (start === -1) return { additions: 0, deletions: 0, patch: '' };
  const hunks = section.slice(start === 0 ? 0 : start + 1).replace(/\n$/, '');
  let additions = 0;
  let deletions = 0;
  for (const line of hunks.split('\n')) {
    if (line.startsWith('+')) additions += 1;
    else if (line.startsWith('-')) deletions += 1;
  }
  return {
    additions,
    deletions,
    patch: hunks.length > MAX_FILE_PATCH ? `${hunks.slice(0, MAX_FILE_PATCH)}\n…` : hunks,
  };
}

/** The modes of each file of `git diff --raw -z`, in order (`:old new oldsha newsha status`, then one or two paths). */
function parseRawModes(raw: string): { mode: string; previousMode: string; sha: string }[] {
  const out: { mode: string; previousMode: string; sha: string }[] = [];
  const tokens = raw.split('\0');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token.startsWith(':')) continue;
    const [previousMode, mode, , sha, status] = token.slice(1).split(' ');
    out.push({ mode, previousMode, sha });
    i += /^[RC]/.test(status ?? '') ? 2 : 1;
  }
  return out;
}
