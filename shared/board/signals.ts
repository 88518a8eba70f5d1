import type { BoardColumn, BoardUser, IssueAttention, IssueSignals } from './entities';

/**
 * NPC work signals of one issue (docs/rules.md#npc-signals): when the current NPC
 * was assigned, when an NPC first and last spoke, when the issue closed, and whether it
 * needs attention (stuck or overdue). Pure functions of the issue, its conversation and
 * the settings, evaluated at `now`.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface SignalSettings {
  /** An NPC-assigned issue with no NPC comment after this long is overdue. */
  pickup_slo_minutes: number;
  /** An in-progress issue with no activity by its NPC for this long is stuck. */
  stuck_after_hours: number;
}

/** What the signals read from an issue (a board `Issue` has all of it). */
export interface SignalIssue {
  state: 'open' | 'closed';
  /** `completed`, `not_planned`… when the platform says why it closed. */
  state_reason?: string | null;
  created_at: string;
  updated_at: string;
  assignees: readonly BoardUser[];
  column: BoardColumn;
}

/** What is known besides the issue itself; everything is optional. */
export interface SignalFacts {
  /** Comments, authors already resolved (`is_npc` by the NPC rule), in any order. */
  comments?: readonly { author: BoardUser; created_at: string }[];
  /** When the current NPC assignee was set, from activities or the board's dispatch record. */
  assigned?: readonly (string | null | undefined)[];
  /** When the issue was last closed, from its activities. */
  closed_at?: string | null;
  /** Latest commit by each NPC in the issue's repository, when the commit list is at hand. */
  npc_commits?: ReadonlyMap<string, string>;
}

/** No figures: what a non-NPC issue carries. */
export const NO_SIGNALS: IssueSignals = {
  assigned_at: null,
  first_npc_at: null,
  last_npc_at: null,
  closed_at: null,
  closed_at_exact: false,
  pickup_latency_s: null,
  cycle_time_s: null,
};

/** NPC assignees of an issue, by username (lower case). */
function npcAssignees(issue: SignalIssue): Set<string> {
  return new Set(issue.assignees.filter((a) => a.is_npc).map((a) => a.username.toLowerCase()));
}

/**
 * The latest of the known times the current NPC assignee was set, else the creation
 * time; null when no NPC is assigned.
 */
export function assignedAt(issue: SignalIssue, facts: SignalFacts = {}): string | null {
  if (npcAssignees(issue).size === 0) return null;
  const known = (facts.assigned ?? []).filter(
    (t): t is string => !!t && !Number.isNaN(Date.parse(t)),
  );
  if (known.length === 0) return issue.created_at;
  return latest(known);
}

/** NPC comments at or after `from` (every NPC comment when `from` is null), oldest first. */
function npcCommentTimes(facts: SignalFacts, from: string | null): number[] {
  const since = from === null ? -Infinity : Date.parse(from);
  return (facts.comments ?? [])
    .filter((c) => c.author.is_npc)
    .map((c) => Date.parse(c.created_at))
    .filter((t) => t >= since)
    .sort((a, b) => a - b);
}

/** When the issue closed and whether an activity said so (else its `updated_at`). */
export function closedAt(
  issue: SignalIssue,
  facts: SignalFacts = {},
): { at: string | null; exact: boolean } {
  if (issue.state !== 'closed') return { at: null, exact: false };
  if (facts.closed_at) return { at: facts.closed_at, exact: true };
  return { at: issue.updated_at, exact: false };
}

/** Every signal of an issue that is not `now`-dependent. */
export function issueSignals(issue: SignalIssue, facts: SignalFacts = {}): IssueSignals {
  const assigned = assignedAt(issue, facts);
  if (assigned === null) return { ...NO_SIGNALS, ...closedFields(issue, facts) };
  // Comments before the current assignment belong to an earlier hand-off.
  const times = npcCommentTimes(facts, assigned);
  const first = times.length > 0 ? times[0] : null;
  const last = times.length > 0 ? times[times.length - 1] : null;
  const closed = closedFields(issue, facts);
  const completed = issue.state === 'closed' && issue.state_reason !== 'not_planned';
  return {
    assigned_at: assigned,
    first_npc_at: first === null ? null : new Date(first).toISOString(),
    last_npc_at: last === null ? null : new Date(last).toISOString(),
    ...closed,
    pickup_latency_s: first === null ? null : seconds(first - Date.parse(assigned)),
    cycle_time_s:
      completed && closed.closed_at !== null
        ? seconds(Date.parse(closed.closed_at) - Date.parse(assigned))
        : null,
  };
}

