import { boardColumn } from '@shared/board/columns';
import type { PlatformIssue } from '@shared/platform/types';
import { PlatformForbiddenError } from '../../server/board/platform/platform.errors';
import type { PlatformTestClient } from '../platform-test-client';
import { NpcSimulatorService } from '../../server/forge/simulator/npc-simulator.service';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const DAY = 86_400_000;
const ORG_PATHS = [
  'aurora-labs',
  'blue-harbor',
  'cedar-works',
  'delta-forge',
  'ember-studio',
  'fjord-systems',
  'granite-ai',
  'helix-data',
  'iris-robotics',
  'juniper-cloud',
];

describe('forge: demo seed', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let epoch: number;
  const issuesByOrg = new Map<string, PlatformIssue[]>();

  beforeEach(async () => {
    forge = await startForge({ seedEpoch: new Date('2025-06-01T12:00:00.000Z') });
    admin = forgeClient(forge);
    epoch = (forge.seedEpoch as Date).getTime();
    for (const org of ORG_PATHS) issuesByOrg.set(org, await admin.listOrgIssues(org));
  });
  afterEach(() => forge.stop());

  it('has ten organizations with display names and avatars served by the forge, all owned by admin', async () => {
    const orgs = await admin.listUserGroups();
    expect(orgs.map((org) => org.path)).toEqual(ORG_PATHS);
    for (const org of orgs) {
      expect(org.remark).toMatch(/^[A-Z][a-z]+ [A-Z]/);
      expect(org.access_role).toBe('Owner');
      expect(org.avatar).toBe(`${forge.baseUrl}/-/avatars/${org.path}.svg`);
    }
    const avatar = await fetch(orgs[0].avatar as string);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('has the NPC users as robots with a Developer role everywhere, and a few people', async () => {
    for (const npc of ['npc-builder', 'npc-reviewer', 'npc-tester']) {
      const client = forgeClient(forge, forge.createToken(npc));
      expect(await client.getCurrentUser()).toMatchObject({ username: npc, type: 3 });
      const orgs = await client.listUserGroups();
      expect(orgs).toHaveLength(10);
      expect(new Set(orgs.map((org) => org.access_role))).toEqual(new Set(['Developer']));
    }
    const alice = forgeClient(forge, forge.createToken('alice'));
    expect((await alice.listUserGroups()).length).toBeGreaterThan(0);
  });

  it('has 3 to 8 repositories per organization, some private, one secret, of varied age', async () => {
    const ages: number[] = [];
    // The secret repository exists, refuses tokens, and no list names it.
    expect((await call(forge, 'GET', '/cedar-works/vault')).status).toBe(403);
    let secret = 0;
    let privateCount = 0;
    for (const org of ORG_PATHS) {
      const repos = await admin.listRepos(org);
      const visible = repos.filter((repo) => repo.visibility_level !== 'Secret');
      expect(visible.length).toBeGreaterThanOrEqual(3);
      expect(visible.length).toBeLessThanOrEqual(8);
      secret += repos.length - visible.length;
      privateCount += repos.filter((repo) => repo.visibility_level === 'Private').length;
      for (const repo of repos) {
        expect(repo.last_updated_at.valid).toBe(true);
        ages.push((epoch - Date.parse(repo.last_updated_at.time)) / DAY);
      }
    }
    expect(secret).toBe(0);
    expect(privateCount).toBeGreaterThan(3);
    expect(ages.some((age) => age < 7)).toBe(true);
    expect(ages.some((age) => age > 7 && age < 30)).toBe(true);
    expect(ages.some((age) => age > 30)).toBe(true);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
  });

  it("spreads every organization's issues over the three board columns, all before the epoch", () => {
    for (const [org, issues] of issuesByOrg) {
      const columns = new Set(issues.map(boardColumn));
      expect([org, [...columns].sort()]).toEqual([org, ['done', 'in_progress', 'pending']]);
      for (const issue of issues) {
        expect(Date.parse(issue.created_at)).toBeLessThanOrEqual(epoch);
        expect(Date.parse(issue.last_acted_at)).toBeLessThanOrEqual(epoch);
      }
    }
  });

  it('has NPC first replies after delays from minutes to days', async () => {
    const delays: number[] = [];
    const sample = [...issuesByOrg.values()]
      .flat()
      .filter((issue) => issue.comment_count > 0 && issue.assignees.some((a) => a.is_npc));
    for (const issue of sample.slice(0, 60)) {
      const comments = await admin.listComments(issue.repo?.path as string, issue.number);
      const first = comments.find((comment) => comment.author.is_npc);
      if (first) delays.push(Date.parse(first.created_at) - Date.parse(issue.created_at));
    }
    expect(delays.length).toBeGreaterThan(20);
    expect(Math.min(...delays)).toBeLessThan(3_600_000);
    expect(Math.max(...delays)).toBeGreaterThan(DAY);
  });

  it('holds the hostile-markdown issue the UI sanitising test renders', async () => {
    const found = await admin.listOrgIssues('aurora-labs', { keyword: 'hostile markdown' });
    expect(found).toHaveLength(1);
    expect(found[0].body).toContain('<img src=x onerror=alert(1)>');
    expect(found[0].body).toContain('<script>alert(1)</script>');
    expect(found[0].body).toContain('[link](javascript:alert(1))');
    expect(boardColumn(found[0])).toBe('pending');
  });

  it('has some pull requests, open and closed', async () => {
    const pulls = await admin.listOrgPulls('aurora-labs', { state: 'all' });
    const all = (
      await Promise.all(ORG_PATHS.map((org) => admin.listOrgPulls(org, { state: 'all' })))
    ).flat();
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((pull) => pull.state))).toEqual(new Set(['open', 'closed', 'merged']));
    expect(pulls.every((pull) => pull.repo?.path.startsWith('aurora-labs/'))).toBe(true);
  });

  it('keeps 30 days of credit ledger per organization, two organizations ending below 50', async () => {
    const since = new Date(epoch - 30 * DAY).toISOString();
    const balances = new Map<string, number>();
    for (const org of ORG_PATHS) {
      const { credit } = await admin.getSpecialAmount(org);
      balances.set(org, credit);
      const entries = await admin.getLedger(org, since);
      expect(entries.length).toBeGreaterThan(700);
      expect(entries.at(-1)?.balance).toBe(credit);
      expect(Date.parse(entries[0].created_at)).toBeLessThanOrEqual(epoch - 30 * DAY + 3_600_000);
      expect(entries.every((entry) => entry.balance >= 0)).toBe(true);
    }
    expect([...balances].filter(([, credit]) => credit < 50).map(([org]) => org)).toEqual([
      'helix-data',
      'juniper-cloud',
    ]);
    // Daily spending differs between organizations.
    const spent = async (org: string): Promise<number> =>
      -(await admin.getLedger(org, since))
        .filter((entry) => entry.kind === 'spend')
        .reduce((sum, entry) => sum + entry.amount, 0);
    expect(await spent('granite-ai')).toBeGreaterThan(5 * (await spent('fjord-systems')));
  });

  it('shows credits only to Masters and Owners', async () => {
    const npc = forgeClient(forge, forge.createToken('npc-builder'));
    await expect(npc.getSpecialAmount('aurora-labs')).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    const alice = forgeClient(forge, forge.createToken('alice'));
    const { credit } = await alice.getSpecialAmount('aurora-labs');
    // 1840 at the epoch; the run still going then has ended by now and is charged since.
    const charged = (await alice.getLedger('aurora-labs', new Date(epoch + 1)))
      .filter((entry) => entry.sn !== undefined)
      .reduce((sum, entry) => sum - entry.amount, 0);
    expect(charged).toBeGreaterThan(0);
    expect(credit).toBeCloseTo(1840 - charged, 2);
    const denied = await call(forge, 'GET', '/aurora-labs/-/charge/ledger?since=yesterday');
    expect(denied.status).toBe(400);
  });

  it('lets the NPC simulator pick up issues, close some and spend credits', async () => {
    const simulator = forge.app.get(NpcSimulatorService);
    const before = await admin.getSpecialAmount('granite-ai');
    let picked = 0;
    let closed = 0;
    for (let round = 0; round < 6; round++) {
      const result = simulator.round(3 * 3_600_000);
      picked += result.pickedUp;
      closed += result.closed;
    }
    expect(picked).toBeGreaterThan(3);
    expect(closed).toBeGreaterThan(0);
    expect((await admin.getSpecialAmount('granite-ai')).credit).toBeLessThan(before.credit);
    const latest = (
      await admin.listOrgIssues('granite-ai', { order_by: '-last_acted_at', page: 1, page_size: 1 })
    )[0];
    expect(Date.parse(latest.last_acted_at)).toBeGreaterThan(epoch);
    // Dispatched to an NPC, picked up or finished.
    expect(latest.assignees.some((user) => user.is_npc)).toBe(true);
  });
});
