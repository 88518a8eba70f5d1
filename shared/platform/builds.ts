/**
 * The platform's build vocabulary (docs/architecture.md#builds): status words, the
 * events that start a build, and the query of the build list. The published schema
 * types a build's status as a bare string; these are the values it lists.
 */
import type { DtoStartBuildReq } from './published';

/** A build's status, as the list filter publishes it. An unfinished build reads `pending`. */
export const BUILD_STATUSES = ['pending', 'success', 'error', 'cancel'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** A stage's status: the build's words, plus `start` (running) and `skipped`. */
export const STAGE_STATUSES = [
  'pending',
  'start',
  'success',
  'error',
  'cancel',
  'skipped',
] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

/** Events of a run an NPC mention starts, in an issue or in a pull request. */
export const NPC_ISSUE_EVENT = 'issue.comment@npc';
export const NPC_PULL_EVENT = 'pull_request.comment@npc';

/** Whether an event marks a run of an NPC (`*@npc`). */
export function isNpcEvent(event: string): boolean {
  return event.endsWith('@npc');
}

/** The event of an API-started build: `api_trigger` or `api_trigger_<name>`. */
export const API_TRIGGER_EVENT = /^api_trigger(_[A-Za-z0-9_.-]+)?$/;

/** How many NPCs one action (an issue, a comment, a review) may set to work at most. */
export const NPC_EVENTS_PER_ACTION = 10;

/** Build list page size: 30 by default, 100 at most (as published). */
export const BUILD_PAGE_SIZE_DEFAULT = 30;
export const BUILD_PAGE_SIZE_MAX = 100;

/** `POST /{repo}/-/build/start`: every published field is optional. */
export type StartBuildRequest = Partial<DtoStartBuildReq>;

/** `GET /{repo}/-/build/logs` query, as published (dates are `YYYY-MM-DD`). */
export interface BuildLogsQuery {
  createTime?: string;
  endTime?: string;
  event?: string;
  status?: BuildStatus;
  sn?: string;
  sha?: string;
  sourceRef?: string;
  targetRef?: string;
  userName?: string;
  userId?: string;
  page?: number;
  page_size?: number;
}
