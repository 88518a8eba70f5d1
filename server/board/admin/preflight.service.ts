import { Injectable, Logger } from '@nestjs/common';
import { type AdminSettings, wipLimitsFor } from '@shared/board/admin';
import { defaultTitle, type DispatchFinding, FINDING_CODES } from '@shared/board/dispatch';
import { possibleDuplicates } from '@shared/board/duplicates';
import { averageDailyConsumption, isBelowThreshold } from '@shared/board/credits';
import type { Issue } from '@shared/board/entities';
import type { NpcRun } from '@shared/board/runs';
import { toIssue } from '@shared/board/mappers';
import { DORMANT_AFTER_DAYS } from '@shared/board/npc';
import { Clock } from '../../common/clock';
import { InvalidError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { assertConfiguredNpc } from './configured-npc';
import { BoardConfig } from '../config/board-config';
import { NpcRunsService } from '../sync/npc-runs.service';
import { NpcWorkService } from '../sync/npc-work.service';
import { RepoActivityService } from '../sync/repo-activity.service';
import { Coverage } from '../coverage/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { SettingsService } from '../settings/settings.service';
import { BoardStore } from '../store/board-store';
import { IssueMirror } from '../sync/issue-mirror';

const DAY_MS = 86_400_000;
/** The spending rate a runway is judged by: the last week's. */
const RUNWAY_WINDOW_DAYS = 7;
/** Issues a finding links to, at most. */
const MAX_LINKS = 5;

/** An organization's latest balance and its average daily spending (null: too few snapshots). */
interface CreditFigures {
  org: string;
  balance: number;
  perDay: number | null;
}

/** What a preflight looks at: the dispatch body, everything optional but the repository. */
export interface PreflightInput {
  repo: string;
  npc?: string;
  title?: string;
  requirement?: string;
}

/** A board link to one issue (its dialog on the task board). */
const issueLink = (issue: Pick<Issue, 'number' | 'title' | 'repository'>) => ({
  label: `${issue.repository.full_name}#${issue.number} ${issue.title}`,
  url: `/tasks?repo=${encodeURIComponent(issue.repository.full_name)}&issue=${issue.number}`,
});

/**
 * The checks a dispatch runs before it goes out (docs/rules.md#guarded-dispatch):
 * the NPC's open work and stuck tasks, open issues with a similar title, the
 * organization's credits (from its snapshots) and the repository's human activity. Reads
 * go through the board's caches and store; nothing is written.
 */
@Injectable()
export class PreflightService {
  private readonly logger = new Logger(PreflightService.name);

  constructor(
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly config: BoardConfig,
    private readonly settings: SettingsService,
    private readonly store: BoardStore,
    private readonly work: NpcWorkService,
    private readonly activity: RepoActivityService,
    private readonly clock: Clock,
    private readonly mirror: IssueMirror,
    private readonly runs: NpcRunsService,
  ) {}

  /** Refuse a repository outside the covered organizations and an unknown NPC (400). */
  async assertTarget(input: Pick<PreflightInput, 'repo' | 'npc'>): Promise<void> {
    if (input.npc !== undefined) assertConfiguredNpc(this.config, input.npc);
    const [org, name] = input.repo.split('/');
    if (!(await this.coverage.coveredOrgs()).includes(org)) {
      throw new InvalidError(
        `repo must belong to a covered organization ("${org}" is not one)`,
        withCode('org_not_covered', { field: 'repo', org }),
      );
    }
    const repos = await this.coverage.visibleRepositories(org);
    if (!repos.some((r) => r.path === `${org}/${name}`)) {
      throw new InvalidError(
        `repo ${input.repo} is not a repository this board shows`,
        withCode('repo_not_shown', { field: 'repo', repo: input.repo }),
      );
    }
  }

  /** Every finding for this dispatch, blocking ones first. */
  async check(input: PreflightInput): Promise<DispatchFinding[]> {
    await this.assertTarget(input);
    const [org] = input.repo.split('/');
    const settings = await this.settings.get();
    const title = input.title?.trim() || defaultTitle(input.requirement ?? '');
    const [openIssues, credits, dormant] = await Promise.all([
      this.openIssues(),
      this.creditFigures(org),
      this.dormantFor(input.repo),
    ]);
    const [npcWork, running] = input.npc
      ? await Promise.all([
          this.openWorkOf(input.npc, openIssues),
          this.runningOf(input.npc, input.repo, openIssues),
        ])
      : [[], []];
    const findings = [
      ...(input.npc ? wipFinding(input.npc, npcWork, settings) : []),
      ...(title ? duplicateFinding(title, input.repo, openIssues) : []),
      ...(credits ? creditFindings(credits, settings) : []),
      ...(dormant !== null ? [dormantFinding(input.repo, dormant)] : []),
      ...(input.npc ? stuckFinding(input.npc, npcWork) : []),
      ...(input.npc ? runningFinding(input.npc, input.repo, running, openIssues) : []),
    ];
    const rank = (f: DispatchFinding): number =>
      (f.severity === 'block' ? 0 : FINDING_CODES.length) + FINDING_CODES.indexOf(f.code);
    return findings.sort((a, b) => rank(a) - rank(b));
  }

  /** Open issues of every covered organization, from the cached organization lists. */
  private async openIssues(): Promise<Issue[]> {
    const ctx = this.coverage.mapContext;
    const orgs = await this.coverage.coveredOrgs();
    const lists = await Promise.all(
      orgs.map((org) => this.mirror.orgIssues(org, { state: 'open' })),
    );
    return lists
      .flat()
      .flatMap((raw) => (raw.repo ? [toIssue(raw, raw.repo.path, ctx)] : []))
      .filter((issue) => issue.state === 'open');
  }

  /** The NPC's open assigned issues, with their signals. */
  private async openWorkOf(npc: string, open: readonly Issue[]): Promise<Issue[]> {
    const handle = npc.toLowerCase();
    return this.work.annotate(
      open.filter((issue) =>
        issue.assignees.some((a) => a.is_npc && a.username.toLowerCase() === handle),
      ),
    );
  }

  /**
   * The NPC's runs going on the repository now, newest first; none when they cannot be
   * read (no finding).
   */
  private async runningOf(npc: string, repo: string, open: readonly Issue[]): Promise<NpcRun[]> {
    try {
      const handle = npc.toLowerCase();
      return (await this.runs.runningOn(repo, open)).filter((run) => run.npc === handle);
    } catch (error) {
      this.logger.warn(`Preflight runs of ${repo}: ${(error as Error).message}`);
      return [];
    }
  }

  /**
   * The organization's balance and average daily spending over the last week, from the
   * board's snapshots (no platform read); null when they cannot be read now (no finding).
   */
  private async creditFigures(org: string): Promise<CreditFigures | null> {
    try {
      const since = new Date(this.clock.now().getTime() - RUNWAY_WINDOW_DAYS * DAY_MS);
      const [[latest], history] = await Promise.all([
        this.store.latestSnapshots([org]),
        this.store.listSnapshots([org], since),
      ]);
      if (!latest) return null;
      return { org, balance: latest.balance, perDay: averageDailyConsumption(history) };
    } catch (error) {
      this.logger.warn(`Preflight credits of ${org}: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * The last human commit when the repository has had none for `DORMANT_AFTER_DAYS`
   * (`'none'` when none in the commits read); null when it is active or unreadable.
   */
  private async dormantFor(repo: string): Promise<string | null> {
    const split = await this.activity.split(repo);
    if (split === null) return null;
    const last = split.last_human_commit_at;
    const quietSince = this.clock.now().getTime() - DORMANT_AFTER_DAYS * DAY_MS;
    if (last !== null && Date.parse(last) >= quietSince) return null;
    return last ?? 'none';
  }
}

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
