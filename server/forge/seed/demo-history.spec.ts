import { planHistories } from './demo-history';
import { buildDemoPlan } from './demo-plan';

describe('demo history plan', () => {
  const plan = buildDemoPlan(new Date('2025-06-01T12:00:00.000Z'));
  const histories = planHistories(plan);

  it('is the same for the same epoch', () => {
    const again = planHistories(buildDemoPlan(new Date('2025-06-01T12:00:00.000Z')));
    expect(again.map((h) => h.stream.toString('base64'))).toEqual(
      histories.map((h) => h.stream.toString('base64')),
    );
  });

  it('gives every repository hundreds of commits in all, ending at its planned last commit', () => {
    expect(histories).toHaveLength(plan.repos.length);
    const total = histories.reduce((sum, h) => sum + h.commits, 0);
    expect(total).toBeGreaterThan(500);
    expect(histories.reduce((sum, h) => sum + h.npcCommits, 0)).toBeGreaterThan(100);
    for (const [i, history] of histories.entries()) {
      const planned = Date.parse(plan.repos[i].lastCommitAt);
      expect(planned - Date.parse(history.newest)).toBeGreaterThanOrEqual(0);
      expect(planned - Date.parse(history.newest)).toBeLessThan(1000);
      // No commit in the stream is newer than the repository's last update.
      const times = [
        ...history.stream.toString('utf8').matchAll(/^committer .* (\d+) \+0000$/gm),
      ].map((m) => Number(m[1]) * 1000);
      expect(Math.max(...times)).toBe(Date.parse(history.newest));
    }
    expect(histories.some((h) => h.releases.length > 0)).toBe(true);
  });
});
