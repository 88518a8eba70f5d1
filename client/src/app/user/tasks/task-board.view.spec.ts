import type { Issue } from '@shared/board/entities';
import { BOARD_COLUMN_RULE } from '@shared/board/columns';

import { anIssue } from '../../testing/fixtures';
import {
  COLUMNS,
  COLUMN_RULE,
  groupByColumn,
  issueKey,
  contrastRatio,
  labelColors,
  needingAttention,
  npcOf,
  npcOptions,
  npcUsernames,
  npcLanes,
  sortIssues,
} from './task-board.view';

describe('groupByColumn', () => {
  it("puts each issue in the column the API computed, keeping the API's order", () => {
    const issues = [
      anIssue({ number: 1, column: 'done', state: 'closed' }),
      anIssue({ number: 2, column: 'pending' }),
      anIssue({ number: 3, column: 'in_progress' }),
      anIssue({ number: 4, column: 'pending' }),
    ];
    const groups = groupByColumn(issues);

    expect(groups.pending.map((i) => i.number)).toEqual([2, 4]);
    expect(groups.in_progress.map((i) => i.number)).toEqual([3]);
    expect(groups.done.map((i) => i.number)).toEqual([1]);
  });

  it('has three empty columns for no issues, in board order', () => {
    expect(groupByColumn([])).toEqual({ pending: [], in_progress: [], done: [] });
    expect(COLUMNS.map((c) => c.label)).toEqual(['Pending pickup', 'In progress', 'Done']);
  });

  it("explains the columns in the board's own words", () => {
    expect(COLUMN_RULE).toBe(BOARD_COLUMN_RULE);
  });
});

describe('npcOf', () => {
  it('prefers the first NPC assignee, then an NPC author', () => {
    expect(
      npcOf(
        anIssue({
          author: { username: 'npc-tester', is_npc: true },
          assignees: [
            { username: 'bob', is_npc: false },
            { username: 'npc-reviewer', is_npc: true },
          ],
        }),
      )?.username,
    ).toBe('npc-reviewer');
    expect(
      npcOf(anIssue({ author: { username: 'npc-tester', is_npc: true }, assignees: [] }))?.username,
    ).toBe('npc-tester');
    expect(npcOf(anIssue({ assignees: [] }))).toBeNull();
  });
});

describe('NPC filter options', () => {
  it('lists the configured NPCs first, then any other NPC seen', () => {
    const seen = npcUsernames([
      anIssue({ assignees: [{ username: 'npc-zeta', is_npc: true }] }),
      anIssue({ author: { username: 'npc-alpha', is_npc: true } }),
      anIssue({ assignees: [{ username: 'NPC-Builder', is_npc: true }] }),
      anIssue({ assignees: [{ username: 'carol', is_npc: false }] }),
    ]);

    expect(npcOptions(['npc-builder', 'npc-tester'], seen)).toEqual([
      'npc-builder',
      'npc-tester',
      'npc-alpha',
      'npc-zeta',
    ]);
  });
});

describe('sortIssues', () => {
  const issues = [
    anIssue({ number: 3, title: 'b', created_at: '2026-11-20T00:00:00Z', comment_count: 5 }),
    anIssue({ number: 1, title: 'a', created_at: '2026-11-22T00:00:00Z', comment_count: 0 }),
    anIssue({
      number: 2,
      title: 'c',
      created_at: '2026-11-21T00:00:00Z',
      column: 'done',
      assignees: [],
    }),
  ];

  it.each([
    ['created', 'desc', [1, 2, 3]],
    ['created', 'asc', [3, 2, 1]],
    ['title', 'asc', [1, 3, 2]],
    ['number', 'desc', [3, 2, 1]],
    ['comments', 'desc', [3, 1, 2]],
    ['column', 'desc', [2, 3, 1]],
    ['npc', 'asc', [3, 1, 2]],
  ] as const)('sorts by %s %s', (key, dir, numbers) => {
    expect(sortIssues(issues, key, dir).map((i) => i.number)).toEqual(numbers);
  });

  it('sorts by billed core-hours, the tasks whose cost is unknown last either way', () => {
    const runs = (core_hours: number | null) => ({
      count: 1,
      running: null,
      last_status: 'success' as const,
      core_hours,
    });
    const costed = [
      anIssue({ number: 1, runs: runs(2.5) }),
      anIssue({ number: 2 }),
      anIssue({ number: 3, runs: runs(0.25) }),
      anIssue({ number: 4, runs: runs(null) }),
      anIssue({ number: 5, runs: runs(12) }),
    ];
    expect(sortIssues(costed, 'cost', 'desc').map((i) => i.number)).toEqual([5, 1, 3, 2, 4]);
    expect(sortIssues(costed, 'cost', 'asc').map((i) => i.number)).toEqual([3, 1, 5, 2, 4]);
  });

  it('keys issues by repository and number', () => {
    expect(issueKey(anIssue({ number: 7, repository: { full_name: 'a/b' } }))).toBe('a/b#7');
  });
});

