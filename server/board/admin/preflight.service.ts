import { Injectable, Logger } from '@nestjs/common';
import { defaultTitle, type DispatchFinding, FINDING_CODES } from '@shared/board/dispatch';
import { averageDailyConsumption } from '@shared/board/credits';
import type { Issue } from '@shared/board/entities';
import type { NpcRun } from '@shared/board/runs';
import { toIssue } from '@shared/board/mappers';
import { DORMANT_AFTER_DAYS } from '@shared/board/npc';
import { Clock } from '../../common/clock';
import { InvalidError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { assertConfiguredNpc } from './configured-npc';
import {
  creditFindings,
  type CreditFigures,
  dormantFinding,
  duplicateFinding,
  runningFinding,
  stuckFinding,
  wipFinding,
} from './preflight-findings';
import { BoardConfig } from '../config/board-config';
import { NpcRunReads } from '../sync/npc-run-reads';
import { NpcWorkService } from '../sync/npc-work.service';
import { RepoActivityService } from '../sync/repo-activity.service';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { SettingsService } from '../settings/settings.service';
import { BoardStore } from '../store/board-store';
import { IssueMirror } from '../sync/issue-mirror';

const DAY_MS = 86_400_000;
/** The spending rate a runway is judged by: the last week's. */
const RUNWAY_WINDOW_DAYS = 7;

/** What a preflight looks at: the dispatch body, everything optional but the repository. */
export interface PreflightInput {
  repo: string;
  npc?: string;
  title?: string;
  requirement?: string;
}

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
    private readonly runs: NpcRunReads,
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
