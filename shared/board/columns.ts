import type { BoardColumn } from './entities';

/** Labels that mark an issue as being worked on (compared case-insensitively). */
export const IN_PROGRESS_LABELS: readonly string[] = ['in progress', 'in-progress', 'doing', 'wip'];

export interface ColumnInput {
  state: 'open' | 'closed';
  assignees: readonly { is_npc: boolean }[];
  labels: readonly { name: string }[];
  comment_count: number;
}

/**
 * The board column of an issue (docs/rules.md#board-columns): closed is done; open
 * with an NPC assignee and either an in-progress label or a comment is in progress; every
 * other open issue waits for pickup.
 */
export function boardColumn(issue: ColumnInput): BoardColumn {
  if (issue.state === 'closed') return 'done';
  const npcAssigned = issue.assignees.some((a) => a.is_npc);
  const labelled = issue.labels.some((l) =>
    IN_PROGRESS_LABELS.includes(l.name.trim().toLowerCase()),
  );
  return npcAssigned && (labelled || issue.comment_count > 0) ? 'in_progress' : 'pending';
}

/** The rule in words, for the UI's help text. */
export const BOARD_COLUMN_RULE =
  'Done: the issue is closed. In progress: open, assigned to an NPC, and either labelled ' +
  '"in progress", "in-progress", "doing" or "wip", or commented on. Pending pickup: every other open issue.';

/** Open and active (open NPC) issue counts of an organization (docs/rules.md#counts). */
export function issueCounts(
  issues: readonly { state: 'open' | 'closed'; column: BoardColumn; npc: boolean }[],
): { open_issue_count: number; active_issue_count: number } {
  let open = 0;
  let active = 0;
  for (const issue of issues) {
    if (issue.state !== 'open') continue;
    open += 1;
    if (issue.npc) active += 1;
  }
  return { open_issue_count: open, active_issue_count: active };
}
