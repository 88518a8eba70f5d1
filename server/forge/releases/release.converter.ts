import type { PlatformRelease } from '@shared/platform/types';
import { toEmbeddedUser } from '../users/user.converter';
import type { ReleaseRow } from './release.types';

/** A release on the wire; `is_latest` marks the repository's latest release. */
export function toPlatformRelease(
  row: ReleaseRow,
  latestId: number | undefined,
  publicUrl: string,
): PlatformRelease {
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
    assets: [],
  };
}
