import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns, type EmbeddedUserRow } from '../users/user.types';

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

/** A file attached to a commit, with its author. */
export interface CommitAssetRow {
  id: number;
  upload_key: string;
  name: string;
  size: number;
  content_type: string;
  sha256: string;
  download_count: number;
  created_at: string;
  author: EmbeddedUserRow;
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

  /** Files attached to a commit, by name. */
  commitAssets(repoId: number, sha: string): CommitAssetRow[] {
    return this.db
      .all<Record<string, unknown>>(
        `SELECT a.id, a.upload_key, a.name, a.size, a.content_type, a.sha256, a.download_count, a.created_at,
           ${userColumns('u', 'author_')}
         FROM commit_assets a JOIN users u ON u.id = a.author_id
         WHERE a.repo_id = ? AND a.sha = ? ORDER BY a.name`,
        [repoId, sha],
      )
      .map((raw) => ({ ...(raw as unknown as CommitAssetRow), author: pickUser(raw, 'author_') }));
  }

  /** Attach a stored upload to a commit. */
  addCommitAsset(
    repoId: number,
    sha: string,
    asset: Omit<CommitAssetRow, 'id' | 'download_count' | 'author'> & { authorId: number },
  ): void {
    this.db.run(
      `INSERT INTO commit_assets (repo_id, sha, upload_key, name, size, content_type, sha256, author_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        repoId,
        sha,
        asset.upload_key,
        asset.name,
        asset.size,
        asset.content_type,
        asset.sha256,
        asset.authorId,
        asset.created_at,
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
