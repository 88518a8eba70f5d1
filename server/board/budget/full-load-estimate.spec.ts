import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { conversationCalls, organizationLoadCalls } from './full-load-estimate';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const DAY = 86_400_000;

function issue(over: Partial<PlatformIssue> & { npc?: boolean }): PlatformIssue {
  const { npc, ...rest } = over;
  return {
    number: '1',
    title: 't',
    state: 'open',
    author: { username: npc ? 'npc-builder' : 'alice' },
    assignees: [],
    comment_count: 0,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    ...rest,
  } as PlatformIssue;
}

function repository(path: string, openIssues: number, commits: boolean): PlatformRepository {
  return {
    path,
    open_issue_count: openIssues,
    last_updated_at: { time: '2026-11-21T10:00:00Z', valid: commits },
  } as PlatformRepository;
}

describe('full load estimate', () => {
  it('counts the conversation reads of NPC issues as the signals make them', () => {
    const handles = ['npc-builder'];
    expect(conversationCalls([issue({})], handles, NOW)).toBe(0);
    // Open, touched, with comments: comments and activities.
    expect(conversationCalls([issue({ npc: true, comment_count: 2 })], handles, NOW)).toBe(2);
    // Open and untouched since it opened, no comments: nothing to read.
    const untouched = issue({ npc: true, updated_at: '2026-11-20T10:00:00Z' });
    expect(conversationCalls([untouched], handles, NOW)).toBe(0);
    // Assigned to an NPC, closed recently: activities; closed long ago: nothing.
    const assigned = { assignees: [{ username: 'npc-builder' }] } as Partial<PlatformIssue>;
    const recent = issue({ ...assigned, state: 'closed' });
    const old = issue({
      ...assigned,
      state: 'closed',
      updated_at: new Date(NOW - 40 * DAY).toISOString(),
    });
    expect(conversationCalls([recent, old], handles, NOW)).toBe(1);
  });

  it('counts record, list pages, issue pages, commits and conversations per organization', () => {
    const repositories = [repository('o/a', 250, true), repository('o/b', 0, false)];
    // Before any read: the open issues stand for all.
    expect(organizationLoadCalls(repositories, () => undefined)).toBe(1 + 1 + (3 + 1) + 1);
    const held = { 'o/a': { issues: 420, conversationCalls: 30 } } as Record<
      string,
      { issues: number; conversationCalls: number }
    >;
    expect(organizationLoadCalls(repositories, (path) => held[path])).toBe(
      1 + 1 + (5 + 1 + 30) + 1,
    );
  });
});