function closedFields(
  issue: SignalIssue,
  facts: SignalFacts,
): Pick<IssueSignals, 'closed_at' | 'closed_at_exact'> {
  const closed = closedAt(issue, facts);
  return { closed_at: closed.at, closed_at_exact: closed.exact };
}

/**
 * Overdue pickup: open, NPC-assigned, no NPC comment yet, and waiting longer than the
 * SLO (exactly at the SLO is not yet overdue).
 */
export function overduePickup(
  issue: SignalIssue,
  signals: IssueSignals,
  settings: SignalSettings,
  now: Date,
): IssueAttention | null {
  if (issue.state !== 'open' || signals.assigned_at === null || signals.first_npc_at !== null) {
    return null;
  }
  const waited = now.getTime() - Date.parse(signals.assigned_at);
  if (waited <= settings.pickup_slo_minutes * MINUTE_MS) return null;
  return {
    reason: 'overdue',
    since: signals.assigned_at,
    slo_minutes: settings.pickup_slo_minutes,
    detail: `waiting for pickup ${formatDuration(waited)}, SLO ${formatDuration(settings.pickup_slo_minutes * MINUTE_MS)}`,
  };
}

/**
 * Last activity of the current NPC assignee(s) after `assigned_at`: their latest comment,
 * their latest commit when known, else `assigned_at`.
 */
export function lastNpcActivity(issue: SignalIssue, assigned: string, facts: SignalFacts): string {
  const npcs = npcAssignees(issue);
  const from = Date.parse(assigned);
  const times = [from];
  for (const c of facts.comments ?? []) {
    const t = Date.parse(c.created_at);
    if (npcs.has(c.author.username.toLowerCase()) && t >= from) times.push(t);
  }
  for (const [npc, at] of facts.npc_commits ?? []) {
    const t = Date.parse(at);
    if (npcs.has(npc.toLowerCase()) && t >= from) times.push(t);
  }
  return new Date(Math.max(...times)).toISOString();
}

/** Stuck: open, in progress, and its NPC silent for longer than `stuck_after_hours`. */
export function stuck(
  issue: SignalIssue,
  signals: IssueSignals,
  facts: SignalFacts,
  settings: SignalSettings,
  now: Date,
): IssueAttention | null {
  if (issue.state !== 'open' || issue.column !== 'in_progress' || signals.assigned_at === null) {
    return null;
  }
  const since = lastNpcActivity(issue, signals.assigned_at, facts);
  const silent = now.getTime() - Date.parse(since);
  if (silent <= settings.stuck_after_hours * HOUR_MS) return null;
  return {
    reason: 'stuck',
    since,
    slo_minutes: null,
    detail: `no NPC activity for ${formatDuration(silent)}`,
  };
}

/**
 * Whether an issue can be overdue or stuck at all, from the issue alone: both need it
 * open with an NPC assigned. Lets a search skip every other issue before reading facts.
 */
export function mayNeedAttention(issue: SignalIssue): boolean {
  return issue.state === 'open' && npcAssignees(issue).size > 0;
}

/** Why an issue needs attention: a missed pickup first (it says more), then stuck work. */
export function attention(
  issue: SignalIssue,
  signals: IssueSignals,
  facts: SignalFacts,
  settings: SignalSettings,
  now: Date,
): IssueAttention | null {
  return (
    overduePickup(issue, signals, settings, now) ?? stuck(issue, signals, facts, settings, now)
  );
}

/** "2 d 3 h", "3 h 5 min", "45 min", "20 s": the two largest units of a duration. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const units: [number, string][] = [
    [Math.floor(total / 86_400), 'd'],
    [Math.floor((total % 86_400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return '0 s';
  return units
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

function seconds(ms: number): number {
  return Math.round(ms / 1000);
}

function latest(times: readonly string[]): string {
  return times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}
