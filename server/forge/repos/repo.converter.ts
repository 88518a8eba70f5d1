import type { PlatformRepository, VisibilityLevel } from '@shared/platform/types';
import { ZERO_TIME } from '../common/time';
import type { RepoRow } from './repo.types';

const LEVELS: Readonly<Record<RepoRow['visibility'], VisibilityLevel>> = {
  public: 'Public',
  private: 'Private',
  secret: 'Secret',
};

/** The platform's repository record. */
export function toPlatformRepository(row: RepoRow, publicUrl: string): PlatformRepository {
  const path = `${row.owner_path}/${row.name}`;
  return {
    id: String(row.id),
    name: row.name,
    path,
    description: row.description,
    web_url: `${publicUrl}/${path}`,
    visibility_level: LEVELS[row.visibility],
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_updated_at: row.last_commit_at
      ? { time: row.last_commit_at, valid: true }
      : { time: ZERO_TIME, valid: false },
    open_issue_count: row.open_issue_count,
    open_pull_request_count: row.open_pull_count,
    star_count: row.star_count,
    fork_count: row.fork_count,
    topics: row.topics,
    license: row.license,
    site: row.site,
    status: row.status,
  };
}
