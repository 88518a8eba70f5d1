import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors';
import { GitHistoryAdapter } from '../git/git-history.adapter';
import type { RepoName } from '../git/git.adapter';
import { PullDetailsRepository } from './pull-details.repository';
import type { PullContext, PullMergeability } from './pull.converter';
import type { PullRow } from './pull.types';
import { PullsRepository } from './pulls.repository';

/** Merge checks remembered (base and head commit ids never change their answer). */
const MERGE_CACHE_ENTRIES = 5_000;

/** Reads pulls with what their records show: people, labels, counts and mergeability. */
@Injectable()
export class PullReader {
  private readonly merges = new Map<string, Promise<PullMergeability>>();

  constructor(
    private readonly pulls: PullsRepository,
    private readonly details: PullDetailsRepository,
    private readonly history: GitHistoryAdapter,
  ) {}

  /** A pull of a repository by its number; NotFoundError otherwise. */
  require(repoId: number, number: string): PullRow {
    const parsed = /^[1-9]\d{0,9}$/.test(number) ? Number(number) : NaN;
    const row = Number.isSafeInteger(parsed)
      ? this.pulls.byNumbers(repoId, [parsed])[0]
      : undefined;
    if (!row) throw new NotFoundError(`No pull request #${number}`, { field: 'number' });
    return row;
  }

  /** The context of each row, in order. */
  async contexts(rows: readonly PullRow[]): Promise<PullContext[]> {
    const ids = rows.map((row) => row.id);
    const assignees = this.details.assigneesOf(ids);
    const labels = this.details.labelsOf(ids);
    const reviewers = this.details.reviewersOf(ids);
    const activity = this.details.activity(ids);
    const merges = await Promise.all(rows.map((row) => this.mergeability(row)));
    return rows.map((row, index) => ({
      assignees: assignees.get(row.id) ?? [],
      labels: labels.get(row.id) ?? [],
      reviewers: reviewers.get(row.id) ?? [],
      comments: activity.get(row.id)?.comments ?? 0,
      reviews: activity.get(row.id)?.reviews ?? 0,
      lastActedAt: activity.get(row.id)?.last ?? '',
      merge: merges[index],
    }));
  }

  /** Merged pulls are merged; others as `git merge-tree` finds them. */
  private mergeability(row: PullRow): Promise<PullMergeability> {
    if (row.state === 'merged')
      return Promise.resolve({ mergeable_state: 'merged', blocked_on: '' });
    if (!/^[0-9a-f]{40}$/.test(row.base_sha) || !/^[0-9a-f]{40}$/.test(row.head_sha))
      return Promise.resolve({ mergeable_state: 'no-merge-base', blocked_on: 'no_merge_base' });
    const repo: RepoName = { owner: row.owner_path, name: row.repo_name };
    const key = `${row.owner_path}/${row.repo_name}:${row.base_sha}:${row.head_sha}`;
    let pending = this.merges.get(key);
    if (!pending) {
      pending = this.check(repo, row.base_sha, row.head_sha);
      this.merges.set(key, pending);
      pending.catch(() => this.merges.delete(key));
      if (this.merges.size > MERGE_CACHE_ENTRIES)
        this.merges.delete(this.merges.keys().next().value as string);
    }
    return pending;
  }

  private async check(repo: RepoName, base: string, head: string): Promise<PullMergeability> {
    if (!(await this.history.mergeBase(repo, base, head)))
      return { mergeable_state: 'no-merge-base', blocked_on: 'no_merge_base' };
    return (await this.history.mergesCleanly(repo, base, head))
      ? { mergeable_state: 'mergeable', blocked_on: '' }
      : { mergeable_state: 'conflict', blocked_on: 'code_conflict' };
  }
}
