import { NPC_PROGRESS, NPC_USERS } from './demo-data';
import type { PlannedIssue, PlannedOrg } from './demo-plan.types';
import { Prng } from './prng';

/** Seed of the open-work pass, apart from the plan's so the older history stays as it was. */
const OPEN_WORK_SEED = 0x0be0_0001;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const NPCS: readonly string[] = NPC_USERS.map((npc) => npc.username);
/** Labels that put an NPC-assigned issue in progress (docs/rules.md#board-columns). */
const PROGRESS = ['in progress', 'in-progress', 'doing', 'wip'];

/** Share of waiting NPC-assigned issues that keep their NPC, assigned minutes ago. */
export const RECENTLY_ASSIGNED_SHARE = 0.45;
/** How long ago a waiting issue that keeps its NPC was assigned: well inside the pickup SLO. */
export const RECENT_ASSIGNMENT_MS = { min: 3 * MINUTE_MS, max: 50 * MINUTE_MS } as const;
/** The latest comment of an NPC on its task in progress is at most this old. */
export const RECENT_PROGRESS_MS = 20 * HOUR_MS;

const at = (ms: number): string => new Date(ms).toISOString();
const isNpc = (name: string): boolean => NPCS.includes(name);

/**
 * Brings the ordinary open issues up to the epoch, so the demo shows a team at work and
 * the deliberate stuck and overdue cases stand out: an issue waiting for pickup either
 * was given to its NPC minutes ago (an `assigned` change at that time) or waits for
 * dispatch with no NPC assignee; an NPC's task in progress gets a progress comment by
 * that NPC within the last 20 hours. Closed issues and every comment already planned
 * stay as they are. Returns new issue records; the input is not changed.
 */
export function freshenOpenWork(
  issues: readonly PlannedIssue[],
  orgs: readonly PlannedOrg[],
  epoch: Date,
): PlannedIssue[] {
  const rng = new Prng(OPEN_WORK_SEED);
  const end = epoch.getTime();
  return issues.map((issue) => {
    const npc = issue.assignees.find(isNpc);
    if (issue.state !== 'open' || issue.hold !== null || npc === undefined) return issue;
    const inProgress =
      issue.comments.length > 0 ||
      issue.labels.some((label) => PROGRESS.includes(label.toLowerCase()));
    if (inProgress) return withProgressComment(issue, npc, end, rng);
    if (!rng.chance(RECENTLY_ASSIGNED_SHARE)) {
      // Waiting for dispatch: the NPC is not assigned yet.
      const assignees = issue.assignees.filter((name) => !isNpc(name));
      return { ...issue, assignees, assignments: assignments(issue, assignees) };
    }
    const assignedAt = end - rng.range(RECENT_ASSIGNMENT_MS.min, RECENT_ASSIGNMENT_MS.max);
    const others = issue.assignees.filter((name) => name !== npc);
    return {
      ...issue,
      assignments: [
        ...assignments(issue, others),
        {
          action: 'assigned',
          assignees: [npc],
          actor: assigner(orgs, issue.org),
          at: at(Math.max(assignedAt, Date.parse(issue.createdAt))),
        },
      ],
    };
  });
}

/** A comment by `npc` after everything else on the issue, within the last 20 hours. */
function withProgressComment(
  issue: PlannedIssue,
  npc: string,
  end: number,
  rng: Prng,
): PlannedIssue {
  const after = Math.max(
    end - RECENT_PROGRESS_MS,
    Date.parse(issue.createdAt),
    ...issue.assignments.map((change) => Date.parse(change.at)),
    ...issue.comments.map((comment) => Date.parse(comment.createdAt)),
  );
  const time = after + rng.range(0.2, 0.95) * (end - after);
  return {
    ...issue,
    comments: [
      ...issue.comments,
      { author: npc, body: rng.pick(NPC_PROGRESS), createdAt: at(Math.round(time)) },
    ],
  };
}

/** The assignment at creation of the issue's remaining assignees (people), or none. */
function assignments(
  issue: PlannedIssue,
  assignees: readonly string[],
): PlannedIssue['assignments'] {
  return assignees.length === 0
    ? []
    : [{ action: 'assigned', assignees: [...assignees], actor: issue.author, at: issue.createdAt }];
}

/** A person who may assign in the organization (Developer or above), else the admin. */
function assigner(orgs: readonly PlannedOrg[], path: string): string {
  const members = orgs.find((org) => org.path === path)?.members ?? [];
  return (
    members.find(
      (member) => !isNpc(member.username) && ['Owner', 'Master', 'Developer'].includes(member.role),
    )?.username ?? 'admin'
  );
}
