import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns } from '../users/user.types';
import type { NewRelease, ReleaseRow } from './release.types';

const RELEASE_SELECT = `
  SELECT r.id, r.tag_name, r.target_commitish, r.name, r.body, r.draft, r.prerelease, r.created_at, r.published_at,
    ${userColumns('u', 'author_')}
  FROM releases r JOIN users u ON u.id = r.author_id`;

function toRow(raw: Record<string, unknown> | undefined): ReleaseRow | undefined {
  return raw && { ...(raw as unknown as ReleaseRow), author: pickUser(raw, 'author_') };
}

/** Releases of repositories. */
@Injectable()
export class ReleasesRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Store a release; returns its id. */
  insert(release: NewRelease): number {
    return this.db.run(
      `INSERT INTO releases (repo_id, tag_name, target_commitish, name, body, draft, prerelease, author_id, created_at, published_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        release.repoId,
        release.tagName,
        release.targetCommitish,
        release.name,
        release.body,
        release.draft ? 1 : 0,
        release.prerelease ? 1 : 0,
        release.authorId,
        release.createdAt,
        release.publishedAt,
      ],
    ).id;
  }

  /** One page of a repository's releases, newest first, and the total. */
  list(repoId: number, limit: number, offset: number): { rows: ReleaseRow[]; total: number } {
    const rows = this.db
      .all<Record<string, unknown>>(
        `${RELEASE_SELECT} WHERE r.repo_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`,
        [repoId, limit, offset],
      )
      .map((raw) => toRow(raw) as ReleaseRow);
    const total =
      this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM releases WHERE repo_id = ?', [repoId])
        ?.n ?? 0;
    return { rows, total };
  }

  /** The release of a tag. */
  byTag(repoId: number, tag: string): ReleaseRow | undefined {
    return toRow(
      this.db.get(`${RELEASE_SELECT} WHERE r.repo_id = ? AND r.tag_name = ?`, [repoId, tag]),
    );
  }

  /** The newest published, non-prerelease release. */
  latest(repoId: number): ReleaseRow | undefined {
    return toRow(
      this.db.get(
        `${RELEASE_SELECT} WHERE r.repo_id = ? AND r.draft = 0 AND r.prerelease = 0
         ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
        [repoId],
      ),
    );
  }

  /** A release by id. */
  byId(id: number): ReleaseRow | undefined {
    return toRow(this.db.get(`${RELEASE_SELECT} WHERE r.id = ?`, [id]));
  }
}
