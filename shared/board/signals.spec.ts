import type { BoardUser } from './entities';
import { toBoardUser } from './mappers';
import {
  attention,
  formatDuration,
  issueSignals,
  SignalFacts,
  SignalIssue,
  SignalSettings,
} from './signals';

const SETTINGS: SignalSettings = { pickup_slo_minutes: 60, stuck_after_hours: 24 };
const BUILDER: BoardUser = { username: 'npc-builder', is_npc: true };
const TESTER: BoardUser = { username: 'npc-tester', is_npc: true };
const ALICE: BoardUser = { username: 'alice', is_npc: false };

/** An open NPC issue created at 10:00 on 2026-11-20, assigned to npc-builder. */
function anIssue(overrides: Partial<SignalIssue> = {}): SignalIssue {
  return {
    state: 'open',
    state_reason: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    assignees: [BUILDER],
    column: 'pending',
    ...overrides,
  };
}

function comment(author: BoardUser, at: string): { author: BoardUser; created_at: string } {
  return { author, created_at: at };
}

const at = (time: string): Date => new Date(`2026-11-${time}Z`);

function evaluate(issue: SignalIssue, facts: SignalFacts, now: Date) {
  const signals = issueSignals(issue, facts);
  return { signals, attention: attention(issue, signals, facts, SETTINGS, now) };
}

