import type { CreateVisibility } from '@shared/platform/types';

/** A repository as stored, with its owner's path and its exact open counts. */
export interface RepoRow {
  id: number;
  namespace_id: number;
  owner_path: string;
  owner_kind: 'org' | 'user';
  name: string;
  description: string;
  visibility: CreateVisibility;
  site: string;
  topics: string;
  license: string;
  star_count: number;
  fork_count: number;
  status: number;
  created_at: string;
  updated_at: string;
  last_commit_at: string | null;
  open_issue_count: number;
  open_pull_count: number;
  /** Pull requests opened by NPC users, and those of them merged. */
  npc_created_pull_count: number;
  npc_merged_pull_count: number;
  /** Builds NPCs ran in the repository (`*@npc` events). */
  npc_builded_count: number;
  /** `username\nnickname` of the author of the newest push, or null. */
  last_pusher: string | null;
}

export type RepoOrder = 'last_updated_at' | 'created_at' | 'stars' | 'slug_path' | 'forks';

/** Which repositories a list may show and how to order them. */
export interface RepoListFilter {
  /** One namespace's repositories… */
  namespaceId?: number;
  /** …or those of every namespace this user owns or has a role in (`GET /user/repos`)… */
  accessibleTo?: number;
  /** …at least this role level in organizations (their own namespace counts as Owner). */
  minRole?: number;
  visibilities: readonly CreateVisibility[];
  /** 0 active, 1 archived. */
  status?: number;
  search?: string;
  orderBy: RepoOrder;
  desc: boolean;
  limit: number;
  offset: number;
}

/** What a caller wants to do with a repository; each needs more than the one before. */
export type RepoPermission = 'read' | 'participate' | 'triage' | 'develop' | 'manage' | 'delete';

/** A repository resolved for a caller, with the caller's role in its namespace. */
export interface RepoGrant {
  /** Without its open counts (they read as 0): re-read by id where they are shown. */
  repo: RepoRow;
  namespace: { id: number; path: string; kind: 'org' | 'user' };
  /** Role level; 0 for none. */
  role: number;
}
