import { aRepo } from '../../testing/fixtures';
import {
  defaultTitle,
  initialsOf,
  matchingRepos,
  repoGroups,
  runwaySummary,
  taskBoardLink,
} from './dispatch.view';

describe('defaultTitle', () => {
  it("takes the requirement's first non-empty line", () => {
    expect(defaultTitle('\n\n  Add CSV export  \nwith headers')).toBe('Add CSV export');
  });

  it('drops Markdown heading marks', () => {
    expect(defaultTitle('## Fix the flaky login test\n\nDetails…')).toBe(
      'Fix the flaky login test',
    );
  });

  it('cuts the title at 255 characters', () => {
    expect(defaultTitle('x'.repeat(300))).toHaveLength(255);
  });

  it('has none while the requirement has no text', () => {
    expect(defaultTitle('')).toBeNull();
    expect(defaultTitle('  \n #  \n')).toBeNull();
  });
});

describe('repository search', () => {
  const groups = repoGroups(
    [
      {
        slug: 'acme',
        repos: [aRepo({ name: 'web-10' }), aRepo({ name: 'web-2' }), aRepo({ name: 'api' })],
      },
      { slug: 'globex', repos: [aRepo({ org_slug: 'globex', name: 'docs' })] },
    ],
    new Map([['acme', 'Acme Robotics']]),
  );

  it('groups by organization with names, repositories sorted naturally', () => {
    expect(groups.map((g) => [g.name, g.repos.map((r) => r.name)])).toEqual([
      ['Acme Robotics', ['api', 'web-2', 'web-10']],
      ['globex', ['docs']],
    ]);
  });

  it('matches any part of org/name, in any case, dropping empty groups', () => {
    expect(matchingRepos(groups, 'WEB').map((g) => g.repos.map((r) => r.full_name))).toEqual([
      ['acme/web-2', 'acme/web-10'],
    ]);
    expect(matchingRepos(groups, 'globex/').map((g) => g.slug)).toEqual(['globex']);
    expect(matchingRepos(groups, '  ')).toEqual(groups);
    expect(matchingRepos(groups, 'nothing')).toEqual([]);
  });
});

describe('initialsOf', () => {
  it('uses the words after the shared npc prefix', () => {
    expect(initialsOf('npc-builder')).toBe('B');
    expect(initialsOf('npc-code-reviewer')).toBe('CR');
    expect(initialsOf('alice')).toBe('A');
    expect(initialsOf('npc')).toBe('N');
  });
});

describe('taskBoardLink', () => {
  it("opens the issue's dialog on the task board", () => {
    expect(taskBoardLink({ repository: { full_name: 'acme/web' }, number: 12 })).toEqual({
      path: '/tasks',
      query: { repo: 'acme/web', issue: 12 },
    });
  });
});

describe('runwaySummary', () => {
  const credits = {
    balance: 1840,
    forecast: 'date' as const,
    predicted_exhaustion_date: '2027-01-18',
    credits_per_task: 11.7,
    tasks_completed: 40,
    task_window_days: 7,
    runway_tasks: 157,
    below_threshold: false,
  };

  it('reads balance, the day it runs out and the tasks it still pays for', () => {
    expect(runwaySummary('Aurora Labs', credits)).toEqual({
      text: 'Aurora Labs: 1,840 credits · runs out 2027-01-18 · ≈ 157 more tasks at 7-day cost',
      low: false,
    });
  });

  it('says when the organization runs low', () => {
    expect(runwaySummary('Aurora Labs', { ...credits, below_threshold: true })?.low).toBe(true);
  });

  it('has nothing to say while the balance is unknown', () => {
    expect(runwaySummary('Aurora Labs', { ...credits, balance: null })).toBeNull();
  });
});
