import { formatSentenceList, pendingNote, windowSince } from './npc-pages';

describe('the NPC pages’ words', () => {
  it('lists names as a sentence does, in the given language', () => {
    expect(formatSentenceList(['pull requests', 'runs'])).toBe('pull requests and runs');
    expect(formatSentenceList(['a', 'b', 'c'], 'en')).toBe('a, b, and c');
    expect(formatSentenceList(['对话', '运行记录'], 'zh-CN')).toBe('对话和运行记录');
  });

  it('says what is still being read, and nothing once all is in', () => {
    expect(pendingNote({ signals: true, pulls: true, runs: false })).toBe(
      'The board is still reading NPC conversations and pull requests; the figures marked “…” fill in by themselves.',
    );
    expect(pendingNote({ signals: false, pulls: false, runs: false })).toBeNull();
  });

  it('names the window and its start', () => {
    expect(windowSince(30, '2026-10-23T12:00:00.000Z')).toMatch(
      /^Over the last 30 days, since 2026-10-23 \d\d:00\.$/,
    );
  });
});
