import { boardColumn } from '@shared/board/columns';
import { NPC_USERS, ORGS } from './demo-data';
import { buildDemoPlan } from './demo-plan';
import type { PlannedIssue } from './demo-plan.types';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const NPCS: readonly string[] = NPC_USERS.map((npc) => npc.username);
const isNpc = (name: string): boolean => NPCS.includes(name);

const column = (issue: PlannedIssue): string =>
  boardColumn({
    state: issue.state,
    assignees: issue.assignees.map((name) => ({ is_npc: isNpc(name) })),
    labels: issue.labels.map((name) => ({ name })),
    comment_count: issue.comments.length,
  });

/**
 * Why an issue needs attention at `now` by the NPC signal rules (pickup SLO 60 min, stuck
 * after 24 h), from the plan: the current NPC's assignment time from the assignment
 * changes (an `unassigned` forgets it), else the creation time.
 */
function attentionAt(issue: PlannedIssue, now: number): 'overdue' | 'stuck' | null {
  const npcs = issue.assignees.filter(isNpc);
  if (issue.state !== 'open' || npcs.length === 0) return null;
  let assigned: number | null = null;
  for (const change of issue.assignments) {
    if (!change.assignees.some((name) => npcs.includes(name))) continue;
    assigned = change.action === 'assigned' ? Date.parse(change.at) : null;
  }
  const since = assigned ?? Date.parse(issue.createdAt);
  const after = (author: (name: string) => boolean): number[] =>
    issue.comments
      .filter((comment) => author(comment.author))
      .map((comment) => Date.parse(comment.createdAt))
      .filter((time) => time >= since);
  if (after(isNpc).length === 0 && now - since > 60 * MINUTE) return 'overdue';
  const last = Math.max(since, ...after((name) => npcs.includes(name)));
  return column(issue) === 'in_progress' && now - last > 24 * HOUR ? 'stuck' : null;
}

describe('demo plan', () => {
  const epoch = new Date('2025-06-01T12:00:00.000Z');
  const plan = buildDemoPlan(epoch);

  it('is the same for the same epoch', () => {
    expect(JSON.stringify(buildDemoPlan(new Date(epoch))) === JSON.stringify(plan)).toBe(true);
  });

  it("ends each ledger exactly at the organization's final balance, never below zero", () => {
    for (const ledger of plan.ledgers) {
      let balance = 0;
      for (const entry of ledger.entries) {
        balance += entry.amount;
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(Date.parse(entry.createdAt)).toBeLessThanOrEqual(epoch.getTime());
      }
      const org = ORGS.find((candidate) => candidate.path === ledger.org);
      expect(balance).toBe(Math.round((org?.finalBalance ?? NaN) * 100));
    }
    expect(ORGS.filter((org) => org.finalBalance < 50)).toHaveLength(2);
  });

  it('assigns only members, and NPCs reply only after the issue exists', () => {
    for (const issue of plan.issues) {
      const org = plan.orgs.find((candidate) => candidate.path === issue.org);
      const members = new Set(org?.members.map((member) => member.username));
      for (const user of issue.assignees)
        expect([issue.org, user, members.has(user)]).toEqual([issue.org, user, true]);
      for (const comment of issue.comments) expect(comment.createdAt >= issue.createdAt).toBe(true);
    }
  });

  it('puts issues in every column', () => {
    const columns = plan.issues.map(column);
    for (const name of ['pending', 'in_progress', 'done'] as const) {
      expect(columns.filter((c) => c === name).length).toBeGreaterThan(plan.issues.length / 6);
    }
  });

  it('flags a handful of open NPC issues at the epoch, every deliberate case among them', () => {
    const end = epoch.getTime();
    const flagged = plan.issues.filter((issue) => attentionAt(issue, end) !== null);
    expect(flagged.length).toBeGreaterThanOrEqual(8);
    expect(flagged.length).toBeLessThanOrEqual(30);
    const held = plan.issues.filter((issue) => issue.hold !== null);
    expect(held.length).toBeGreaterThanOrEqual(6);
    for (const issue of held)
      expect([issue.title, attentionAt(issue, end)]).toEqual([issue.title, issue.hold]);
    // Most of what needs attention is the deliberate cases.
    expect(flagged.filter((issue) => issue.hold === null).length).toBeLessThan(held.length);
  });

  it('has open NPC work recently assigned and recently worked on, not only old issues', () => {
    const end = epoch.getTime();
    const ordinary = plan.issues.filter(
      (issue) => issue.hold === null && issue.state === 'open' && issue.assignees.some(isNpc),
    );
    const waiting = ordinary.filter((issue) => column(issue) === 'pending');
    const working = ordinary.filter((issue) => column(issue) === 'in_progress');
    expect(waiting.length).toBeGreaterThanOrEqual(5);
    expect(working.length).toBeGreaterThanOrEqual(50);
    for (const issue of waiting) {
      const assigned = issue.assignments.filter((change) => change.action === 'assigned').at(-1);
      expect(end - Date.parse(assigned?.at ?? '')).toBeLessThanOrEqual(50 * MINUTE);
    }
    for (const issue of working) {
      const npc = issue.assignees.find(isNpc);
      const mine = issue.comments.filter((comment) => comment.author === npc);
      expect(end - Date.parse(mine.at(-1)?.createdAt ?? '')).toBeLessThanOrEqual(20 * HOUR);
    }
    // Open issues nobody has dispatched to an NPC yet wait in pending pickup too.
    const undispatched = plan.issues.filter(
      (issue) =>
        issue.state === 'open' && issue.assignees.length === 0 && column(issue) === 'pending',
    );
    expect(undispatched.length).toBeGreaterThan(waiting.length);
  });
});
