import type { DtoRepos4User } from '@shared/platform/published';
import type { VisibilityLevel } from '@shared/platform/types';
import { roleName } from '../access/roles';
import { ZERO_TIME } from '../common/time';
import type { RepoLanguageInfo } from './repo-languages';
import type { RepoRow } from './repo.types';

const LEVELS: Readonly<Record<RepoRow['visibility'], VisibilityLevel>> = {
  public: 'Public',
  private: 'Private',
  secret: 'Secret',
};

/** What a repository record needs besides its row: the caller's role and the languages. */
export interface RepoExtras {
  /** The caller's role level in the repository's namespace (0: none). */
  role: number;
  languages: RepoLanguageInfo;
}

/**
 * The platform's repository record (`dto.Repos4User`). Everything the forge keeps comes
 * from its state; what it has no notion of (forks, marks, pins, stars by the caller,
 * display modules, feature flags) carries the published record's empty value.
 */
export function toPlatformRepository(
  row: RepoRow,
  publicUrl: string,
  extras: RepoExtras,
): DtoRepos4User {
  const path = `${row.owner_path}/${row.name}`;
  const [pusherName, pusherNickname] = row.last_pusher?.split('\n') ?? ['', ''];
  return {
    id: String(row.id),
    name: row.name,
    path,
    description: row.description,
    web_url: `${publicUrl}/${path}`,
    visibility_level: LEVELS[row.visibility],
    access: roleName(extras.role) ?? 'Unknown',
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_updated_at: row.last_commit_at
      ? { time: row.last_commit_at, valid: true }
      : { time: ZERO_TIME, valid: false },
    last_update_username: pusherName ?? '',
    last_update_nickname: pusherNickname ?? '',
    open_issue_count: row.open_issue_count,
    open_pull_request_count: row.open_pull_count,
    npc_created_pull_count: row.npc_created_pull_count,
    npc_merged_pull_count: row.npc_merged_pull_count,
    npc_builded_count: row.npc_builded_count,
    star_count: row.star_count,
    fork_count: row.fork_count,
    forked_from_repo: {
      path: '',
      resource_id: 0,
      resource_type: 0,
      root_id: 0,
      freeze: false,
      root_freeze: false,
      created_at: ZERO_TIME,
      updated_at: ZERO_TIME,
    },
    mark_count: 0,
    stared: false,
    star_time: ZERO_TIME,
    pinned: false,
    pinned_time: ZERO_TIME,
    freeze: false,
    flags: '',
    display_module: { activity: true, contributors: true, release: true },
    language: extras.languages.language,
    languages: extras.languages.languages,
    second_languages: extras.languages.second,
    tags: [],
    topics: row.topics,
    license: row.license,
    site: row.site,
    status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
  };
}
