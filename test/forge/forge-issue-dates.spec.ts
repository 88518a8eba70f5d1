import { startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

interface Dated {
  number: string;
  started_at: string;
  ended_at: string;
}

/** The published planned dates of an issue: `start_date`/`end_date` in, `started_at`/`ended_at` out. */
describe('forge: planned issue dates', () => {
  let forge: HarnessForge;
  const repo = 'acme/tracker';

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    await call(forge, 'POST', '/groups', { body: { path: 'acme' } });
    await call(forge, 'POST', '/acme/-/repos', { body: { name: 'tracker', visibility: 'public' } });
  });
  afterEach(() => forge.stop());

  it('keeps the dates given at creation and changed by edits, and clears them', async () => {
    const created = await call(forge, 'POST', `/${repo}/-/issues`, {
      body: { title: 'Planned', start_date: '2026-01-05', end_date: '2026-01-30' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ started_at: '2026-01-05', ended_at: '2026-01-30' });

    const moved = await call(forge, 'PATCH', `/${repo}/-/issues/1`, {
      body: { end_date: '2026-02-15' },
    });
    expect(moved.body).toMatchObject({ started_at: '2026-01-05', ended_at: '2026-02-15' });
    const cleared = await call(forge, 'PATCH', `/${repo}/-/issues/1`, { body: { start_date: '' } });
    expect(cleared.body).toMatchObject({ started_at: '', ended_at: '2026-02-15' });

    const listed = (await call(forge, 'GET', `/${repo}/-/issues`)).body as Dated[];
    expect(listed.map((issue) => [issue.number, issue.started_at, issue.ended_at])).toEqual([
      ['1', '', '2026-02-15'],
    ]);
    const plain = await call(forge, 'POST', `/${repo}/-/issues`, { body: { title: 'Unplanned' } });
    expect(plain.body).toMatchObject({ started_at: '', ended_at: '' });
  });

  it('refuses malformed dates, an end before the start, and planning by a non-triager', async () => {
    for (const body of [
      { title: 'Bad', start_date: '2026-13-01' },
      { title: 'Bad', end_date: 'soon' },
      { title: 'Bad', start_date: '' },
    ]) {
      const refused = await call(forge, 'POST', `/${repo}/-/issues`, { body });
      expect([refused.status, refused.text]).toEqual([400, expect.stringMatching(/_date/)]);
    }
    const backwards = await call(forge, 'POST', `/${repo}/-/issues`, {
      body: { title: 'Backwards', start_date: '2026-03-02', end_date: '2026-03-01' },
    });
    expect([backwards.status, backwards.text]).toEqual([400, expect.stringContaining('end_date')]);
    await call(forge, 'POST', `/${repo}/-/issues`, {
      body: { title: 'Starts later', start_date: '2026-05-01' },
    });
    const before = await call(forge, 'PATCH', `/${repo}/-/issues/1`, {
      body: { end_date: '2026-04-30' },
    });
    expect([before.status, before.text]).toEqual([400, expect.stringContaining('end_date')]);

    forge.createUser('guest');
    forge.setRole('acme', 'guest', 'Guest');
    const guest = await call(forge, 'POST', `/${repo}/-/issues`, {
      token: forge.createToken('guest'),
      body: { title: 'Mine', end_date: '2026-06-01' },
    });
    expect([guest.status, guest.text]).toEqual([403, expect.stringContaining('end_date')]);
    const issues = (await call(forge, 'GET', `/${repo}/-/issues?state=all`)).body as Dated[];
    expect(issues.map((issue) => [issue.number, issue.started_at])).toEqual([['1', '2026-05-01']]);
  });
});
