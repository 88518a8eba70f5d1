import type {
  EmbeddedUser,
  PlatformIssue,
  PlatformOrganization,
  PlatformPull,
  PlatformRepository,
} from '../platform/types';
import { boardColumn } from './columns';
import type { BoardUser, Issue, PullRequest, Repository } from './entities';
import { isNpcUser } from './npc';
import { issueSignals } from './signals';

/** What the mappers need besides the platform record. */
export interface MapContext {
  npcHandles: readonly string[];
  /** Base of links to the platform's pages, without a trailing slash. */
  webUrl: string;
}

const GHOST: Pick<EmbeddedUser, 'username' | 'is_npc'> = { username: 'ghost', is_npc: false };

export function toBoardUser(
  user: Pick<EmbeddedUser, 'username' | 'is_npc'> | null | undefined,
  npcHandles: readonly string[],
): BoardUser {
  const u = user ?? GHOST;
  return { username: u.username, is_npc: isNpcUser(u, npcHandles) };
}

/** A platform issue as the board shows it; `repo` is the repository's full name. */
export function toIssue(raw: PlatformIssue, repo: string, ctx: MapContext): Issue {
  const partial = {
    number: Number(raw.number),
    title: raw.title,
    state: raw.state === 'closed' ? ('closed' as const) : ('open' as const),
    state_reason: raw.state_reason ?? null,
    body: raw.body ?? '',
    author: toBoardUser(raw.author, ctx.npcHandles),
    assignees: (raw.assignees ?? []).map((a) => toBoardUser(a, ctx.npcHandles)),
    labels: (raw.labels ?? []).map((l) => ({ name: l.name, color: l.color })),
    comment_count: raw.comment_count ?? 0,
    created_at: raw.created_at,
    updated_at: raw.updated_at,
    repository: { full_name: repo },
    web_url: `${ctx.webUrl}/${repo}/-/issues/${raw.number}`,
  };
  const issue = { ...partial, column: boardColumn(partial) };
  // The conversation-dependent figures and the runs are filled in by the board's sync.
  return { ...issue, signals: issueSignals(issue), attention: null, runs: null };
}

/** A platform repository as the board shows it; secret ones are never mapped. */
export function toRepository(raw: PlatformRepository, ctx: MapContext): Repository {
  const [org, name] = raw.path.split('/');
  return {
    full_name: raw.path,
    org_slug: org,
    name: raw.name || name,
    description: raw.description ?? '',
    visibility: raw.visibility_level === 'Public' ? 'public' : 'private',
    updated_at: raw.last_updated_at?.valid ? raw.last_updated_at.time : raw.updated_at,
    open_issues_count: raw.open_issue_count ?? 0,
    open_pulls_count: raw.open_pull_request_count ?? 0,
    web_url: raw.web_url || `${ctx.webUrl}/${raw.path}`,
    last_human_commit_at: null,
    last_npc_commit_at: null,
    npc_only: false,
    npc_work_in_dormant: false,
  };
}

export function isSecret(raw: PlatformRepository): boolean {
  return raw.visibility_level === 'Secret';
}

export function toPullRequest(raw: PlatformPull, repo: string, ctx: MapContext): PullRequest {
  return {
    number: Number(raw.number),
    title: raw.title,
    state: raw.state,
    author: toBoardUser(raw.author, ctx.npcHandles),
    created_at: raw.created_at,
    updated_at: raw.updated_at,
    web_url: `${ctx.webUrl}/${repo}/-/pulls/${raw.number}`,
  };
}

/** Display name of an organization: its remark, else its name, else its path. */
export function organizationName(raw: PlatformOrganization): string {
  return raw.remark || raw.name || raw.path;
}
