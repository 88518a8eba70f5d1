import { NPC_ISSUE_EVENT } from '@shared/platform/builds';
import { planBuild, seedOf, type PlanOptions } from '../builds/build-plan';
import { costCents, planLength, plannedCoreMh, usedCoreMh } from '../builds/build-status';
import type { BuildPlan } from '../builds/build.types';
import { DEMO_SEED, NPC_USERS } from './demo-data';
import type { DemoPlan, PlannedIssue, PlannedLedger } from './demo-plan.types';
import { Prng } from './prng';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const NPCS: readonly string[] = NPC_USERS.map((npc) => npc.username);

/** The build cases the board must be able to show (docs/architecture.md#builds). */
export type BuildCase = 'running' | 'runaway' | 'failing' | 'costly' | 'stopped';

/** One build of the demo's history, as plain data. */
export interface PlannedBuild {
  org: string;
  repo: string;
  /** Index in the plan's issues of the task it worked on, or null. */
  issue: number | null;
  event: string;
  /** Who started it (who mentioned the NPC); the NPC that ran, if any. */
  user: string;
  npc: string | null;
  title: string;
  plan: BuildPlan;
  outcome: 'success' | 'error';
  createdAt: string;
  stoppedAt: string | null;
  /** Finished or stopped before the epoch: its charge is part of the ledger's history. */
  charged: boolean;
  /** When it was charged: as it ended, or as it was stopped. */
  chargedAt: string;
  coreMh: number;
  cents: number;
  case: BuildCase | null;
}

/** Meta key: the issues whose build cases the simulator must leave as they are. */
export const BUILD_CASES_KEY = 'demo_build_cases';

const at = (ms: number): string => new Date(ms).toISOString();

/** What a planned build is before its course is drawn. */
type BuildBase = Omit<
  PlannedBuild,
  'plan' | 'outcome' | 'charged' | 'chargedAt' | 'coreMh' | 'cents' | 'createdAt'
>;

/**
 * Thirty days of builds before the epoch: each NPC comment on a task is a run that ended
 * as it was posted (the pickup, then progress); one run in eight failed and was retried;
 * every few days each repository ran its nightly pipeline. Then the cases: a run started
 * minutes ago and still going, a runaway started hours ago that never ends, a task with
 * three failed runs in a row, a task whose runs cost ten times the median, and a stopped
 * run. Same plan, same builds.
 */
export function planDemoBuilds(plan: DemoPlan): PlannedBuild[] {
  const rng = new Prng(DEMO_SEED ^ 0xb17d);
  const end = plan.epoch.getTime();
  const since = end - 30 * DAY_MS;
  const visible = new Set(
    plan.repos.filter((repo) => repo.visibility !== 'secret').map((r) => `${r.org}/${r.name}`),
  );
  const builds: PlannedBuild[] = [];
  const add = (
    base: BuildBase,
    options: PlanOptions,
    key: string,
    placed: { endsAt: number } | { startsAt: number },
  ): PlannedBuild => {
    const { plan: course, outcome } = planBuild(seedOf(key), options);
    const length = planLength(course);
    const start = 'startsAt' in placed ? placed.startsAt : placed.endsAt - length;
    const stop = base.stoppedAt === null ? null : Date.parse(base.stoppedAt);
    const coreMh =
      stop === null
        ? plannedCoreMh(course)
        : usedCoreMh(
            {
              created_at: at(start),
              finishes_at: Number.isFinite(length) ? at(start + length) : null,
              stopped_at: base.stoppedAt,
              outcome,
              plan: JSON.stringify(course),
            },
            stop,
          );
    const build: PlannedBuild = {
      ...base,
      plan: course,
      outcome,
      createdAt: at(start),
      charged: (stop ?? start + length) <= end,
      chargedAt: at(Math.min(stop ?? start + length, end)),
      coreMh,
      cents: costCents(coreMh),
    };
    builds.push(build);
    return build;
  };

  const cases = caseIssues(plan, visible);
  const ownerOf = (org: string): string =>
    plan.orgs.find((o) => o.path === org)?.members.find((m) => !NPCS.includes(m.username))
      ?.username ?? 'admin';
  plan.issues.forEach((issue, index) => {
    if (!visible.has(`${issue.org}/${issue.repo}`) || cases.has(index)) return;
    issue.comments.forEach((comment, c) => {
      const posted = Date.parse(comment.createdAt);
      if (!NPCS.includes(comment.author) || posted < since || posted > end) return;
      const base = npcRun(issue, index, comment.author, ownerOf(issue.org));
      const key = `${issue.org}/${issue.repo}#${index}.${c}`;
      const run = add(base, { kind: 'npc', outcome: 'success' }, key, { endsAt: posted });
      if (rng.chance(0.12)) {
        const before = Date.parse(run.createdAt) - rng.int(5, 40) * MINUTE_MS;
        add(base, { kind: 'npc', outcome: 'error' }, `${key}.failed`, { endsAt: before });
      }
    });
  });

  for (const path of visible) {
    const [org, repo] = path.split('/');
    for (let day = 29; day >= 1; day -= rng.int(2, 4)) {
      add(
        {
          org,
          repo,
          issue: null,
          event: 'api_trigger_nightly',
          user: ownerOf(org),
          npc: null,
          title: 'Nightly pipeline',
          stoppedAt: null,
          case: null,
        },
        { kind: 'pipeline', failChance: 0.1 },
        `${path}@nightly-${day}`,
        { startsAt: end - day * DAY_MS + 2 * HOUR_MS + rng.int(0, 50) * MINUTE_MS },
      );
    }
  }

  for (const [index, which] of cases) {
    const issue = plan.issues[index];
    const npc = issue.assignees.find((name) => NPCS.includes(name)) as string;
    const base = { ...npcRun(issue, index, npc, ownerOf(issue.org)), case: which };
    const key = `${issue.org}/${issue.repo}#${index}.${which}`;
    if (which === 'running')
      add(base, { kind: 'npc', outcome: 'success', workMs: 4 * HOUR_MS }, key, {
        startsAt: end - 8 * MINUTE_MS,
      });
    else if (which === 'runaway')
      add(base, { kind: 'npc', endless: true }, key, { startsAt: end - 5 * HOUR_MS });
    else if (which === 'stopped')
      add(
        { ...base, stoppedAt: at(end - 20 * HOUR_MS) },
        { kind: 'npc', workMs: 3 * HOUR_MS },
        key,
        {
          startsAt: end - 22 * HOUR_MS,
        },
      );
    else
      for (let run = 0; run < 3; run++) {
        const options: PlanOptions =
          which === 'failing'
            ? { kind: 'npc', outcome: 'error' }
            : { kind: 'npc', outcome: 'success', cores: 8, scale: 12 };
        add(base, options, `${key}.${run}`, { endsAt: end - (9 - run * 3) * HOUR_MS });
      }
  }
  return builds.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * An NPC's run on a task, started by who gave the task to it: the last one to assign it,
 * else the task's author or a person who commented, else `owner` (never the NPC itself:
 * a mention of oneself starts nothing).
 */
