import type { PlatformRepository } from '@shared/platform/types';
import type { PlatformTestClient } from '../platform-test-client';
import { NpcSimulatorService } from '../../server/forge/simulator/npc-simulator.service';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

const DAY = 86_400_000;

describe('forge: the demo seed has real git history', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;
  let repos: PlatformRepository[];

  beforeAll(async () => {
    forge = await startForge({ seedEpoch: new Date('2025-06-01T12:00:00.000Z') });
    admin = forgeClient(forge);
    git = new GitClient();
    const orgs = await admin.listUserGroups();
    repos = (await Promise.all(orgs.map((org) => admin.listRepos(org.path)))).flat();
  });
  afterAll(async () => {
    git.cleanup();
    await forge.stop();
  });

  const readable = (): PlatformRepository[] =>
    repos.filter((repo) => repo.visibility_level !== 'Secret');

  it('has hundreds of commits by several authors, NPCs among them, ending at last_updated_at', async () => {
    let total = 0;
    const authors = new Set<string>();
    let npcCommits = 0;
    for (const repo of readable()) {
      const page = await call(forge, 'GET', `/${repo.path}/-/git/commits?page_size=100`);
      total += Number(page.headers.get('x-total-count'));
      const commits = page.body as {
        author: { username: string; is_npc: boolean } | null;
        commit: { committer: { date: string } };
      }[];
      for (const commit of commits) {
        if (commit.author) authors.add(commit.author.username);
        if (commit.author?.is_npc) npcCommits += 1;
      }
      // The newest commit on the default branch is the repository's last update.
      expect([repo.path, commits[0].commit.committer.date]).toEqual([
        repo.path,
        repo.last_updated_at.time,
      ]);
    }
    expect(total).toBeGreaterThan(500);
    expect(npcCommits).toBeGreaterThan(50);
    expect(authors.size).toBeGreaterThanOrEqual(5);
  });

  it('spreads the newest commits so the health page shows fresh, yellow and red repositories', () => {
    const epoch = (forge.seedEpoch as Date).getTime();
    const ages = readable().map((repo) => (epoch - Date.parse(repo.last_updated_at.time)) / DAY);
    expect(ages.filter((age) => age < 7).length).toBeGreaterThan(3);
    expect(ages.filter((age) => age > 7 && age < 30).length).toBeGreaterThan(1);
    expect(ages.filter((age) => age > 30).length).toBeGreaterThan(1);
  });

  it('has tags with releases, and pull requests whose SHAs are branch tips', async () => {
    let releases = 0;
    for (const repo of readable().slice(0, 12)) {
      const list = await admin.listReleases(repo.path);
      releases += list.length;
      for (const release of list)
        expect((await admin.getTag(repo.path, release.tag_name)).name).toBe(release.tag_name);
    }
    expect(releases).toBeGreaterThan(3);
    const pulls = await admin.listOrgPulls('aurora-labs', { state: 'all' });
    expect(pulls.length).toBeGreaterThan(0);
    for (const pull of pulls) {
      const path = pull.repo?.path as string;
      expect(pull.head.sha).toBe((await admin.getBranch(path, pull.head.ref)).commit.sha);
      expect(pull.base.sha).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it('clones a demo repository with the stock git client', async () => {
    const repo = readable().find(
      (candidate) => candidate.visibility_level === 'Public',
    ) as PlatformRepository;
    const target = git.dir('demo');
    await git.ok(['clone', '-q', remoteUrl(forge, repo.path), target]);
    const count = Number((await git.ok(['rev-list', '--count', 'HEAD'], target)).trim());
    const page = await call(forge, 'GET', `/${repo.path}/-/git/commits?page_size=1`);
    expect(count).toBe(Number(page.headers.get('x-total-count')));
    expect((await git.ok(['ls-files'], target)).split('\n')).toContain('docs/getting started.md');
  });

  it('lets the NPC simulator push commits, which move last_updated_at and record PushEvents', async () => {
    const simulator = forge.app.get(NpcSimulatorService);
    let pushed = 0;
    for (let round = 0; round < 6 && pushed < 2; round++) pushed += await simulator.pushCommits();
    expect(pushed).toBeGreaterThan(0);
    const after = (
      await Promise.all((await admin.listUserGroups()).map((org) => admin.listRepos(org.path)))
    ).flat();
    const moved = after.filter(
      (repo) => Date.parse(repo.last_updated_at.time) > (forge.seedEpoch as Date).getTime(),
    );
    expect(moved.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const events = await admin.getEvents(moved[0].path, today);
    const push = events.find((event) => event.type === 'PushEvent');
    expect(push?.actor.username).toMatch(/^npc-/);
    const [latest] = await admin.listCommits(moved[0].path, { page: 1, page_size: 1 });
    expect(latest.author?.is_npc).toBe(true);
    expect(latest.commit.message).toMatch(/^npc: /);
  });

  it("records the simulator's comments and closures as events", async () => {
    const simulator = forge.app.get(NpcSimulatorService);
    let picked = 0;
    for (let round = 0; round < 4 && picked === 0; round++)
      picked += simulator.round(3_600_000).pickedUp;
    expect(picked).toBeGreaterThan(0);
    const acted = await Promise.all(
      (await admin.listUserGroups()).map((org) =>
        admin.listOrgIssues(org.path, { order_by: '-last_acted_at', page: 1, page_size: 1 }),
      ),
    );
    const newest = acted.flat().sort((a, b) => b.last_acted_at.localeCompare(a.last_acted_at))[0];
    const events = await admin.getEvents(
      newest.repo?.path as string,
      newest.last_acted_at.slice(0, 10),
    );
    expect(
      events.some(
        (event) => event.type === 'IssueCommentEvent' && event.actor.username.startsWith('npc-'),
      ),
    ).toBe(true);
  });
});
