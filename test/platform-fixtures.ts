/**
 * Platform payloads shaped like docs/architecture.md#the-forge, for the client's specs.
 */
import type {
  EmbeddedUser,
  PlatformCommit,
  PlatformIssue,
  PlatformOrganization,
  PlatformPull,
  PlatformRelease,
  PlatformRepository,
} from '@shared/platform/types';

export const npc: EmbeddedUser = {
  username: 'npc-builder',
  nickname: 'Builder',
  avatar: '',
  email: 'npc-builder@example.com',
  freeze: false,
  is_npc: true,
};

export function issue(number: number, extra: Partial<PlatformIssue> = {}): PlatformIssue {
  return {
    number: String(number),
    title: `Issue ${number}`,
    state: 'open',
    state_reason: 'open',
    author: npc,
    assignees: [npc],
    labels: [{ id: '1', name: 'npc-task', color: '0e8a16', description: '' }],
    comment_count: 0,
    priority: '',
    created_at: `2025-01-${String((number % 28) + 1).padStart(2, '0')}T10:00:00Z`,
    updated_at: '2025-02-01T10:00:00Z',
    last_acted_at: '2025-02-01T10:00:00Z',
    ...extra,
  };
}

export function repository(
  path: string,
  extra: Partial<PlatformRepository> = {},
): PlatformRepository {
  return {
    id: `id-${path}`,
    name: path.split('/')[1] ?? path,
    path,
    description: '',
    web_url: `https://platform.example.com/${path}`,
    visibility_level: 'Public',
    created_at: '2024-06-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    last_updated_at: { time: '2025-01-15T00:00:00Z', valid: true },
    open_issue_count: 2,
    open_pull_request_count: 0,
    npc_created_pull_count: 0,
    star_count: 0,
    fork_count: 0,
    topics: 'board,npc',
    license: 'MIT',
    site: '',
    status: 0,
    ...extra,
  };
}

export function organization(path: string): PlatformOrganization {
  return {
    id: `org-${path}`,
    path,
    name: path,
    remark: path.toUpperCase(),
    description: '',
    site: '',
    email: '',
    avatar: '',
    member_count: 3,
    sub_repo_count: 2,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    access_role: 'Owner',
  };
}

export function commit(sha: string): PlatformCommit {
  const signature = {
    name: 'Builder',
    email: 'npc-builder@example.com',
    date: '2025-01-15T00:00:00Z',
  };
  return {
    sha,
    commit: {
      message: 'Add feature',
      author: signature,
      committer: signature,
      tree: { sha: 'f'.repeat(40) },
    },
    author: npc,
    committer: npc,
    parents: [{ sha: '0'.repeat(40) }],
  };
}

export function pull(number: number): PlatformPull {
  return {
    number: String(number),
    title: `Pull ${number}`,
    body: '',
    state: 'open',
    author: npc,
    assignees: [],
    labels: [],
    base: { ref: 'main', sha: 'a'.repeat(40) },
    head: { ref: 'feature/x', sha: 'b'.repeat(40) },
    comment_count: 0,
    created_at: '2025-01-10T00:00:00Z',
    updated_at: '2025-01-11T00:00:00Z',
  };
}

export function release(tag: string): PlatformRelease {
  return {
    id: `rel-${tag}`,
    tag_name: tag,
    tag_commitish: 'main',
    name: tag,
    body: '',
    draft: false,
    prerelease: false,
    is_latest: true,
    author: npc,
    created_at: '2025-01-20T00:00:00Z',
    published_at: '2025-01-20T00:00:00Z',
    assets: [],
  };
}
