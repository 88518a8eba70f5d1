import { boardColumn } from '@shared/board/columns';
import { ORGS } from './demo-data';
import { buildDemoPlan } from './demo-plan';

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
    const npcs = new Set(['npc-builder', 'npc-reviewer', 'npc-tester']);
    const columns = plan.issues.map((issue) =>
      boardColumn({
        state: issue.state,
        assignees: issue.assignees.map((name) => ({ is_npc: npcs.has(name) })),
        labels: issue.labels.map((name) => ({ name })),
        comment_count: issue.comments.length,
      }),
    );
    for (const column of ['pending', 'in_progress', 'done'] as const) {
      expect(columns.filter((c) => c === column).length).toBeGreaterThan(plan.issues.length / 6);
    }
  });
});
