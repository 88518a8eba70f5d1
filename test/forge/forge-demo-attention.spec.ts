import { boardColumn } from '@shared/board/columns';
import { attention, issueSignals, type SignalSettings } from '@shared/board/signals';
import type { PlatformIssue } from '@shared/platform/types';
import { ManualClock } from '../../server/common/clock';
import { activityFacts } from '../../server/board/sync/activity-facts';
import type { PlatformTestClient } from '../platform-test-client';
import { buildDemoPlan } from '../../server/forge/seed/demo-plan';
import type { PlannedIssue } from '../../server/forge/seed/demo-plan.types';
import { NpcSimulatorService } from '../../server/forge/simulator/npc-simulator.service';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const EPOCH = new Date('2025-06-01T12:00:00.000Z');
const SETTINGS: SignalSettings = { pickup_slo_minutes: 60, stuck_after_hours: 24 };

/**
 * The demo's attention figures over HTTP: at the epoch only the deliberate cases need
 * attention, and while the simulator runs (on an injected clock) the ordinary NPC work
 * keeps its pickups inside the SLO and never goes stuck.
 */
describe('forge: demo attention stays on the deliberate cases', () => {
  const plan = buildDemoPlan(EPOCH);
  const held = plan.issues.filter((issue) => issue.hold !== null);
  let clock: ManualClock;
  let forge: HarnessForge;
  let admin: PlatformTestClient;

  const key = (repo: string, number: string | number): string => `${repo}#${number}`;
  const numberOf = (issue: PlannedIssue): number =>
    plan.issues
      .filter((other) => other.org === issue.org && other.repo === issue.repo)
      .indexOf(issue) + 1;
  const heldKeys = new Map(
    held.map((issue) => [key(`${issue.org}/${issue.repo}`, numberOf(issue)), issue.hold]),
  );

  /** Every open NPC-assigned issue needing attention now, by the board's signal rules. */
  const flagged = async (): Promise<Map<string, string>> => {
    const found = new Map<string, string>();
    for (const org of plan.orgs) {
      const open = await admin.listOrgIssues(org.path, { state: 'open' });
      for (const issue of open.filter((i: PlatformIssue) => i.assignees.some((a) => a.is_npc))) {
        const repo = issue.repo?.path as string;
        const facts = activityFacts(await admin.listIssueActivities(repo, issue.number));
        const comments = await admin.listComments(repo, issue.number);
        const npcs = issue.assignees.filter((a) => a.is_npc).map((a) => a.username.toLowerCase());
        const signalIssue = { ...issue, column: boardColumn(issue) };
        const signalFacts = {
          comments,
          assigned: npcs.map((name) => facts.assigned.get(name)),
          closed_at: facts.closed_at,
        };
        const why = attention(
          signalIssue,
          issueSignals(signalIssue, signalFacts),
          signalFacts,
          SETTINGS,
          clock.now(),
        );
        if (why) found.set(key(repo, issue.number), why.reason);
      }
    }
    return found;
  };

  beforeEach(async () => {
    clock = new ManualClock(EPOCH);
    forge = await startForge({ seedEpoch: EPOCH, clock });
    admin = forgeClient(forge);
  });
  afterEach(() => forge.stop());

  it('flags exactly the held stuck and overdue cases at the epoch', async () => {
    expect(held.length).toBeGreaterThanOrEqual(6);
    expect(await flagged()).toEqual(heldKeys);
  });

  it('shows ordinary tasks in progress with a recent comment by their NPC', async () => {
    const ordinary = plan.issues
      .filter((issue) => issue.hold === null && issue.state === 'open')
      .filter((issue) =>
        issue.labels.some((label) => ['in progress', 'doing', 'wip'].includes(label)),
      )
      .slice(0, 3);
    expect(ordinary).toHaveLength(3);
    for (const planned of ordinary) {
      const repo = `${planned.org}/${planned.repo}`;
      const issue = await admin.getIssue(repo, numberOf(planned));
      expect(boardColumn(issue)).toBe('in_progress');
      const npc = issue.assignees.find((user) => user.is_npc)?.username;
      const mine = (await admin.listComments(repo, numberOf(planned)))
        .filter((comment) => comment.author.username === npc)
        .map((comment) => Date.parse(comment.created_at));
      expect(EPOCH.getTime() - Math.max(...mine)).toBeLessThanOrEqual(20 * HOUR);
    }
  });

  it('keeps the ordinary work out of attention while the simulator runs', async () => {
    const simulator = forge.app.get(NpcSimulatorService);
    const totals = { assigned: 0, pickedUp: 0, updated: 0, closed: 0 };
    const run = (rounds: number, stepMs: number): void => {
      for (let round = 0; round < rounds; round++) {
        clock.advance(stepMs);
        const result = simulator.round(stepMs);
        totals.assigned += result.assigned;
        totals.pickedUp += result.pickedUp;
        totals.updated += result.updated;
        totals.closed += result.closed;
      }
    };
    // Two hours of rounds every three minutes: what is assigned is picked up within the SLO.
    run(40, 3 * MINUTE);
    expect(totals.assigned).toBeGreaterThan(5);
    expect(totals.pickedUp).toBeGreaterThan(totals.assigned / 2);
    expect(await flagged()).toEqual(heldKeys);
    // A day and a half more, in coarse steps: NPCs post progress, no task goes stuck.
    run(12, 3 * HOUR);
    expect(totals.updated).toBeGreaterThan(20);
    expect(totals.closed).toBeGreaterThan(0);
    expect(await flagged()).toEqual(heldKeys);
  });
});
