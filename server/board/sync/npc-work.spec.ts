import type { PlatformCommit, PlatformIssueActivity } from '@shared/platform/types';
import { activityFacts } from './activity-facts';
import { mapBounded } from './npc-work.service';
import { splitCommits } from './repo-activity.service';

function activity(at: string, payload: unknown, type = 'IssueEvent'): PlatformIssueActivity {
  return { id: at, type, payload, created_at: at } as PlatformIssueActivity;
}

describe('activityFacts', () => {
  it('keeps the latest assignment per user and the latest close, in time order', () => {
    const facts = activityFacts([
      activity('2026-11-20T12:00:00Z', { action: 'assigned', assignees: ['npc-tester'] }),
      activity('2026-11-20T10:00:00Z', { action: 'assigned', assignees: ['NPC-Builder'] }),
      activity('2026-11-20T11:00:00Z', { action: 'closed', state_reason: 'completed' }),
      activity('2026-11-20T13:00:00Z', {
        action: 'assigned',
        assignees: [{ username: 'npc-builder' }],
      }),
    ]);
    expect([...facts.assigned]).toEqual([
      ['npc-builder', '2026-11-20T13:00:00Z'],
      ['npc-tester', '2026-11-20T12:00:00Z'],
    ]);
    expect(facts.closed_at).toBe('2026-11-20T11:00:00Z');
  });

  it('forgets an unassigned user and a close followed by a reopen', () => {
    const facts = activityFacts([
      activity('2026-11-20T10:00:00Z', { action: 'assigned', assignees: ['npc-builder'] }),
      activity('2026-11-20T11:00:00Z', { action: 'closed' }),
      activity('2026-11-20T12:00:00Z', { action: 'unassigned', assignees: ['npc-builder'] }),
      activity('2026-11-20T13:00:00Z', { action: 'reopened' }),
    ]);
    expect(facts.assigned.size).toBe(0);
    expect(facts.closed_at).toBeNull();
  });

  it('ignores payloads it does not know and bad times', () => {
    const facts = activityFacts([
      activity('2026-11-20T10:00:00Z', 'free text'),
      activity('2026-11-20T10:00:00Z', { action: 'assigned', assignees: 'npc-builder' }),
      activity('not a time', { action: 'closed' }),
      activity('2026-11-20T10:00:00Z', null, 'labeled'),
    ]);
    expect(facts).toEqual({ assigned: new Map(), closed_at: null });
  });

  it('gives issues without assignments one shared empty map, and each other issue its own', () => {
    const none = activityFacts([]);
    const unassigned = activityFacts([
      activity('2026-11-20T10:00:00Z', { action: 'assigned', assignees: ['npc-builder'] }),
      activity('2026-11-20T11:00:00Z', { action: 'unassigned', assignees: ['npc-builder'] }),
    ]);
    expect(unassigned.assigned).toBe(none.assigned);
    const first = activityFacts([
      activity('2026-11-20T10:00:00Z', { action: 'assigned', assignees: ['npc-builder'] }),
    ]);
    const second = activityFacts([
      activity('2026-11-20T10:00:00Z', { action: 'assigned', assignees: ['npc-builder'] }),
    ]);
    expect(first.assigned).not.toBe(second.assigned);
    expect(first.assigned).not.toBe(none.assigned);
  });
});

function commit(date: string, username: string, isNpc: boolean, name = username): PlatformCommit {
  return {
    sha: date,
    parents: [],
    author: { username, is_npc: isNpc },
    committer: { username, is_npc: isNpc },
    commit: {
      message: 'm',
      author: { name, email: `${name}@example.test`, date },
      committer: { name, email: `${name}@example.test`, date },
      tree: { sha: 't' },
    },
  } as unknown as PlatformCommit;
}

describe('splitCommits', () => {
  it('splits by author: marked NPCs and NPC handles apart from people', () => {
    const split = splitCommits(
      [
        commit('2026-11-21T10:00:00Z', 'npc-builder', true),
        commit('2026-11-20T10:00:00Z', 'alice', false),
        commit('2026-11-22T09:00:00Z', 'helper', false),
        // No platform user matched: the signature's name decides.
        commit('2026-11-19T10:00:00Z', '', false, 'npc-tester'),
        commit('2026-11-18T10:00:00Z', '', false, 'Bob'),
      ],
      ['helper', 'npc-tester'],
    );
    expect(split.last_human_commit_at).toBe('2026-11-20T10:00:00.000Z');
    expect(split.last_npc_commit_at).toBe('2026-11-22T09:00:00.000Z');
    expect([...split.npc_latest].sort()).toEqual([
      ['helper', '2026-11-22T09:00:00.000Z'],
      ['npc-builder', '2026-11-21T10:00:00.000Z'],
      ['npc-tester', '2026-11-19T10:00:00.000Z'],
    ]);
    expect(split.times).toHaveLength(5);
  });

  it('has no times without commits', () => {
    expect(splitCommits([], [])).toEqual({
      last_human_commit_at: null,
      last_npc_commit_at: null,
      npc_latest: new Map(),
      times: [],
    });
  });
});

describe('mapBounded', () => {
  it('keeps the order of the items and never has more than the limit pending', async () => {
    let pending = 0;
    let most = 0;
    const double = async (n: number): Promise<number> => {
      pending += 1;
      most = Math.max(most, pending);
      // Later items settle first, so the order of the results is the function's doing.
      for (let turn = 0; turn < 100 - n; turn++) await Promise.resolve();
      pending -= 1;
      return n * 2;
    };
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(await mapBounded(items, 7, double)).toEqual(items.map((n) => n * 2));
    expect(most).toBe(7);
    expect(await mapBounded([], 7, double)).toEqual([]);
  });

  it('rejects when one call fails', async () => {
    const items = [1, 2, 3];
    await expect(
      mapBounded(items, 2, (n) =>
        n === 2 ? Promise.reject(new Error('two')) : Promise.resolve(n),
      ),
    ).rejects.toThrow('two');
  });
});