describe('issue signals', () => {
  it('has no figures without an NPC assignee', () => {
    const { signals, attention: why } = evaluate(
      anIssue({ assignees: [ALICE] }),
      { comments: [comment(BUILDER, '2026-11-20T10:05:00Z')] },
      at('22T00:00:00'),
    );
    expect(signals.assigned_at).toBeNull();
    expect(signals.first_npc_at).toBeNull();
    expect(signals.pickup_latency_s).toBeNull();
    expect(why).toBeNull();
  });

  it('waits from creation with no comments, and is overdue only after the SLO', () => {
    const issue = anIssue();
    expect(issueSignals(issue, {})).toEqual({
      assigned_at: '2026-11-20T10:00:00Z',
      first_npc_at: null,
      last_npc_at: null,
      closed_at: null,
      closed_at_exact: false,
      pickup_latency_s: null,
      cycle_time_s: null,
    });
    expect(evaluate(issue, {}, at('20T10:59:59')).attention).toBeNull();
    // Exactly at the SLO boundary is not yet overdue.
    expect(evaluate(issue, {}, at('20T11:00:00')).attention).toBeNull();
    expect(evaluate(issue, {}, at('20T11:00:01')).attention).toEqual({
      reason: 'overdue',
      since: '2026-11-20T10:00:00Z',
      slo_minutes: 60,
      detail: 'waiting for pickup 1 h, SLO 1 h',
    });
  });

  it('does not count a comment by a person as pickup', () => {
    const facts = { comments: [comment(ALICE, '2026-11-20T10:05:00Z')] };
    const { signals, attention: why } = evaluate(
      anIssue({ column: 'in_progress' }),
      facts,
      at('20T13:30:00'),
    );
    expect(signals.first_npc_at).toBeNull();
    expect(why).toMatchObject({
      reason: 'overdue',
      slo_minutes: 60,
      detail: 'waiting for pickup 3 h 30 min, SLO 1 h',
    });
  });

  it('measures pickup from the first NPC comment, and an NPC comment clears overdue', () => {
    const facts = {
      comments: [
        comment(BUILDER, '2026-11-20T10:20:00Z'),
        comment(ALICE, '2026-11-20T10:30:00Z'),
        comment(BUILDER, '2026-11-20T12:00:00Z'),
      ],
    };
    const { signals, attention: why } = evaluate(
      anIssue({ column: 'in_progress' }),
      facts,
      at('20T14:00:00'),
    );
    expect(signals).toMatchObject({
      first_npc_at: '2026-11-20T10:20:00.000Z',
      last_npc_at: '2026-11-20T12:00:00.000Z',
      pickup_latency_s: 1200,
    });
    expect(why).toBeNull();
  });

  it('recognises an NPC named only in NPC_HANDLES', () => {
    const handles = ['npc-helper'];
    const helper = toBoardUser({ username: 'NPC-Helper', is_npc: false }, handles);
    expect(helper.is_npc).toBe(true);
    const { signals } = evaluate(
      anIssue({ assignees: [helper] }),
      { comments: [comment(helper, '2026-11-20T10:45:00Z')] },
      at('20T12:00:00'),
    );
    expect(signals.pickup_latency_s).toBe(45 * 60);
  });

  it('measures from the latest assignment, ignoring comments from before it', () => {
    const issue = anIssue({ assignees: [TESTER] });
    const facts: SignalFacts = {
      assigned: ['2026-11-21T08:00:00Z'],
      comments: [comment(BUILDER, '2026-11-20T10:10:00Z')],
    };
    const { signals, attention: why } = evaluate(issue, facts, at('21T09:30:00'));
    expect(signals.assigned_at).toBe('2026-11-21T08:00:00Z');
    expect(signals.first_npc_at).toBeNull();
    expect(why).toMatchObject({ reason: 'overdue', since: '2026-11-21T08:00:00Z' });
  });

  it('closes exactly from an activity, approximately from updated_at', () => {
    const closed = anIssue({
      state: 'closed',
      state_reason: 'completed',
      updated_at: '2026-11-21T09:00:00Z',
      column: 'done',
    });
    expect(issueSignals(closed, { closed_at: '2026-11-20T16:00:00Z' })).toMatchObject({
      closed_at: '2026-11-20T16:00:00Z',
      closed_at_exact: true,
      cycle_time_s: 6 * 3600,
    });
    expect(issueSignals(closed, {})).toMatchObject({
      closed_at: '2026-11-21T09:00:00Z',
      closed_at_exact: false,
      cycle_time_s: 23 * 3600,
    });
  });

  it('gives no cycle time to an issue closed as not planned', () => {
    const notPlanned = anIssue({ state: 'closed', state_reason: 'not_planned', column: 'done' });
    const signals = issueSignals(notPlanned, { closed_at: '2026-11-20T11:00:00Z' });
    expect(signals.closed_at).toBe('2026-11-20T11:00:00Z');
    expect(signals.cycle_time_s).toBeNull();
  });

  it('treats a reopened issue as open: no close time, and it can be stuck again', () => {
    const reopened = anIssue({ state_reason: 'reopened', column: 'in_progress' });
    const facts = { comments: [comment(BUILDER, '2026-11-20T10:30:00Z')] };
    const { signals, attention: why } = evaluate(reopened, facts, at('21T10:30:01'));
    expect(signals.closed_at).toBeNull();
    expect(signals.cycle_time_s).toBeNull();
    expect(why).toEqual({
      reason: 'stuck',
      since: '2026-11-20T10:30:00.000Z',
      slo_minutes: null,
      detail: 'no NPC activity for 1 d',
    });
  });

  it('is stuck only in progress, after STUCK_AFTER without its own NPC speaking or committing', () => {
    const issue = anIssue({ column: 'in_progress' });
    const facts: SignalFacts = {
      comments: [comment(BUILDER, '2026-11-20T10:30:00Z'), comment(TESTER, '2026-11-21T09:00:00Z')],
    };
    // Exactly 24 h after the last comment by npc-builder: not yet stuck.
    expect(evaluate(issue, facts, at('21T10:30:00')).attention).toBeNull();
    // Another NPC's comment does not keep npc-builder's task alive.
    expect(evaluate(issue, facts, at('21T13:30:00')).attention).toEqual({
      reason: 'stuck',
      since: '2026-11-20T10:30:00.000Z',
      slo_minutes: null,
      detail: 'no NPC activity for 1 d 3 h',
    });
    // A commit by npc-builder after the assignment counts as activity.
    const withCommit = {
      ...facts,
      npc_commits: new Map([['npc-builder', '2026-11-21T12:00:00Z']]),
    };
    expect(evaluate(issue, withCommit, at('21T13:30:00')).attention).toBeNull();
    // A pending issue is never stuck.
    expect(evaluate(anIssue({ column: 'pending' }), facts, at('25T00:00:00')).attention).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [20_000, '20 s'],
    [45 * 60_000, '45 min'],
    [3 * 3_600_000 + 5 * 60_000 + 9_000, '3 h 5 min'],
    [2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000, '2 d 3 h'],
    [86_400_000 + 30 * 60_000, '1 d'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
