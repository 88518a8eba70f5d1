import type { IssueStateReason } from '@shared/platform/types';

/** The issue an activity is about, as its payload names it. */
export interface ActivityIssueRef {
  number: string;
  title: string;
}

/** Payload of an `IssueEvent` that changed who is assigned. */
export interface AssignmentPayload {
  action: 'assigned' | 'unassigned';
  assignees: string[];
  issue: ActivityIssueRef;
  [key: string]: unknown;
}

/**
 * What an assignment change records: one `unassigned` payload naming the users taken off
 * and one `assigned` payload naming the users added (each only when it names someone),
 * removals first so that a replacement reads in the order it took effect.
 */
export function assignmentPayloads(
  issue: ActivityIssueRef,
  before: readonly string[],
  after: readonly string[],
): AssignmentPayload[] {
  const removed = before.filter((name) => !after.includes(name));
  const added = after.filter((name) => !before.includes(name));
  const payloads: AssignmentPayload[] = [];
  if (removed.length > 0) payloads.push({ action: 'unassigned', assignees: removed, issue });
  if (added.length > 0) payloads.push({ action: 'assigned', assignees: added, issue });
  return payloads;
}

/** Payload of an `IssueEvent` for a change of state, with the reason of a close. */
export function statePayload(
  action: 'opened' | 'closed' | 'reopened' | 'edited',
  issue: ActivityIssueRef,
  stateReason?: IssueStateReason,
): Record<string, unknown> {
  if (action !== 'closed') return { action, issue };
  return {
    action,
    state_reason: stateReason === 'not_planned' ? 'not_planned' : 'completed',
    issue,
  };
}
