import type { PlatformTestClient } from '../platform-test-client';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

const COMMIT_DATE = '2025-03-04T05:06:07Z';

describe('forge: git over smart HTTP', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;
  let devToken: string;
  let readOnlyToken: string;
  let outsiderToken: string;

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    git = new GitClient();
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    await admin.createRepo('acme', { name: 'app', visibility: 'private' });
    // The client reads a created repository back, which a secret one refuses to tokens.
    await call(forge, 'POST', '/acme/-/repos', { body: { name: 'vault', visibility: 'secret' } });
    for (const user of ['dev', 'reader', 'outsider']) forge.createUser(user);
    forge.setRole('acme', 'dev', 'Developer');
    forge.setRole('acme', 'reader', 'Developer');
    devToken = forge.createToken('dev');
    readOnlyToken = forge.createToken('reader', ['repo-code:r']);
    outsiderToken = forge.createToken('outsider');

    const work = git.dir('seed-web');
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', '# Web\n');
    git.write(work, 'docs/getting started.md', 'Start here.\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'First commit'], work, {
      GIT_COMMITTER_DATE: COMMIT_DATE,
      GIT_AUTHOR_DATE: COMMIT_DATE,
    });
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'main'], work);
  });
  afterEach(async () => {
    git.cleanup();
    await forge.stop();
  });

  it('clones a public repository without a token, over protocol v2 and v0', async () => {
    for (const version of ['2', '0']) {
      const target = git.dir(`public-v${version}`);
      await git.ok([
        '-c',
        `protocol.version=${version}`,
        'clone',
        '-q',
        remoteUrl(forge, 'acme/web'),
        target,
      ]);
      expect(await git.ok(['log', '--format=%s'], target)).toBe('First commit\n');
    }
    const suffixed = git.dir('public-dot-git');
    await git.ok(['clone', '-q', `${remoteUrl(forge, 'acme/web')}.git`, suffixed]);
  });

  it('moves last_updated_at to the pushed commit and records the push', async () => {
    const repo = await admin.getRepo('acme/web');
    expect(repo.last_updated_at).toEqual({ time: '2025-03-04T05:06:07.000Z', valid: true });
    const today = new Date().toISOString().slice(0, 10);
    const events = await admin.getEvents('acme/web', today);
    const push = events.find((event) => event.type === 'PushEvent');
    expect(push?.actor.username).toBe('dev');
    expect(push?.payload).toMatchObject({ ref: 'refs/heads/main', size: 1 });
    expect(events.some((event) => event.type === 'CreateEvent')).toBe(true);
  });

  it('asks for credentials on a private repository and clones it with a token', async () => {
    const bare = await call(forge, 'GET', '/acme/app/info/refs?service=git-upload-pack', {
      token: null,
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
    const refused = await git.run([
      'clone',
      '-q',
      remoteUrl(forge, 'acme/app'),
      git.dir('app-anon'),
    ]);
    expect(refused.code).not.toBe(0);
    await git.ok(['clone', '-q', remoteUrl(forge, 'acme/app', devToken), git.dir('app-dev')]);
  });

  it('refuses pushes from read-only tokens, outsiders and to secret repositories', async () => {
    const work = git.dir('pusher');
    await git.ok(['clone', '-q', remoteUrl(forge, 'acme/web'), work]);
    git.write(work, 'more.txt', 'more\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'More'], work);
    const readOnly = await git.run(
      ['push', remoteUrl(forge, 'acme/web', readOnlyToken), 'HEAD:refs/heads/ro'],
      work,
    );
    expect(readOnly.code).not.toBe(0);
    expect(readOnly.stderr).toContain('403');
    const outsider = await git.run(
      ['push', remoteUrl(forge, 'acme/web', outsiderToken), 'HEAD:refs/heads/out'],
      work,
    );
    expect(outsider.stderr).toContain('403');
    const anonymous = await git.run(
      ['push', remoteUrl(forge, 'acme/web'), 'HEAD:refs/heads/anon'],
      work,
    );
    expect(anonymous.code).not.toBe(0);
    const secret = await git.run(
      ['push', remoteUrl(forge, 'acme/vault', devToken), 'HEAD:main'],
      work,
    );
    expect(secret.code).not.toBe(0);
    expect(secret.stderr).toContain('403');
    expect((await admin.listBranches('acme/web')).map((b) => b.name)).toEqual(['main']);
  });

  it('pushes a new branch and a tag, then deletes the branch by push', async () => {
    const work = git.dir('seed-web');
    await git.ok(['checkout', '-q', '-b', 'feature/x'], work);
    git.write(work, 'feature.txt', 'x\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'Feature'], work);
    await git.ok(['tag', 'v1', 'main'], work);
    const remote = remoteUrl(forge, 'acme/web', devToken);
    await git.ok(['push', '-q', remote, 'feature/x', 'v1'], work);
    expect((await admin.listBranches('acme/web')).map((b) => b.name)).toEqual([
      'feature/x',
      'main',
    ]);
    expect((await admin.getTag('acme/web', 'v1')).target_type).toBe('commit');
    const today = new Date().toISOString().slice(0, 10);
    const created = (await admin.getEvents('acme/web', today)).filter(
      (e) => e.type === 'CreateEvent',
    );
    expect(created.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        { ref: 'feature/x', ref_type: 'branch' },
        { ref: 'v1', ref_type: 'tag' },
      ]),
    );
    await git.ok(['push', '-q', remote, ':feature/x'], work);
    expect((await admin.listBranches('acme/web')).map((b) => b.name)).toEqual(['main']);
    const deleted = (await admin.getEvents('acme/web', today)).find(
      (e) => e.type === 'DeleteEvent',
    );
    expect(deleted?.payload).toEqual({ ref: 'feature/x', ref_type: 'branch' });
  });

  it('refuses a wrong token with 401 and counts transport requests in the metrics', async () => {
    const wrong = await git.run(['ls-remote', remoteUrl(forge, 'acme/app', 'not-a-token')]);
    expect(wrong.code).not.toBe(0);
    expect(await forge.requestCount({ route: '/:org/:repo/git-receive-pack' })).toBeGreaterThan(0);
    expect(
      await forge.requestCount({ route: '/:org/:repo/info/refs', status: 401 }),
    ).toBeGreaterThan(0);
  });
});
