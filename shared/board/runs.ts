/**
 * NPC runs as the board shows them (docs/rules.md#npc-runs): on the platform an
 * NPC works by running a build when it is mentioned, and the build bills core-hours.
 */

/** Where a run stands: the platform's `pending` (unfinished) reads `running` here. */
export type RunStatus = 'running' | 'success' | 'error' | 'cancel';

/** One NPC run (a build whose event is `*@npc`). */
export interface NpcRun {
  /** The build number (`sn`). */
  sn: string;
  /** `<org>/<repo>`. */
  repo: string;
  /** The task it worked on: the issue its `eventUrl` names; null for a pull request or none. */
  issue_number: number | null;
  /** The pull request its `eventUrl` names, or null. */
  pull_number: number | null;
  /** Lower-case NPC username, when the run names one (see `runNpc`); else null. */
  npc: string | null;
  /** Who mentioned the NPC. */
  started_by: string;
  event: string;
  title: string;
  status: RunStatus;
  started_at: string;
  /** Wall time so far, in seconds. */
  duration_s: number;
  /** Billed core-hours of a finished run; null while it runs or until its bill is read. */
  core_hours: number | null;
  log_url: string;
}

/** What an issue's card shows of its runs. */
export interface IssueRuns {
  count: number;
  /** The run going now (the newest, when several are), or null. */
  running: { sn: string; started_at: string; npc: string | null } | null;
  /** Status of the newest run, or null with none. */
  last_status: RunStatus | null;
  /** Billed core-hours of the finished runs; null while any of their bills is unread. */
  core_hours: number | null;
}

/** The runs of one task: `GET /api/repos/:full_name/issues/:number/runs`. */
export interface TaskRuns {
  /** Newest first. */
  runs: NpcRun[];
  /** Sum of the finished runs' core-hours; null while any is unread. */
  core_hours: number | null;
}

/** `POST /api/admin/runs/stop` body. */
export interface StopRunRequest {
  /** `<org>/<repo>`. */
  repo: string;
  sn: string;
  reason?: string;
}

/** What a stop answered: `stopped`, or `already_stopped` when it had been stopped before. */
export interface StopRunResult {
  outcome: 'stopped' | 'already_stopped';
  run: NpcRun;
  /** The platform's message. */
  message: string;
}

/** Core-hours as the board prints them: three decimals at most. */
export function roundCoreHours(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The task or pull request an `eventUrl` names: its path ends in `/-/issues/N` or
 * `/-/pulls/N` (the platform's web addresses of both); anything else names neither.
 */
export function eventTarget(
  eventUrl: string,
): { kind: 'issue' | 'pull'; repo: string; number: number } | null {
  let path: string;
  try {
    path = new URL(eventUrl, 'http://x').pathname;
  } catch {
    return null;
  }
  const match = /^\/(.+)\/-\/(issues|pulls)\/(\d{1,9})\/?$/.exec(path);
  if (!match) return null;
  return {
    kind: match[2] === 'issues' ? 'issue' : 'pull',
    repo: decodeURIComponent(match[1]),
    number: Number(match[3]),
  };
}

/**
 * The NPC a run names: the build title's leading `handle:` when it is one of `npcHandles`
 * (lower-case), as the platform titles NPC runs; otherwise null (the caller may fall back
 * on the task's NPC assignee).
 */
export function runNpc(title: string, npcHandles: ReadonlySet<string>): string | null {
  const match = /^\s*@?([A-Za-z0-9_.-]{1,64})\s*:/.exec(title);
  const name = match?.[1].toLowerCase();
  return name !== undefined && npcHandles.has(name) ? name : null;
}

/** A card's summary of a task's runs (newest first). */
export function summariseRuns(runs: readonly NpcRun[]): IssueRuns {
  const running = runs.find((run) => run.status === 'running') ?? null;
  let hours = 0;
  let known = true;
  for (const run of runs) {
    if (run.status === 'running') continue;
    if (run.core_hours === null) known = false;
    else hours += run.core_hours;
  }
  return {
    count: runs.length,
    running: running && { sn: running.sn, started_at: running.started_at, npc: running.npc },
    last_status: runs[0]?.status ?? null,
    core_hours: known ? roundCoreHours(hours) : null,
  };
}

/**
 * One organization's NPC runs, as `GET /api/runs` answers them: the runs of its repositories
 * with NPC work (an NPC task updated in the last 31 days). The counts are null while a
 * repository's runs are not read yet, the core-hours while a bill they need is not either
 * (`runs` pending); while a re-read is due, the held runs count and `runs` is pending too.
 */
export interface OrgRunFigures {
  org: string;
  /** Runs going now. */
  running: number | null;
  /** Billed core-hours of the runs that started today (UTC) and have ended. */
  core_hours_today: number | null;
  /** Runs that started in the window. */
  runs: number | null;
  /** Billed core-hours of the window's ended runs, failed, stopped and retried ones included. */
  core_hours: number | null;
  /** Of `core_hours`, those of runs linked to a task (the rest: pull requests, no address). */
  linked_core_hours: number | null;
}

/** `GET /api/runs?days=7|30`. */
export interface RunFigures {
  days: 7 | 30;
  /** Start of the window. */
  since: string;
  orgs: OrgRunFigures[];
}

/**
 * The cost rule for credits (docs/rules.md#npc-runs): core-hours are exact, as the
 * platform bills them; credits per core-hour are an estimate, the organization's credit
 * spend over a window shared among that window's runs by their billed core-hours. Null
 * without core-hours to share it among or without a known spend.
 */
export function creditsPerCoreHour(spent: number | null, coreHours: number | null): number | null {
  if (spent === null || coreHours === null || coreHours <= 0) return null;
  return spent / coreHours;
}

/**
 * The share of the window's core-hours (and so, by the estimate, of its spend on runs) that
 * the board could put on a task; null without core-hours.
 */
export function linkedShare(linked: number | null, total: number | null): number | null {
  if (linked === null || total === null || total <= 0) return null;
  return linked / total;
}
