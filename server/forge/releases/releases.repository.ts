import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import { pickUser, userColumns } from '../users/user.types';
import type { NewRelease, NewReleaseAsset, ReleaseAssetRow, ReleaseRow } from './release.types';

const RELEASE_SELECT = `
  SELECT r.id, r.repo_id, r.tag_name, r.target_commitish, r.name, r.body, r.draft, r.prerelease, r.created_at, r.published_at, r.make_latest,
    ${userColumns('u', 'author_')}
  FROM releases r JOIN users u ON u.id = r.author_id`;

const ASSET_SELECT = `
  SELECT a.id, a.release_id, a.upload_key, a.name, a.size, a.content_type, a.sha256, a.download_count, a.created_at,
    ${userColumns('u', 'uploader_')}
  FROM release_assets a JOIN users u ON u.id = a.uploader_id`;

function toAsset(raw: Record<string, unknown>): ReleaseAssetRow {
  return { ...(raw as unknown as ReleaseAssetRow), uploader: pickUser(raw, 'uploader_') };
}

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
      `INSERT INTO releases (repo_id, tag_name, target_commitish, name, body, draft, prerelease, author_id, created_at, published_at, make_latest)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        release.makeLatest ?? 'legacy',
      ],
    ).id;
  }

  /** Change a release's text, flags or latest choice; a draft made public gets its publication time. */
  update(
    id: number,
    changes: {
      name?: string;
      body?: string;
      draft?: boolean;
      prerelease?: boolean;
      makeLatest?: string;
      publishedAt?: string;
    },
  ): void {
    const columns: [string, unknown][] = [
      ['name', changes.name],
      ['body', changes.body],
      ['draft', changes.draft === undefined ? undefined : changes.draft ? 1 : 0],
      ['prerelease', changes.prerelease === undefined ? undefined : changes.prerelease ? 1 : 0],
      ['make_latest', changes.makeLatest],
      ['published_at', changes.publishedAt],
    ];
    const set = columns.filter(([, value]) => value !== undefined);
    if (set.length === 0) return;
    this.db.run(
      `UPDATE releases SET ${set.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`,
      [...set.map(([, value]) => value as string | number), id],
    );
  }

  /** Delete a release and its asset records (the tag stays, as on the platform). */
  delete(id: number): void {
    this.db.run('DELETE FROM releases WHERE id = ?', [id]);
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

  /**
   * The latest release: the newest one published with `make_latest: true`, else the
   * newest published, non-prerelease one that did not ask not to be latest.
   */
  latest(repoId: number): ReleaseRow | undefined {
    return toRow(
      this.db.get(
        `${RELEASE_SELECT} WHERE r.repo_id = ? AND r.draft = 0 AND r.prerelease = 0 AND r.make_latest != 'false'
         ORDER BY r.make_latest = 'true' DESC, r.created_at DESC, r.id DESC LIMIT 1`,
        [repoId],
      ),
    );
  }

  /** Assets of each release, by release id, by name. */
  assetsOf(releaseIds: readonly number[]): Map<number, ReleaseAssetRow[]> {
    const out = new Map<number, ReleaseAssetRow[]>();
    if (releaseIds.length === 0) return out;
    for (const raw of this.db.all<Record<string, unknown>>(
      `${ASSET_SELECT} WHERE a.release_id IN (SELECT value FROM json_each(?)) ORDER BY a.name`,
      [JSON.stringify(releaseIds)],
    )) {
      const row = toAsset(raw);
      const list = out.get(row.release_id) ?? [];
      list.push(row);
      out.set(row.release_id, list);
    }
    return out;
  }

  /** One asset of a release, by id or by name. */
  asset(releaseId: number, by: { id: number } | { name: string }): ReleaseAssetRow | undefined {
    const raw = this.db.get<Record<string, unknown>>(
      `${ASSET_SELECT} WHERE a.release_id = ? AND ${'id' in by ? 'a.id' : 'a.name'} = ?`,
      [releaseId, 'id' in by ? by.id : by.name],
    );
    return raw && toAsset(raw);
  }

  /** Attach an asset; returns its id. */
  insertAsset(asset: NewReleaseAsset): number {
    return this.db.run(
      `INSERT INTO release_assets (release_id, upload_key, name, size, content_type, sha256, uploader_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        asset.releaseId,
        asset.uploadKey,
        asset.name,
        asset.size,
        asset.contentType,
        asset.sha256,
        asset.uploaderId,
        asset.createdAt,
      ],
    ).id;
  }

  /** Count one download of an asset. */
  countDownload(id: number): void {
    this.db.run('UPDATE release_assets SET download_count = download_count + 1 WHERE id = ?', [id]);
  }

  /** A release by id. */
  byId(id: number): ReleaseRow | undefined {
    return toRow(this.db.get(`${RELEASE_SELECT} WHERE r.id = ?`, [id]));
  }
}
