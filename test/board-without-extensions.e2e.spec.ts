/**
 * The board against a forge that answers only what the real platform publishes
 * (FORGE_EXTENSIONS off: no credit ledger, no organization-wide issue or pull lists).
 * The board must fall back as it would on the real platform: per-repository lists for
 * counts and searches, and credit history that starts with the first snapshot.
 */
import type { CreditSnapshot, Issue, Organization } from '@shared/board/entities';
import { isSecret } from '@shared/board/mappers';
import { ErrCode } from '@shared/platform/types';
import { SnapshotService } from '../server/board/credits/snapshot.service';
import { startBoard, type RunningBoard } from './board-harness';
import { forgeClient, startForge, type HarnessForge } from './forge-harness';
import { call } from './forge/http';

const HOUR = 3_600_000;

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

describe('board against a forge without extensions', () => {
  let forge: HarnessForge;
  let board: RunningBoard;

  beforeAll(async () => {
    forge = await startForge({ extensions: false });
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      // Per-repository lists are many calls: on a loaded machine one may take longer than
      // the 10 s a call is given against a real platform.
      { now: forge.seedEpoch!, platform: { timeoutMs: 60_000 } },
    );
  }, 120_000);

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
  }, 30_000);

  it('has no ledger and no organization-wide lists on the forge (404, errcode 5)', async () => {
    for (const route of [
      '/aurora-labs/-/issues',
      '/aurora-labs/-/pulls',
      '/aurora-labs/-/charge/ledger?since=2020-01-01T00:00:00Z',
    ]) {
      const answer = await call(forge, 'GET', route);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ errcode: ErrCode.NotFound });
    }
    // What the platform publishes is still there.
    expect((await call(forge, 'GET', '/aurora-labs/-/charge/special-amount')).status).toBe(200);
  });

  it('counts open issues per organization from per-repository lists', async () => {
    const { status, body: orgs } = await getJson<Organization[]>(`${board.url}/api/orgs`);
    expect(status).toBe(200);
    expect(orgs).toHaveLength(10);
    const client = forgeClient(forge);
    for (const org of orgs) {
      expect(org.error).toBeUndefined();
      const repos = (await client.listRepos(org.slug)).filter((repo) => !isSecret(repo));
      let open = 0;
      for (const repo of repos)
        open += (await client.listIssues(repo.path, { state: 'open' })).length;
      expect(org.repo_count).toBe(repos.length);
      expect(org.open_issue_count).toBe(open);
      expect(org.open_issue_count).toBeGreaterThan(0);
    }
    // Every organization-wide list the board tried was refused; none was answered.
    expect(await forge.requestCount({ route: '/:org/-/issues', status: 200 })).toBe(0);
  });

  it('searches issues across organizations without the organization-wide list', async () => {
    const { status, body } = await getJson<Issue[]>(`${board.url}/api/issues?state=open`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((issue) => issue.state === 'open')).toBe(true);
    expect(new Set(body.map((issue) => issue.repository.full_name.split('/')[0])).size).toBe(10);
  });

  it('records credit snapshots from the published balance, history starting with the first', async () => {
    const snapshots = board.get(SnapshotService);
    const start = Math.floor(board.clock.now().getTime() / HOUR) * HOUR + HOUR;
    board.clock.set(new Date(start + 5 * 60_000));
    const run = await snapshots.record();
    expect(run.failed).toEqual([]);
    expect(run.recorded).toHaveLength(10);
    const history = await getJson<CreditSnapshot[]>(`${board.url}/api/credits/history?days=7`);
    // No ledger to fill the past from: one snapshot per organization, all from this run.
    expect(history.body).toHaveLength(10);
    expect(history.body.every((s) => Date.parse(s.recorded_at) >= start)).toBe(true);
    const balances = new Map(history.body.map((s) => [s.org_slug, s.balance]));
    const client = forgeClient(forge);
    for (const [org, balance] of balances)
      expect(balance).toBe((await client.getSpecialAmount(org)).credit);
    expect(await forge.requestCount({ route: '/:org/-/charge/ledger', status: 200 })).toBe(0);
  });
});
