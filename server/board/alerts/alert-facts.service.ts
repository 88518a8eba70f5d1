import { Injectable, Logger } from '@nestjs/common';
import type { AdminSettings, AlertRule } from '@shared/board/admin';
import type { Issue } from '@shared/board/entities';
import type { AlertSubject } from '@shared/board/alerts';
import { averageDailyConsumption, isBelowThreshold } from '@shared/board/credits';
import { BoardConfig } from '../config/board-config';
import { SnapshotService, type SnapshotRun } from '../credits/snapshot.service';
import { IssueSearchQuery } from '../issues/issue-search.query';
import { IssuesService } from '../issues/issues.service';
import { Coverage } from '../scope/coverage.service';
import { BoardStore } from '../store/board-store';
import { NpcRunsService } from '../sync/npc-runs.service';
import type { AlertFinding } from './alert-rules';
import type { AlertState } from '../store/alert-records';

const DAY_MS = 86_400_000;
/** Consecutive failed snapshot runs after which an organization's balance is "failing". */
export const SNAPSHOT_FAILING_RUNS = 3;
/** Store setting: consecutive failed snapshot runs per organization. */
const SNAPSHOT_FAILURES_KEY = 'alerts:snapshot-failures';

/**
 * What the alert rules look at: balances and their trend from the snapshots, failed
 * snapshot runs in a row, and the NPC issues that are stuck or overdue.
 */
