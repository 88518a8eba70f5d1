import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { conversationCalls, type HeldCounts } from '../budget/full-load-estimate';
import { ownedCopy } from '../common/compression';

/** One repository's issues as last read, every state, packed. */
export interface HeldRepository {
  /** What in the repository record moves when its content does (see `signalOf`). */
  signal: string;
  /** Newest `updated_at` among the held issues; '' when there are none. */
  watermark: string;
  /** Issues as raw-deflated JSON (each with `repo.path`). */
  packed: Buffer;
  /**
   * When the platform was last asked for this repository's issues (epoch ms); after a full
   * read, spread over the past sweep period so the sweep's checks spread evenly.
   */
  checkedAt: number;
  /** How many issues are held, and the conversation reads they take on a cold cache. */
  counts: HeldCounts;
}

/** Why a repository's issues are read. */
export type ListingReason = 'full' | 'moved' | 'sweep';

export interface HeldOrganization {
  repositories: Map<string, HeldRepository>;
  /** Fetch time of the repository list the held issues were last checked against. */
  asOf: number;
  /** When every repository's issues were last read in full. */
  fullAt: number;
  /** False while a repository could not be read: the next read retries it. */
  complete: boolean;
}

/** A repository's issues packed, with their watermark and counts. */
export function holdIssues(
  signal: string,
  issues: PlatformIssue[],
  checkedAt: number,
  npcHandles: readonly string[],
): HeldRepository {
  let watermark = '';
  for (const issue of issues) if (issue.updated_at > watermark) watermark = issue.updated_at;
  return {
    signal,
    watermark,
    packed: ownedCopy(deflateRawSync(JSON.stringify(issues), { level: 1 })),
    checkedAt,
    counts: {
      issues: issues.length,
      conversationCalls: conversationCalls(issues, npcHandles, checkedAt),
    },
  };
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

export function withRepo(issue: PlatformIssue, path: string): PlatformIssue {
  return { ...issue, repo: { path } };
}

/** The held issues with the changed ones put in their place (by number). */
export function merge(held: PlatformIssue[], changed: PlatformIssue[]): PlatformIssue[] {
  const byNumber = new Map(held.map((issue) => [String(issue.number), issue]));
  for (const issue of changed) byNumber.set(String(issue.number), issue);
  return [...byNumber.values()];
}

export function unpack(packed: Buffer): PlatformIssue[] {
  return JSON.parse(inflateRawSync(packed).toString('utf8')) as PlatformIssue[];
}
