import type { PlatformTestClient } from '../platform-test-client';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

const README_BYTES = 2000;

/** Published query parameters the forge honours from real state, and their published defaults. */
describe('forge: published query parameters', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;

  /** Push one commit dated `date` to `acme/<name>`. */
  const pushCommit = async (name: string, date: string, content: string): Promise<void> => {
    const work = git.dir(name);
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', content);
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', `Start ${name}`], work, {
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    });
    await git.ok(['push', '-q', remoteUrl(forge, `acme/${name}`, forge.adminToken), 'main'], work);
  };
  const names = async (route: string, token?: string): Promise<string[]> => {
    const response = await call(forge, 'GET', route, { token });
    expect(response.status).toBe(200);
    return (response.body as { path: string }[]).map((item) => item.path);
  };

  beforeAll(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    git = new GitClient();
    await admin.createGroup({ path: 'acme' });
    // Made in one order, last updated in another, and one never pushed to.
    for (const name of ['fresh', 'stale', 'empty'])
      await admin.createRepo('acme', { name, visibility: 'public' });
    await pushCommit('stale', '2024-01-01T00:00:00Z', '# Stale\n');
    await pushCommit('fresh', '2025-01-01T00:00:00Z', `${'x'.repeat(README_BYTES - 1)}\n`);
    forge.createUser('erin');
    forge.setRole('acme', 'erin', 'Developer');
  }, 120_000);
  afterAll(async () => {
    await forge.stop();
    git.cleanup();
  });

  it('orders repository lists by last update, ascending, unless told otherwise', async () => {
    const byUpdate = ['acme/empty', 'acme/stale', 'acme/fresh'];
    expect(await names('/acme/-/repos')).toEqual(byUpdate);
    expect(await names('/acme/-/repos?order_by=last_updated_at&desc=false')).toEqual(byUpdate);
    expect(await names('/acme/-/repos?desc=true')).toEqual([...byUpdate].reverse());
    expect(await names('/acme/-/repos?order_by=created_at')).toEqual([
      'acme/fresh',
      'acme/stale',
      'acme/empty',
    ]);
    expect(await names('/user/repos')).toEqual(byUpdate);
  });

  it("lists the caller's repositories at the least role asked for, Owner by default", async () => {
    const erin = forge.createToken('erin');
    await forgeClient(forge, erin).createRepo('erin', { name: 'notes', visibility: 'public' });
    expect(await names('/user/repos', erin)).toEqual(['erin/notes']);
    expect(await names('/user/repos?role=Master', erin)).toEqual(['erin/notes']);
    expect((await names('/user/repos?role=Developer&order_by=slug_path', erin)).sort()).toEqual([
      'acme/empty',
      'acme/fresh',
      'acme/stale',
      'erin/notes',
    ]);
    const bad = await call(forge, 'GET', '/user/repos?role=Boss', { token: erin });
    expect([bad.status, bad.text]).toEqual([400, expect.stringContaining('role')]);
  });

  it("pages an issue's labels", async () => {
    await admin.createIssue('acme/fresh', {
      title: 'Labelled',
      labels: ['c-three', 'a-one', 'b-two'],
    });
    const first = await call(forge, 'GET', '/acme/fresh/-/issues/1/labels?page_size=2');
    expect((first.body as { name: string }[]).map((label) => label.name)).toEqual([
      'a-one',
      'b-two',
    ]);
    expect(first.headers.get('x-total-count')).toBe('3');
    const second = await call(forge, 'GET', '/acme/fresh/-/issues/1/labels?page_size=2&page=2');
    expect((second.body as { name: string }[]).map((label) => label.name)).toEqual(['c-three']);
    expect((await call(forge, 'GET', '/acme/fresh/-/issues/1/labels?page=x')).status).toBe(400);
  });

  it('refuses a raw file larger than max_in_byte; 0 means no limit', async () => {
    const raw = (query: string) =>
      call(forge, 'GET', `/acme/fresh/-/git/raw/main/README.md${query}`);
    const small = await raw('?max_in_byte=100');
    expect([small.status, small.text]).toEqual([400, expect.stringContaining('max_in_byte')]);
    for (const query of ['', '?max_in_byte=0', `?max_in_byte=${README_BYTES}`]) {
      const whole = await raw(query);
      expect([whole.status, whole.text.length]).toEqual([200, README_BYTES]);
    }
    for (const bad of ['?max_in_byte=-1', '?max_in_byte=lots']) {
      const refused = await raw(bad);
      expect([refused.status, refused.text]).toEqual([400, expect.stringContaining('max_in_byte')]);
    }
  });
});