describe('npcLanes', () => {
  const npc = (username: string) => ({ username, is_npc: true }) as Issue['author'];
  const person = { username: 'alice', is_npc: false } as Issue['author'];
  const issue = (number: number, assignee: string | null, reason?: 'stuck' | 'overdue') =>
    anIssue({
      number,
      author: person,
      assignees: assignee ? [npc(assignee)] : [],
      attention: reason ? ({ reason, since: '2026-11-20T00:00:00Z' } as Issue['attention']) : null,
    });

  it("puts each issue in its NPC's lane, configured NPCs first in their order, no NPC last", () => {
    const lanes = npcLanes(
      [
        issue(1, null),
        issue(2, 'npc-zeta'),
        issue(3, 'npc-tester', 'stuck'),
        issue(4, 'npc-builder', 'overdue'),
        issue(5, 'npc-tester', 'stuck'),
        issue(6, 'npc-tester'),
      ],
      ['npc-builder', 'npc-reviewer', 'npc-tester'],
    );
    expect(lanes.map((lane) => [lane.npc, lane.issues.map((i) => i.number)])).toEqual([
      ['npc-builder', [4]],
      ['npc-tester', [3, 5, 6]],
      ['npc-zeta', [2]],
      [null, [1]],
    ]);
    expect(lanes.map(({ stuck, overdue }) => [stuck, overdue])).toEqual([
      [0, 1],
      [2, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('has no lanes without issues', () => {
    expect(npcLanes([], ['npc-builder'])).toEqual([]);
  });
});

describe('labelColors', () => {
  it("uses the platform's colour with whichever of white and black text contrasts more", () => {
    expect(labelColors('b60205')).toEqual({ background: '#b60205', color: '#ffffff' });
    expect(labelColors('FBCA04')).toEqual({ background: '#fbca04', color: '#000000' });
    expect(labelColors('a2eeef').color).toBe('#000000');
    expect(labelColors('0075ca').color).toBe('#ffffff');
    // The seed's "bug" red: dark grey text gave 3.75:1; black gives 4.59:1 (white 4.57:1).
    expect(labelColors('d73a4a').color).toBe('#000000');
  });

  it('gives every background text of at least 4.5:1 contrast', () => {
    const lum = (hex: string): number => {
      const c = (i: number): number => {
        const v = parseInt(hex.slice(i, i + 2), 16) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
    };
    let worst = 21;
    // Every colour on a grid of 17 steps per channel, the seed's red among the hard ones.
    for (let r = 0; r <= 255; r += 15) {
      for (let g = 0; g <= 255; g += 15) {
        for (let b = 0; b <= 255; b += 15) {
          const hex = [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
          const { background, color } = labelColors(hex);
          worst = Math.min(worst, contrastRatio(lum(background), lum(color)));
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to a neutral chip for a colour it cannot read', () => {
    expect(labelColors('red').background).toContain('var(');
    expect(labelColors('#12345').background).toContain('var(');
  });
});

describe('needingAttention', () => {
  const stuck = (number: number, since: string) =>
    anIssue({
      number,
      column: 'in_progress',
      attention: { reason: 'stuck', since, slo_minutes: null, detail: 'no NPC activity for 1 d' },
    });
  const overdue = (number: number, since: string) =>
    anIssue({
      number,
      attention: {
        reason: 'overdue',
        since,
        slo_minutes: 60,
        detail: 'waiting for pickup 2 h, SLO 1 h',
      },
    });

  it('keeps only stuck and overdue issues, the longest waiting first', () => {
    const issues = [
      anIssue({ number: 1 }),
      stuck(2, '2026-11-21T10:00:00Z'),
      overdue(3, '2026-11-20T10:00:00Z'),
      anIssue({ number: 4, column: 'done', state: 'closed' }),
      overdue(5, '2026-11-22T08:00:00Z'),
    ];
    expect(needingAttention(issues).map((i) => i.number)).toEqual([3, 2, 5]);
  });

  it("keeps the API's order between issues waiting since the same time", () => {
    const issues = [stuck(7, '2026-11-21T10:00:00Z'), overdue(6, '2026-11-21T10:00:00Z')];
    expect(needingAttention(issues).map((i) => i.number)).toEqual([7, 6]);
  });

  it('is empty when nothing needs attention', () => {
    expect(needingAttention([anIssue(), anIssue({ number: 2 })])).toEqual([]);
  });
});
