import { type AdminSettings, wipLimitsFor } from '@shared/board/admin';
import type { DispatchFinding } from '@shared/board/dispatch';
import { possibleDuplicates } from '@shared/board/duplicates';
import { isBelowThreshold } from '@shared/board/credits';
import type { Issue } from '@shared/board/entities';
import { DORMANT_AFTER_DAYS } from '@shared/board/npc';
import type { NpcRun } from '@shared/board/runs';

/** Issues a finding links to, at most. */
const MAX_LINKS = 5;

/** An organization's latest balance and its average daily spending (null: too few snapshots). */
export interface CreditFigures {
  org: string;
  balance: number;
  perDay: number | null;
}

/** A board link to one issue (its dialog on the task board). */
const issueLink = (issue: Pick<Issue, 'number' | 'title' | 'repository'>) => ({
  label: `${issue.repository.full_name}#${issue.number} ${issue.title}`,
  url: `/tasks?repo=${encodeURIComponent(issue.repository.full_name)}&issue=${issue.number}`,
});

const tasks = (n: number): string => `${n} open ${n === 1 ? 'task' : 'tasks'}`;

// The findings, one builder each (exported for preflight.service.spec.ts). Each finding's
// `params` carries what its `message` says, for clients that word it themselves.

export function wipFinding(
  npc: string,
  work: readonly Issue[],
  settings: AdminSettings,
): DispatchFinding[] {
  const { soft, hard } = wipLimitsFor(settings, npc);
  const count = work.length;
  const links = [{ label: `Open tasks of ${npc}`, url: `/tasks?npc=${npc}&state=open` }];
  const limits: Record<string, number> = hard === null ? { soft } : { soft, hard };
  if (hard !== null && count >= hard) {
    return [
      {
        code: 'wip_limit',
        severity: 'block',
        message: `${npc} already holds ${tasks(count)}; its limit is ${hard}`,
        params: { npc, count, limit: hard, ...limits },
        links,
      },
    ];
  }
  if (count >= soft) {
    return [
      {
        code: 'wip_limit',
        severity: 'warn',
        message: `${npc} already holds ${tasks(count)} (its soft limit is ${soft})`,
        params: { npc, count, limit: soft, ...limits },
        links,
      },
    ];
  }
  return [];
}

export function duplicateFinding(
  title: string,
  repo: string,
  open: readonly Issue[],
): DispatchFinding[] {
  const matches = possibleDuplicates(
    title,
    open.filter((issue) => issue.repository.full_name === repo),
  );
  if (matches.length === 0) return [];
  const [best] = matches;
  const more = matches.length > 1 ? ` and ${matches.length - 1} more` : '';
  return [
    {
      code: 'possible_duplicate',
      severity: 'warn',
      message: `An open issue has a similar title: #${best.issue.number} "${best.issue.title}"${more}`,
      params: {
        repo,
        number: best.issue.number,
        title: best.issue.title,
        count: matches.length,
        more: matches.length - 1,
      },
      links: matches.slice(0, MAX_LINKS).map((m) => issueLink(m.issue)),
    },
  ];
}

export function creditFindings(credits: CreditFigures, settings: AdminSettings): DispatchFinding[] {
  const { org, balance, perDay } = credits;
  const threshold = settings.credit_alert_threshold;
  const links = [{ label: `Credits of ${org}`, url: `/credits?org=${org}` }];
  const findings: DispatchFinding[] = [];
  if (balance <= 0) {
    findings.push({
      code: 'low_runway',
      severity: 'block',
      message: `${org} has no credits left (balance ${balance}): its NPCs cannot work`,
      params: { org, balance },
      links,
    });
  } else if (perDay !== null && perDay > 0 && balance / perDay < settings.runway_alert_days) {
    const days = Math.floor(balance / perDay);
    const left = days < 1 ? 'less than a day' : `about ${days} ${days === 1 ? 'day' : 'days'}`;
    findings.push({
      code: 'low_runway',
      severity: 'warn',
      message: `${org}'s credits last ${left} at the current rate (the alert line is ${settings.runway_alert_days} days)`,
      params: { org, balance, days, alert_days: settings.runway_alert_days },
      links,
    });
  }
  if (balance > 0 && isBelowThreshold(balance, threshold)) {
    findings.push({
      code: 'below_threshold',
      severity: 'warn',
      message: `${org}'s balance (${balance}) is below the alert threshold (${threshold})`,
      params: { org, balance, threshold },
      links,
    });
  }
  return findings;
}

export function dormantFinding(repo: string, last: string): DispatchFinding {
  const [org] = repo.split('/');
  const since = last === 'none' ? '' : ` (last on ${last.slice(0, 10)})`;
  return {
    code: 'dormant_repository',
    severity: 'warn',
    message: `No person has committed to ${repo} for ${DORMANT_AFTER_DAYS} days${since}`,
    params: {
      repo,
      org,
      dormant_days: DORMANT_AFTER_DAYS,
      ...(last === 'none' ? {} : { since: last.slice(0, 10) }),
    },
    links: [{ label: `Repositories of ${org}`, url: `/repos?org=${org}` }],
  };
}

export function stuckFinding(npc: string, work: readonly Issue[]): DispatchFinding[] {
  const stuck = work.filter((issue) => issue.attention?.reason === 'stuck');
  if (stuck.length === 0) return [];
  return [
    {
      code: 'npc_stuck_here',
      severity: 'warn',
      message: `${npc} has ${stuck.length} stuck ${stuck.length === 1 ? 'task' : 'tasks'}`,
      params: { npc, count: stuck.length },
      links: [
        ...stuck.slice(0, MAX_LINKS).map(issueLink),
        { label: `All stuck tasks of ${npc}`, url: `/tasks?npc=${npc}&attention=stuck` },
      ],
    },
  ];
}

export function runningFinding(
  npc: string,
  repo: string,
  running: readonly NpcRun[],
  open: readonly Issue[],
): DispatchFinding[] {
  const [newest] = running;
  if (newest === undefined) return [];
  const count = running.length;
  const tasks = running.flatMap((run) =>
    open.filter((i) => i.repository.full_name === repo && i.number === run.issue_number),
  );
  return [
    {
      code: 'npc_running_here',
      severity: 'warn',
      message: `${npc} already has ${count === 1 ? 'a run' : `${count} runs`} going on ${repo}`,
      params: { npc, repo, count, sn: newest.sn, started_at: newest.started_at },
      links: tasks.slice(0, MAX_LINKS).map(issueLink),
    },
  ];
}