function npcRun(issue: PlannedIssue, index: number, npc: string, owner: string): BuildBase {
  const assigner = issue.assignments
    .filter((change) => change.action === 'assigned' && change.assignees.includes(npc))
    .map((change) => change.actor)
    .filter((actor) => actor !== npc)
    .at(-1);
  const people = [assigner, issue.author, ...issue.comments.map((c) => c.author)];
  return {
    org: issue.org,
    repo: issue.repo,
    issue: index,
    event: NPC_ISSUE_EVENT,
    user: people.find((name) => name !== undefined && !NPCS.includes(name)) ?? owner,
    npc,
    title: `${npc}: ${issue.title}`,
    stoppedAt: null,
    case: null,
  };
}

/**
 * The tasks that carry the build cases: open tasks of an NPC in the first organization
 * (then the others), in progress, not held, one case each.
 */
function caseIssues(plan: DemoPlan, visible: ReadonlySet<string>): Map<number, BuildCase> {
  const order = plan.orgs.map((org) => org.path);
  const candidates = plan.issues
    .map((issue, index) => ({ issue, index }))
    .filter(
      ({ issue }) =>
        issue.state === 'open' &&
        issue.hold === null &&
        visible.has(`${issue.org}/${issue.repo}`) &&
        issue.assignees.some((name) => NPCS.includes(name)) &&
        issue.comments.some((comment) => NPCS.includes(comment.author)),
    )
    .sort((a, b) => order.indexOf(a.issue.org) - order.indexOf(b.issue.org) || a.index - b.index);
  const kinds: BuildCase[] = ['running', 'runaway', 'failing', 'costly', 'stopped'];
  return new Map(candidates.slice(0, kinds.length).map(({ index }, i) => [index, kinds[i]]));
}

/** A run's charge in the ledger, once its serial number is known. */
export interface DemoCharge {
  at: string;
  cents: number;
  coreMh: number;
  sn: string;
}

/**
 * The ledger with the runs' charges: each charge is taken out of the hourly model spend
 * it falls in, so what an organization spends per hour stays as planned, and the opening
 * balance is set again so that the balance at the epoch stays exactly as planned.
 */
export function withBuildCharges(
  ledger: PlannedLedger,
  charges: readonly DemoCharge[],
): PlannedLedger {
  const [opening, ...moves] = ledger.entries;
  const entries = moves.map((entry) => ({ ...entry }));
  const finalBalance = ledger.entries.reduce((sum, entry) => sum + entry.amount, 0);
  for (const charge of charges) {
    const hour = Math.ceil(Date.parse(charge.at) / HOUR_MS) * HOUR_MS;
    const spend = entries.find(
      (entry) =>
        entry.kind === 'spend' && entry.sn === undefined && Date.parse(entry.createdAt) === hour,
    );
    if (spend) spend.amount = Math.min(0, spend.amount + charge.cents);
    entries.push({
      amount: -charge.cents,
      kind: 'spend',
      note: `Build ${charge.sn}`,
      createdAt: charge.at,
      sn: charge.sn,
      coreMh: charge.coreMh,
    });
  }
  const kept = entries
    .filter((entry) => entry.amount !== 0 || entry.sn !== undefined)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const net = kept.reduce((sum, entry) => sum + entry.amount, 0);
  return { org: ledger.org, entries: [{ ...opening, amount: finalBalance - net }, ...kept] };
}
