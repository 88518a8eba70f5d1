import type { EventType } from '@shared/platform/types';

/** An event to record: what happened in which repository, by whom, when. */
export interface NewEvent {
  repoId: number;
  type: EventType;
  actorId: number;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** An event as stored, with its actor and repository path. */
export interface EventRow {
  id: number;
  type: string;
  payload: string;
  created_at: string;
  actor_username: string;
  actor_nickname: string;
  owner_path: string;
  repo_name: string;
}
