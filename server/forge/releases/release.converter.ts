import type { ApiRelease, ApiReleaseAsset } from '@shared/platform/published';
import { toEmbeddedUser } from '../users/user.converter';
import type { ReleaseAssetRow, ReleaseRow } from './release.types';

/** An asset on the wire (`api.ReleaseAsset`); its path and URLs lead to its download. */
export function toReleaseAsset(
  row: ReleaseAssetRow,
  release: ReleaseRow,
  repoPath: string,
  publicUrl: string,
): ApiReleaseAsset {
  const path = `/${repoPath}/-/releases/download/${encodeURIComponent(release.tag_name)}/${encodeURIComponent(row.name)}`;
  return {
    id: String(row.id),
    name: row.name,
    path,
    size: row.size,
    content_type: row.content_type,
    hash_algo: 'sha256',
    hash_value: row.sha256,
    download_count: row.download_count,
    brower_download_url: `${publicUrl}${path}`,
    url: `${publicUrl}/${repoPath}/-/releases/${row.release_id}/assets/${row.id}`,
    uploader: toEmbeddedUser(row.uploader, publicUrl),
    created_at: row.created_at,
    updated_at: row.created_at,
  };
}

/**
 * A release on the wire (`api.Release`); `is_latest` marks the repository's latest
 * release. Releases are not edited after publishing, so `updated_at` is when it was
 * published (or created, for a draft).
 */
export function toPlatformRelease(
  row: ReleaseRow,
  latestId: number | undefined,
  assets: readonly ReleaseAssetRow[],
  repoPath: string,
  publicUrl: string,
): ApiRelease {
  return {
    id: String(row.id),
    tag_name: row.tag_name,
    tag_commitish: row.target_commitish,
    name: row.name,
    body: row.body,
    draft: row.draft === 1,
    prerelease: row.prerelease === 1,
    is_latest: row.id === latestId,
    author: toEmbeddedUser(row.author, publicUrl),
    created_at: row.created_at,
    published_at: row.published_at,
    updated_at: row.published_at || row.created_at,
    assets: assets.map((asset) => toReleaseAsset(asset, row, repoPath, publicUrl)),
  };
}
