import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

const MAX_PUSH_BYTES = 256 * 1024;

/** Push rules: object checks, ref names, push size and the protected default branch, through the real git client. */
describe('forge: what a git push may change', () => {
  let forge: HarnessForge;
  let git: GitClient;
  let devToken: string;
  let masterToken: string;
  let work: string;
  let remote: string;

  /** The refs of acme/web as the forge serves them. */
  const remoteRefs = async (): Promise<string> =>
    git.ok(['ls-remote', remoteUrl(forge, 'acme/web', devToken)]);

  /** A commit on top of main whose root tree holds one entry with this raw name. */
  const commitWithEntry = async (entryName: string): Promise<string> => {
    const blobSha = (
      await git.ok(['hash-object', '-w', path.join(work, 'README.md')], work)
    ).trim();
    const treeFile = path.join(git.root, `tree-${entryName.replace(/\W/g, '_')}`);
    fs.writeFileSync(
      treeFile,
      Buffer.concat([Buffer.from(`100644 ${entryName}\0`), Buffer.from(blobSha, 'hex')]),
    );
    const tree = (
      await git.ok(['hash-object', '-t', 'tree', '-w', '--literally', treeFile], work)
    ).trim();
    return (
      await git.ok(['commit-tree', tree, '-p', 'HEAD', '-m', `entry ${entryName}`], work)
    ).trim();
  };

  beforeAll(async () => {
    forge = await startForge({ seed: 'none', maxPushBytes: MAX_PUSH_BYTES });
    git = new GitClient();
    const admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    forge.createUser('dev');
    forge.createUser('lead');
    forge.setRole('acme', 'dev', 'Developer');
    forge.setRole('acme', 'lead', 'Master');
    devToken = forge.createToken('dev');
    masterToken = forge.createToken('lead');
    remote = remoteUrl(forge, 'acme/web', devToken);
    work = git.dir('web');
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', '# Web\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'First commit'], work);
    git.write(work, 'NOTES.md', 'notes\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'Second commit'], work);
    await git.ok(['push', '-q', remote, 'main'], work);
  });
  afterAll(async () => {
    git.cleanup();
    await forge.stop();
  });

  it('refuses tree entries named ".." and ".git" (object checks), moving no ref', async () => {
    for (const entry of ['..', '.git']) {
      const commit = await commitWithEntry(entry);
      const pushed = await git.run(['push', remote, `${commit}:refs/heads/evil`], work);
      expect(pushed.code).not.toBe(0);
      expect(pushed.stderr).toMatch(/fsck|dotdot|dotgit|contains '\.\.'|\.git/i);
      expect(pushed.stderr).toContain('remote');
    }
    expect(await remoteRefs()).not.toContain('refs/heads/evil');
  });

  it('refuses refs outside refs/heads and refs/tags, and ref names with a part starting with "-"', async () => {
    for (const [ref, message] of [
      ['refs/heads/-x', "may start with '-'"],
      ['refs/heads/--upload-pack=touch', "may start with '-'"],
      ['refs/tags/v1/-rc', "may start with '-'"],
      ['refs/pull/1/head', 'only branches (refs/heads/) and tags (refs/tags/) can be pushed'],
      ['refs/notes/commits', 'only branches (refs/heads/) and tags (refs/tags/) can be pushed'],
    ]) {
      const pushed = await git.run(['push', remote, `HEAD:${ref}`], work);
      expect(pushed.code).not.toBe(0);
      expect(pushed.stderr).toContain(`refused ${ref}: `);
      expect(pushed.stderr).toContain(message);
      expect(pushed.stderr).toContain('pre-receive hook declined');
    }
    const refs = await remoteRefs();
    expect(refs).not.toMatch(/\/-|refs\/pull|refs\/notes/);
    // Ordinary branches and tags still go through.
    await git.ok(['push', '-q', remote, 'HEAD:refs/heads/feature/x', 'HEAD:refs/tags/v1.0'], work);
    expect(await remoteRefs()).toContain('refs/heads/feature/x');
  });

  it('refuses a push larger than FORGE_MAX_PUSH_BYTES', async () => {
    const big = git.dir('big');
    await git.ok(['clone', '-q', remote, big]);
    git.write(big, 'blob.bin', randomBytes(2 * MAX_PUSH_BYTES));
    await git.ok(['add', '-A'], big);
    await git.ok(['commit', '-q', '-m', 'Big blob'], big);
    const pushed = await git.run(['push', remote, 'HEAD:refs/heads/big'], big);
    expect(pushed.code).not.toBe(0);
    expect(pushed.stderr).toMatch(/maximum allowed size/);
    expect(await remoteRefs()).not.toContain('refs/heads/big');
  });

  it('protects the default branch: no force-push or deletion below Master, reported in branch records', async () => {
    // A branch of its own to compare with (a fast-forward when an earlier run left it behind).
    await git.ok(['push', '-q', remote, 'HEAD:refs/heads/feature/x'], work);
    const main = (await call(forge, 'GET', '/acme/web/-/git/branches/main')).body;
    expect(main).toMatchObject({ name: 'main', protected: true });
    const feature = (await call(forge, 'GET', '/acme/web/-/git/branches/feature%2Fx')).body;
    expect(feature).toMatchObject({ protected: false });

    const before = await remoteRefs();
    const rewind = await git.run(['push', '--force', remote, 'HEAD~1:refs/heads/main'], work);
    expect(rewind.code).not.toBe(0);
    expect(rewind.stderr).toContain(
      'the default branch is protected; a force-push needs the Master role',
    );
    const removal = await git.run(['push', remote, ':refs/heads/main'], work);
    expect(removal.code).not.toBe(0);
    expect(removal.stderr).toContain(
      'the default branch is protected; deleting it needs the Master role',
    );
    expect(await remoteRefs()).toBe(before);

    // A Developer may still rewrite other branches; a Master may rewrite the default one.
    await git.ok(['push', '-q', '--force', remote, 'HEAD~1:refs/heads/feature/x'], work);
    await git.ok(
      [
        'push',
        '-q',
        '--force',
        remoteUrl(forge, 'acme/web', masterToken),
        'HEAD~1:refs/heads/main',
      ],
      work,
    );
    const mainAfter = await git.ok(['rev-parse', 'HEAD~1'], work);
    expect(await remoteRefs()).toContain(`${mainAfter.trim()}\trefs/heads/main`);
  });
});

describe('forge: FORGE_PROTECT_DEFAULT_BRANCH=false', () => {
  it('lets a Developer force-push the default branch, which is then not reported protected', async () => {
    const forge = await startForge({ seed: 'none', protectDefaultBranch: false });
    const git = new GitClient();
    try {
      const admin = forgeClient(forge);
      await admin.createGroup({ path: 'acme' });
      await admin.createRepo('acme', { name: 'web', visibility: 'public' });
      forge.createUser('dev');
      forge.setRole('acme', 'dev', 'Developer');
      const remote = remoteUrl(forge, 'acme/web', forge.createToken('dev'));
      const work = git.dir('web');
      await git.ok(['init', '-q', '-b', 'main', work]);
      for (const name of ['a', 'b']) {
        git.write(work, `${name}.md`, name);
        await git.ok(['add', '-A'], work);
        await git.ok(['commit', '-q', '-m', name], work);
      }
      await git.ok(['push', '-q', remote, 'main'], work);
      await git.ok(['push', '-q', '--force', remote, 'HEAD~1:refs/heads/main'], work);
      expect((await call(forge, 'GET', '/acme/web/-/git/branches/main')).body).toMatchObject({
        protected: false,
      });
    } finally {
      git.cleanup();
      await forge.stop();
    }
  });
});
