import { Injectable } from '@nestjs/common';
import { isNpcUser } from '@shared/board/npc';
import type { PlatformCommit } from '@shared/platform/types';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors';
import { BoardConfig } from '../config/board-config';
import { notePending } from '../cache/freshness';
import { PlatformClient } from '../platform/platform-client';
import { BackgroundReads } from './background-reads';

const DAY_MS = 86_400_000;
/** How far back commits are read for the people/NPC split. */
export const COMMIT_WINDOW_DAYS = 31;

/** Who committed to a repository lately, people and NPCs apart. */
export interface RepoCommitSplit {
  /** Latest commit by a person within the window, or null. */
  last_human_commit_at: string | null;
  last_npc_commit_at: string | null;
  /** Lower-case NPC username → its latest commit. */
  npc_latest: Map<string, string>;
  /** Commit times of the window, newest first (rankings count them). */
  times: number[];
}

/**
 * Commits of the last 31 days per repository (docs/rules.md#people-and-npcs), read
 * with `since` at the start of a UTC day so that the answer is one cache entry per
 * repository and day, not one per request.
 */
@Injectable()
export class RepoActivityService {
  /** The latest split per repository, for the stuck rule's "commit list already at hand". */
  private readonly recent = new LRUCache<string, { at: number; split: RepoCommitSplit }>({
    max: 5_000,
  });

  /** Splits by the repository's newest-commit time, read again only when it moves. */
  private readonly byVersion = new LRUCache<
    string,
    { version: string; window: string; split: RepoCommitSplit | null }
  >({ max: 5_000 });

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly reads: BackgroundReads,
  ) {}

  /** `since` of the commit reads: 31 days before the start of today (UTC). */
  windowStart(now = this.clock.now()): Date {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return new Date(today - COMMIT_WINDOW_DAYS * DAY_MS);
  }

  /**
   * The split of one repository; `null` when its commits cannot be read. With `version`
   * (the repository's newest-commit time from its record), a split read for the same
   * version and window is used again without a call: no new commit, nothing to read.
   */
  async split(repo: string, version?: string): Promise<RepoCommitSplit | null> {
    const held = this.heldFor(repo, version);
    if (held !== undefined) return held;
    const window = this.windowStart().toISOString();
    const { split, lasting } = await this.read(repo);
    // A list the platform says is not there (a repository without commits) is remembered
    // too; a failure of the moment is not.
    if (version !== undefined && lasting) this.byVersion.set(repo, { version, window, split });
    return split;
  }

  /**
   * The split of one repository as held for `version` and today's window, without a call
   * (docs/architecture.md#core-first): `undefined` when it has not been read (its read is
   * then queued as background work and the answer notes `commits` as pending), `null`
   * when the repository's commits cannot be read.
   */
  knownSplit(repo: string, version: string | undefined): RepoCommitSplit | null | undefined {
    const held = this.heldFor(repo, version);
    if (held !== undefined) return held;
    if (version === undefined) {
      // A record without its newest-commit time: a split read within the cache life stands.
      const recent = this.recent.get(repo);
      if (recent && this.clock.now().getTime() - recent.at < this.config.cacheTtlMs)
        return recent.split;
    }
    notePending('commits');
    this.reads.request(`commits:${repo}`, () => this.split(repo, version), {
      enrichment: 'commits',
      repo,
    });
    return undefined;
  }

  /** The split read for `version` and today's window, noted as recent; else undefined. */
  private heldFor(repo: string, version: string | undefined): RepoCommitSplit | null | undefined {
    if (version === undefined) return undefined;
    const known = this.byVersion.get(repo);
    if (known?.version !== version || known.window !== this.windowStart().toISOString())
      return undefined;
    if (known.split) this.recent.set(repo, { at: this.clock.now().getTime(), split: known.split });
    return known.split;
  }

  private async read(repo: string): Promise<{ split: RepoCommitSplit | null; lasting: boolean }> {
    let commits: PlatformCommit[];
    try {
      commits = await this.platform.listCommits(repo, {
        since: this.windowStart().toISOString(),
      });
    } catch (error) {
      return { split: null, lasting: error instanceof DomainError && error.kind === 'not_found' };
    }
    const split = splitCommits(commits, this.config.npcHandles);
    this.recent.set(repo, { at: this.clock.now().getTime(), split });
    return { split, lasting: true };
  }

  /** NPC commits of a repository when its list was read within the cache TTL, else undefined. */
  knownNpcCommits(repo: string): ReadonlyMap<string, string> | undefined {
    const entry = this.recent.get(repo);
    if (!entry || this.clock.now().getTime() - entry.at >= this.config.cacheTtlMs) return undefined;
    return entry.split.npc_latest;
  }
}

/** Split commits by author: an author is an NPC by the NPC rule, everyone else a person. */
export function splitCommits(
  commits: readonly PlatformCommit[],
  npcHandles: readonly string[],
): RepoCommitSplit {
  let human: number | null = null;
  let npc: number | null = null;
  const npcLatest = new Map<string, number>();
  const times: number[] = [];
  for (const commit of commits) {
    const at = Date.parse(commit.commit?.committer?.date ?? commit.commit?.author?.date ?? '');
    if (Number.isNaN(at)) continue;
    times.push(at);
    const user = commit.author?.username
      ? commit.author
      : { username: commit.commit?.author?.name ?? '' };
    if (user.username !== '' && isNpcUser(user, npcHandles)) {
      npc = Math.max(npc ?? at, at);
      const name = user.username.toLowerCase();
      npcLatest.set(name, Math.max(npcLatest.get(name) ?? at, at));
    } else {
      human = Math.max(human ?? at, at);
    }
  }
  const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());
  return {
    last_human_commit_at: iso(human),
    last_npc_commit_at: iso(npc),
    npc_latest: new Map([...npcLatest].map(([name, t]) => [name, new Date(t).toISOString()])),
    times: times.sort((a, b) => b - a),
  };
}
