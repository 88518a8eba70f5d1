import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';

/** A commit status as stored. */
export interface CommitStatusRow {
  context: string;
  state: 'pending' | 'success' | 'failure' | 'error';
  description: string;
  target_url: string;
  created_at: string;
  updated_at: string;
}

/** Key–value annotations of a commit or a tag. */
export interface AnnotationRow {
  key: string;
  value: string;
}

/** What tools record about commits and tags: statuses (checks) and annotations. */
@Injectable()
export class CommitRecordsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** The statuses of a commit, one per context, by context. */
  statuses(repoId: number, sha: string): CommitStatusRow[] {
    return this.db.all<CommitStatusRow>(
      `SELECT context, state, description, target_url, created_at, updated_at FROM commit_statuses
       WHERE repo_id = ? AND sha = ? ORDER BY context`,
      [repoId, sha],
    );
  }

  /** Set the status of one context on a commit. */
  setStatus(repoId: number, sha: string, status: Omit<CommitStatusRow, 'updated_at'>): void {
    this.db.run(
      `INSERT INTO commit_statuses (repo_id, sha, context, state, description, target_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (repo_id, sha, context) DO UPDATE SET state = excluded.state,
         description = excluded.description, target_url = excluded.target_url, updated_at = excluded.updated_at`,
      [
        repoId,
        sha,
        status.context,
        status.state,
        status.description,
        status.target_url,
        status.created_at,
        status.created_at,
      ],
    );
  }

  /** Annotations of a commit, by key. */
  commitAnnotations(repoId: number, sha: string): AnnotationRow[] {
    return this.db.all<AnnotationRow>(
      'SELECT key, value FROM commit_annotations WHERE repo_id = ? AND sha = ? ORDER BY key',
      [repoId, sha],
    );
  }

  /** Set one annotation of a commit. */
  setCommitAnnotation(repoId: number, sha: string, key: string, value: string): void {
    this.db.run(
      'INSERT INTO commit_annotations (repo_id, sha, key, value) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value',
      [repoId, sha, key, value],
    );
  }

  /** Annotations of a tag, by key. */
  tagAnnotations(repoId: number, tag: string): AnnotationRow[] {
    return this.db.all<AnnotationRow>(
      'SELECT key, value FROM tag_annotations WHERE repo_id = ? AND tag = ? ORDER BY key',
      [repoId, tag],
    );
  }

  /** Set one annotation of a tag. */
  setTagAnnotation(repoId: number, tag: string, key: string, value: string): void {
    this.db.run(
      'INSERT INTO tag_annotations (repo_id, tag, key, value) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value',
      [repoId, tag, key, value],
    );
  }
}