@Injectable()
export class AlertFactsService {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly store: BoardStore,
    private readonly config: BoardConfig,
    private readonly coverage: Coverage,
    private readonly issues: IssuesService,
    private readonly snapshots: SnapshotService,
    private readonly runs: NpcRunsService,
  ) {}

  /** Count failed snapshot runs in a row per organization; a recorded balance resets it. */
  async recordSnapshotRun(run: SnapshotRun): Promise<void> {
    const counts = {
      ...((await this.store.getSetting<Record<string, number>>(SNAPSHOT_FAILURES_KEY)) ?? {}),
    };
    for (const { org_slug } of run.recorded) delete counts[org_slug];
    for (const { org_slug } of run.failed) counts[org_slug] = (counts[org_slug] ?? 0) + 1;
    await this.store.setSetting(SNAPSHOT_FAILURES_KEY, counts);
  }

  /** What is true now, for the rules that are switched on. */
  async findings(
    settings: AdminSettings,
    previous: readonly AlertState[],
    now: Date,
  ): Promise<AlertFinding[]> {
    const on = settings.alert_rules;
    const orgs = await this.coverage.coveredOrgs();
    const [latest, history, failures] = await Promise.all([
      this.store.latestSnapshots(orgs),
      this.store.listSnapshots(orgs, new Date(now.getTime() - 7 * DAY_MS)),
      this.store.getSetting<Record<string, number>>(SNAPSHOT_FAILURES_KEY),
    ]);
    const names = new Map(
      await Promise.all(orgs.map(async (org) => [org, await this.coverage.orgName(org)] as const)),
    );
    const found: AlertFinding[] = [];
    for (const org of orgs) {
      const name = names.get(org) ?? org;
      const subject = this.orgSubject(org, name);
      const add = (rule: AlertFinding['rule'], summary: string, details: Record<string, unknown>) =>
        found.push({ rule, org, subject, summary, details: { ...details, org_name: name } });
      const balance = latest.find((s) => s.org_slug === org)?.balance ?? null;
      if (balance !== null) {
        if (on.credits_exhausted && balance <= 0) {
          add('credits_exhausted', `${org} has no credits left (balance ${balance})`, { balance });
        }
        const threshold = settings.credit_alert_threshold;
        if (on.credits_below_threshold && isBelowThreshold(balance, threshold)) {
          add(
            'credits_below_threshold',
            `${org} has ${balance} credits, below the alert threshold of ${threshold}`,
            { balance, threshold },
          );
        }
        const average = averageDailyConsumption(history.filter((s) => s.org_slug === org));
        if (on.runway_short && balance > 0 && average !== null && average > 0) {
          const days = balance / average;
          if (days < settings.runway_alert_days) {
            add(
              'runway_short',
              `${org} runs out of credits in about ${days.toFixed(1)} days (alert under ${settings.runway_alert_days})`,
              {
                balance,
                runway_days: Math.round(days * 10) / 10,
                avg_daily_consumption: Math.round(average * 100) / 100,
                alert_under_days: settings.runway_alert_days,
              },
            );
          }
        }
      }
      const failed = failures?.[org] ?? 0;
      if (on.snapshot_failing && failed >= SNAPSHOT_FAILING_RUNS) {
        add(
          'snapshot_failing',
          `${org}'s balance could not be read in the last ${failed} snapshot runs`,
          { failed_runs: failed, reason: this.snapshots.failureReason(org) ?? null },
        );
      }
    }
    const issueRules = [
      ...(on.npc_stuck || on.pickup_overdue ? [this.issueFindings(settings, previous, orgs)] : []),
      ...(on.run_runaway || on.task_failing
        ? [this.runFindings(settings, previous, orgs, now)]
        : []),
    ];
    for (const findings of await Promise.all(issueRules)) {
      for (const finding of findings) {
        const name = names.get(finding.org);
        found.push(
          name ? { ...finding, details: { ...finding.details, org_name: name } } : finding,
        );
      }
    }
    return found;
  }

  /**
   * Runaway runs (running longer than `run_max_minutes`) and failing tasks (the last
   * `failed_runs_in_a_row` runs failed) among the open NPC tasks (docs/rules.md#npc-runs).
   * When the tasks cannot be listed, the run alerts that were firing stay as they were.
   */
  private async runFindings(
    settings: AdminSettings,
    previous: readonly AlertState[],
    orgs: readonly string[],
    now: Date,
  ): Promise<AlertFinding[]> {
    const rules = new Set<AlertRule>(['run_runaway', 'task_failing']);
    let issues: Issue[];
    try {
      const query = Object.assign(new IssueSearchQuery(), { state: 'open', npc: true });
      issues = (await this.issues.search(query)).items;
    } catch (error) {
      this.logger.warn(`Run rules kept their state: tasks unreadable (${String(error)})`);
      return kept(previous, orgs, rules);
    }
    const runs = await this.runs.tasksRuns(issues);
    const found: AlertFinding[] = [];
    const limitMs = settings.run_max_minutes * 60_000;
    const failedInARow = settings.failed_runs_in_a_row;
    for (const issue of issues) {
      const repo = issue.repository.full_name;
      const id = `${repo}#${issue.number}`;
      const task = runs.get(id) ?? [];
      const subject = this.issueSubject(issue);
      const org = repo.split('/')[0];
      const base = { repo, number: issue.number, title: issue.title };
      const runaway = task
        .filter((run) => run.status === 'running')
        .find((run) => now.getTime() - Date.parse(run.started_at) > limitMs);
      if (settings.alert_rules.run_runaway && runaway) {
        const minutes = Math.floor((now.getTime() - Date.parse(runaway.started_at)) / 60_000);
        found.push({
          rule: 'run_runaway',
          org,
          subject,
          summary: `${id} "${issue.title}": run ${runaway.sn} of ${runaway.npc ?? 'its NPC'} has run ${minutes} minutes, since ${runaway.started_at}`,
          details: {
            ...base,
            npc: runaway.npc,
            since: runaway.started_at,
            sn: runaway.sn,
            minutes,
          },
        });
      }
      const last = task.slice(0, failedInARow);
      if (
        settings.alert_rules.task_failing &&
        last.length === failedInARow &&
        last.every((run) => run.status === 'error')
      ) {
        found.push({
          rule: 'task_failing',
          org,
          subject,
          summary: `${id} "${issue.title}": the last ${failedInARow} NPC runs failed`,
          details: {
            ...base,
            npc: last[0].npc,
            since: last[0].started_at,
            failed_runs: failedInARow,
          },
        });
      }
    }
    return found;
  }

  /**
   * Stuck and overdue NPC issues. When the platform cannot list them, the issue alerts
   * that were firing stay as they were instead of resolving for lack of news.
   */
  private async issueFindings(
    settings: AdminSettings,
    previous: readonly AlertState[],
    orgs: readonly string[],
  ): Promise<AlertFinding[]> {
    let issues;
    try {
      const query = Object.assign(new IssueSearchQuery(), { state: 'open', attention: 'any' });
      issues = (await this.issues.search(query)).items;
    } catch (error) {
      this.logger.warn(`Issue rules kept their state: issues unreadable (${String(error)})`);
      return kept(previous, orgs, new Set<AlertRule>(['npc_stuck', 'pickup_overdue']));
    }
    const found: AlertFinding[] = [];
    for (const issue of issues) {
      const reason = issue.attention?.reason;
      const rule =
        reason === 'stuck' ? 'npc_stuck' : reason === 'overdue' ? 'pickup_overdue' : null;
      if (!rule || !settings.alert_rules[rule]) continue;
      const repo = issue.repository.full_name;
      const org = repo.split('/')[0];
      const id = `${repo}#${issue.number}`;
      const npc = issue.assignees.find((a) => a.is_npc)?.username ?? null;
      const since = issue.attention!.since;
      const subject = this.issueSubject(issue);
      found.push({
        rule,
        org,
        subject,
        summary:
          rule === 'npc_stuck'
            ? `${id} "${issue.title}" is stuck: no NPC activity since ${since}`
            : `${id} "${issue.title}" has waited for ${npc ?? 'its NPC'} since ${since}`,
        details: { npc, since, repo, number: issue.number, title: issue.title },
      });
    }
    return found;
  }

  private issueSubject(issue: Issue): AlertSubject {
    const repo = issue.repository.full_name;
    const id = `${repo}#${issue.number}`;
    return {
      type: 'issue',
      id,
      name: `${id} ${issue.title}`,
      url: this.link(`tasks?repo=${encodeURIComponent(repo)}&issue=${issue.number}`),
    };
  }

  private orgSubject(org: string, name: string): AlertSubject {
    return {
      type: 'organization',
      id: org,
      name,
      url: this.link(`credits?org=${encodeURIComponent(org)}`),
    };
  }

  private link(path: string): string | null {
    const base = this.config.boardPublicUrl;
    return base ? `${base}/${path}` : null;
  }
}

/** The firing alerts of `rules` in `orgs`, kept as they were while their facts cannot be read. */
function kept(
  previous: readonly AlertState[],
  orgs: readonly string[],
  rules: ReadonlySet<AlertRule>,
): AlertFinding[] {
  return previous
    .filter((a) => a.status === 'firing' && rules.has(a.rule) && orgs.includes(a.org))
    .map(({ rule, org, subject, summary, details }) => ({ rule, org, subject, summary, details }));
}
