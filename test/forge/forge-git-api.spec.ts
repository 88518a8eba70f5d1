import type { BlobContent, TreeContent, TreeEntry } from '@shared/platform/types';
import {
  PlatformConflictError,
  PlatformInvalidError,
  PlatformNotFoundError,
} from '../../server/board/platform/platform.errors';
import type { PlatformTestClient } from '../platform-test-client';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

const SPACED = 'docs/getting started.md';
/** Past the size the raw route serves from the warm pipe, so it is streamed. */
const BIG_BYTES = 1_500_000;

function decode(content: BlobContent): string {
  return Buffer.from(content.content, 'base64').toString('utf8');
}

describe('forge: contents, history, branches, tags and releases over a pushed repository', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;
  let work: string;
  let mainSha: string;
  let featureSha: string;

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    git = new GitClient();
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    await admin.createPull('acme/web', { base: 'main', head: 'feature/x', title: 'Feature X' });

    work = git.dir('web');
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', '# Web\n');
    git.write(work, SPACED, 'Start here.\n');
    git.write(work, 'src/app.ts', 'export const app = 1;\n');
    git.write(
      work,
      'logo.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1]),
    );
    git.write(work, 'big.bin', Buffer.alloc(BIG_BYTES, 7));
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'First commit'], work);
    git.write(work, 'src/app.ts', 'export const app = 2;\n');
    await git.ok(['commit', '-q', '-am', 'Second commit'], work);
    await git.ok(['checkout', '-q', '-b', 'feature/x'], work);
    git.write(work, SPACED, 'Start here.\nThen read on.\n');
    git.write(work, 'src/feature.ts', 'export const feature = true;\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'Feature work'], work);
    await git.ok(['tag', '-a', '-m', 'Version one', 'v1.0', 'main'], work);
    await git.ok(
      ['push', '-q', remoteUrl(forge, 'acme/web', forge.adminToken), 'main', 'feature/x', 'v1.0'],
      work,
    );
    mainSha = (await git.ok(['rev-parse', 'main'], work)).trim();
    featureSha = (await git.ok(['rev-parse', 'feature/x'], work)).trim();
  });
  afterEach(async () => {
    git.cleanup();
    await forge.stop();
  });

  it('lists the root and a folder, and reads a file with a space in its path at a branch', async () => {
    const root = await admin.getRootContents('acme/web');
    expect(root.type).toBe('tree');
    expect(root.entries.map((entry) => `${entry.type}:${entry.name}`).sort()).toEqual([
      'blob:README.md',
      'blob:big.bin',
      'blob:logo.png',
      'tree:docs',
      'tree:src',
    ]);
    // Entries carry their size too, a forge extension of the published entry.
    const sized = root.entries as (TreeEntry & { size: number })[];
    expect(sized.find((entry) => entry.name === 'big.bin')?.size).toBe(BIG_BYTES);
    expect(sized.find((entry) => entry.name === 'src')?.size).toBe(0);
    const docs = (await admin.getContents('acme/web', 'docs', 'feature/x')) as TreeContent;
    expect(docs.entries).toEqual([
      expect.objectContaining({ type: 'blob', path: SPACED, name: 'getting started.md' }),
    ]);
    const onMain = (await admin.getContents('acme/web', SPACED)) as BlobContent;
    expect(onMain).toMatchObject({ type: 'blob', encoding: 'base64', name: 'getting started.md' });
    expect(decode(onMain)).toBe('Start here.\n');
    const onBranch = (await admin.getContents('acme/web', SPACED, 'feature/x')) as BlobContent;
    expect(decode(onBranch)).toBe('Start here.\nThen read on.\n');
    const byTag = (await admin.getContents('acme/web', 'src/app.ts', 'v1.0')) as BlobContent;
    expect(decode(byTag)).toBe('export const app = 2;\n');
    const bySha = (await admin.getContents(
      'acme/web',
      'src/app.ts',
      mainSha.slice(0, 10),
    )) as BlobContent;
    expect(bySha.sha).toBe(byTag.sha);
    await expect(admin.getContents('acme/web', 'nope.txt')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
    await expect(admin.getContents('acme/web', 'README.md', 'no-branch')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
  });

  it('serves raw files by the longest ref prefix, with %2F or a literal slash, with their content type', async () => {
    expect((await admin.getRaw('acme/web', 'feature/x', SPACED)).toString()).toBe(
      'Start here.\nThen read on.\n',
    );
    const encoded = await call(
      forge,
      'GET',
      '/acme/web/-/git/raw/feature%2Fx/docs/getting%20started.md',
      {
        headers: { accept: 'text/html' },
      },
    );
    expect(encoded.status).toBe(200);
    expect(encoded.text).toBe('Start here.\nThen read on.\n');
    expect(encoded.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(encoded.headers.get('x-content-type-options')).toBe('nosniff');
    const png = await fetch(`${forge.baseUrl}/acme/web/-/git/raw/main/logo.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    const big = await fetch(`${forge.baseUrl}/acme/web/-/git/raw/${mainSha}/big.bin`);
    expect(big.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = Buffer.from(await big.arrayBuffer());
    expect(bytes.length).toBe(BIG_BYTES);
    expect(bytes.every((byte) => byte === 7)).toBe(true);
    expect((await call(forge, 'GET', '/acme/web/-/git/raw/main/missing.txt')).status).toBe(404);
  });

  it('stores blobs without a commit', async () => {
    const text = await admin.createBlob('acme/web', { content: 'hello\n', encoding: 'utf-8' });
    expect(text.sha).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    const binary = await admin.createBlob('acme/web', {
      content: Buffer.from('hello\n').toString('base64'),
      encoding: 'base64',
    });
    expect(binary.sha).toBe(text.sha);
    await expect(
      admin.createBlob('acme/web', { content: '***', encoding: 'base64' }),
    ).rejects.toBeInstanceOf(PlatformInvalidError);
    expect((await admin.listCommits('acme/web')).length).toBe(2);
  });

  it('lists commits with filters and paging, and reads one by branch, tag or id', async () => {
    const commits = await admin.listCommits('acme/web');
    expect(commits.map((commit) => commit.commit.message.trim())).toEqual([
      'Second commit',
      'First commit',
    ]);
    expect(commits[0]).toMatchObject({ sha: mainSha, parents: [{ sha: commits[1].sha }] });
    expect(commits[0].commit.author).toMatchObject({
      name: 'Test Author',
      email: 'author@example.test',
    });
    // No forge user has the author's email: the record holds what the signature says.
    expect(commits[0].author).toEqual({
      username: '',
      nickname: 'Test Author',
      email: 'author@example.test',
      avatar: '',
      freeze: false,
      is_npc: false,
    });
    const onBranch = await admin.listCommits('acme/web', { sha: 'feature/x' });
    expect(onBranch).toHaveLength(3);
    const page = await call(
      forge,
      'GET',
      '/acme/web/-/git/commits?sha=feature%2Fx&page=2&page_size=2',
    );
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((page.body as unknown[]).length).toBe(1);
    expect(await admin.listCommits('acme/web', { author: 'nobody-at-all' })).toEqual([]);
    expect(await admin.listCommits('acme/web', { author: 'author@example' })).toHaveLength(2);
    const byCommitter = async (committer: string): Promise<number> =>
      (
        (
          await call(
            forge,
            'GET',
            `/acme/web/-/git/commits?committer=${encodeURIComponent(committer)}`,
          )
        ).body as unknown[]
      ).length;
    expect(await byCommitter('author@example')).toBe(2);
    expect(await byCommitter('nobody-at-all')).toBe(0);
    expect(await admin.listCommits('acme/web', { since: '2999-01-01T00:00:00Z' })).toEqual([]);
    expect(await admin.listCommits('acme/web', { until: '2000-01-01T00:00:00Z' })).toEqual([]);
    expect((await admin.getCommit('acme/web', 'feature/x')).sha).toBe(featureSha);
    expect((await admin.getCommit('acme/web', 'v1.0')).sha).toBe(mainSha);
    expect((await admin.getCommit('acme/web', mainSha)).commit.message.trim()).toBe(
      'Second commit',
    );
    expect((await admin.getHead('acme/web')).name).toBe('main');
  });

  it('compares two branches both ways of writing it, with per-file patches', async () => {
    const compare = await admin.compare('acme/web', 'main', 'feature/x');
    expect(compare.total_commits).toBe(1);
    expect(compare.base_commit.sha).toBe(mainSha);
    expect(compare.head_commit.sha).toBe(featureSha);
    expect(compare.merge_base_commit.sha).toBe(mainSha);
    expect(compare.commits.map((commit) => commit.sha)).toEqual([featureSha]);
    const files = Object.fromEntries(compare.files.map((file) => [file.path, file]));
    expect(files[SPACED]).toMatchObject({ status: 'modified', additions: 1, deletions: 0 });
    expect(files[SPACED].patch).toContain('+Then read on.');
    expect(files['src/feature.ts']).toMatchObject({ status: 'added', additions: 1 });
    const twoDot = await call(forge, 'GET', '/acme/web/-/git/compare/main..feature/x');
    expect(twoDot.status).toBe(200);
    expect((twoDot.body as { total_commits: number }).total_commits).toBe(1);
  });

  it('creates, reads and deletes branches with "/" in their names', async () => {
    const created = await admin.createBranch('acme/web', {
      name: 'release/1.x',
      start_point: 'v1.0',
    });
    expect(created).toMatchObject({ name: 'release/1.x', commit: { sha: mainSha } });
    await expect(admin.createBranch('acme/web', { name: 'release/1.x' })).rejects.toBeInstanceOf(
      PlatformConflictError,
    );
    const branches = await admin.listBranches('acme/web');
    expect(branches.map((branch) => branch.name)).toEqual(['feature/x', 'main', 'release/1.x']);
    expect((await admin.getBranch('acme/web', 'release/1.x')).commit).toMatchObject({
      sha: mainSha,
      commit: { message: 'Second commit\n' },
    });
    await admin.deleteBranch('acme/web', 'release/1.x');
    await expect(admin.getBranch('acme/web', 'release/1.x')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
    await expect(admin.deleteBranch('acme/web', 'main')).rejects.toBeInstanceOf(
      PlatformInvalidError,
    );
    // The clone sees the branch gone.
    const remote = await git.ok(['ls-remote', '--heads', remoteUrl(forge, 'acme/web')]);
    expect(remote).not.toContain('release/1.x');
  });

  it('creates annotated and lightweight tags, reads and deletes them', async () => {
    const pushed = await admin.getTag('acme/web', 'v1.0');
    expect(pushed).toMatchObject({
      name: 'v1.0',
      target_type: 'tag',
      commit: { sha: mainSha },
      message: 'Version one',
    });
    const annotated = await admin.createTag('acme/web', {
      name: 'v2.0',
      target: 'feature/x',
      message: 'Second version',
    });
    expect(annotated).toMatchObject({
      target_type: 'tag',
      commit: { sha: featureSha },
      message: 'Second version',
    });
    const light = await admin.createTag('acme/web', { name: 'light' });
    expect(light).toMatchObject({ target: mainSha, target_type: 'commit', message: '' });
    expect((await admin.listTags('acme/web')).map((tag) => tag.name)).toEqual([
      'light',
      'v1.0',
      'v2.0',
    ]);
    await admin.deleteTag('acme/web', 'light');
    await expect(admin.getTag('acme/web', 'light')).rejects.toBeInstanceOf(PlatformNotFoundError);
    const remoteTags = await git.ok(['ls-remote', '--tags', remoteUrl(forge, 'acme/web')]);
    expect(remoteTags).toContain('refs/tags/v2.0');
  });

  it('publishes releases for existing and new tags, and finds the latest', async () => {
    const first = await admin.createRelease('acme/web', {
      tag_name: 'v1.0',
      name: 'One',
      body: 'Notes',
    });
    expect(first).toMatchObject({ tag_name: 'v1.0', name: 'One', is_latest: true, draft: false });
    expect(first.author.username).toBe('admin');
    const second = await admin.createRelease('acme/web', {
      tag_name: 'v3.0',
      target_commitish: 'feature/x',
    });
    expect(second).toMatchObject({
      tag_name: 'v3.0',
      tag_commitish: 'feature/x',
      is_latest: true,
    });
    expect((await admin.getTag('acme/web', 'v3.0')).commit.sha).toBe(featureSha);
    await admin.createRelease('acme/web', { tag_name: 'v4.0-rc', prerelease: true });
    expect((await admin.getLatestRelease('acme/web')).tag_name).toBe('v3.0');
    expect((await admin.getReleaseByTag('acme/web', 'v1.0')).is_latest).toBe(false);
    expect((await admin.listReleases('acme/web')).map((release) => release.tag_name)).toEqual([
      'v4.0-rc',
      'v3.0',
      'v1.0',
    ]);
    await expect(admin.createRelease('acme/web', { tag_name: 'v1.0' })).rejects.toBeInstanceOf(
      PlatformConflictError,
    );
    await expect(admin.getReleaseByTag('acme/web', 'v9')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
  });

  it('fills pull request SHAs from the branches, and records events for all of it', async () => {
    const [pull] = await admin.listPulls('acme/web');
    expect(pull.base).toMatchObject({ ref: 'main', sha: mainSha });
    expect(pull.head).toMatchObject({ ref: 'feature/x', sha: featureSha });
    // Besides the push and the pull of the set-up: a branch made and deleted, a release.
    await admin.createBranch('acme/web', { name: 'short-lived', start_point: 'main' });
    await admin.deleteBranch('acme/web', 'short-lived');
    await admin.createRelease('acme/web', { tag_name: 'v1.0', name: 'One' });
    const today = new Date().toISOString().slice(0, 10);
    const events = await admin.getEvents('acme/web', today);
    const kinds = new Set(events.map((event) => event.type));
    for (const kind of [
      'PushEvent',
      'CreateEvent',
      'DeleteEvent',
      'ReleaseEvent',
      'PullRequestEvent',
    ])
      expect(kinds).toContain(kind);
    const hour = `${today}-${new Date().getUTCHours()}`;
    expect((await admin.getEvents('acme/web', hour)).length).toBe(events.length);
    expect(await admin.getEvents('acme/web', '2001-01-01')).toEqual([]);
    expect((await call(forge, 'GET', '/events/acme/web/-/2025-02-30')).status).toBe(400);
    expect((await call(forge, 'GET', '/events/acme/web/-/2025-02-03-24')).status).toBe(400);
  });
});
