import * as fs from 'node:fs';
import * as path from 'node:path';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { rawRequest } from './http';

describe('forge: hostile input never reaches git', () => {
  let forge: HarnessForge;
  let git: GitClient;
  let marker: string;

  beforeAll(async () => {
    forge = await startForge({ seed: 'none' });
    const admin = forgeClient(forge);
    git = new GitClient();
    marker = path.join(git.root, 'pwned');
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    const work = git.dir('web');
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', 'hello\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'First'], work);
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', forge.adminToken), 'main'], work);
    // Warm the ref cache and the cat-file process, so that any spawn below is the request's.
    await admin.getContents('acme/web', 'README.md');
    await admin.getRaw('acme/web', 'main', 'README.md');
  });
  afterAll(async () => {
    git.cleanup();
    await forge.stop();
  });

  const mark = (): string => encodeURIComponent(`touch ${marker}`);

  const cases = (): [string, string, string?][] => [
    // contents
    ['GET', '/acme/web/-/git/contents/../../../etc/passwd'],
    ['GET', '/acme/web/-/git/contents/%2e%2e/%2e%2e/etc/passwd'],
    ['GET', '/acme/web/-/git/contents/%2E%2E%2Fconfig'],
    ['GET', '/acme/web/-/git/contents//etc/passwd'],
    ['GET', '/acme/web/-/git/contents/a%00b'],
    ['GET', `/acme/web/-/git/contents/README.md?ref=--upload-pack=${mark()}`],
    ['GET', '/acme/web/-/git/contents?ref=-x'],
    ['GET', '/acme/web/-/git/contents?ref=main..other'],
    ['GET', '/acme/web/-/git/contents?ref=main%40%7B1%7D'],
    ['GET', '/acme/web/-/git/contents?ref=%00'],
    ['GET', '/acme/web/-/git/contents?ref=%3A%2Fhello'],
    ['GET', '/acme/web/-/git/contents?ref=main~1'],
    ['GET', '/acme/web/-/git/contents?ref=%2Fetc%2Fpasswd'],
    // raw
    ['GET', `/acme/web/-/git/raw/--upload-pack=${mark()}/README.md`],
    ['GET', '/acme/web/-/git/raw/main/../../config'],
    ['GET', '/acme/web/-/git/raw/main/%2e%2e/config'],
    ['GET', '/acme/web/-/git/raw/main//etc/passwd'],
    ['GET', '/acme/web/-/git/raw/%00/README.md'],
    ['GET', '/acme/web/-/git/raw/main/README.md%00'],
    // commits, compare
    ['GET', '/acme/web/-/git/commits?sha=--all'],
    ['GET', `/acme/web/-/git/commits?sha=--output=${encodeURIComponent(marker)}`],
    ['GET', '/acme/web/-/git/commits?author=a%00b'],
    ['GET', '/acme/web/-/git/commits?since=yesterday'],
    ['GET', `/acme/web/-/git/commits/--upload-pack=${mark()}`],
    ['GET', '/acme/web/-/git/commits/..%2F..%2Fconfig'],
    ['GET', `/acme/web/-/git/compare/--output=${encodeURIComponent(marker)}...main`],
    ['GET', '/acme/web/-/git/compare/main...-p'],
    ['GET', '/acme/web/-/git/compare/main'],
    ['GET', '/acme/web/-/git/compare/%00...main'],
    // branches, tags, releases
    ['GET', '/acme/web/-/git/branches/--delete'],
    ['DELETE', '/acme/web/-/git/branches/..%2F..%2Fconfig'],
    ['DELETE', '/acme/web/-/git/branches/-f'],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: '--force' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'a..b' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'x', start_point: '--orphan' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'HEAD' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'refs/heads/x' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'a b' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'x@{1}' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: 'x\u0000y' })],
    ['POST', '/acme/web/-/git/branches', JSON.stringify({ name: '/abs' })],
    ['POST', '/acme/web/-/git/tags', JSON.stringify({ name: '-d' })],
    ['POST', '/acme/web/-/git/tags', JSON.stringify({ name: 'v1', target: '--all' })],
    ['GET', '/acme/web/-/git/tags/-x'],
    ['DELETE', '/acme/web/-/git/tags/..'],
    ['POST', '/acme/web/-/releases', JSON.stringify({ tag_name: '--x' })],
    ['POST', '/acme/web/-/releases', JSON.stringify({ tag_name: 'ok', target_commitish: '-x' })],
    ['GET', '/acme/web/-/releases/tags/..%2F..'],
    ['POST', '/acme/web/-/git/blobs', JSON.stringify({ content: '%%%', encoding: 'base64' })],
    // events, uploads, transport, repository names
    ['GET', '/events/acme/web/-/..'],
    ['GET', '/events/acme/web/-/2025-13-01'],
    ['DELETE', '/acme/web/-/files/../../-/git/blobs'],
    ['DELETE', '/acme/web/-/files/src/README.md'],
    ['DELETE', '/acme/web/-/imgs/0123456789abcdef0123456789abcdef/a.png'],
    ['GET', `/acme/web/info/refs?service=--upload-pack=${mark()}`],
    ['GET', '/acme/web/info/refs'],
    ['GET', '/acme/-x/info/refs?service=git-upload-pack'],
    ['GET', '/acme/..%2F..%2Fetc/info/refs?service=git-upload-pack'],
    ['POST', '/acme/..%2Fweb/git-upload-pack'],
    ['GET', '/acme/..%2F..%2Fetc/-/git/contents'],
    ['GET', '/%2e%2e/web/-/git/contents'],
  ];

  it('answers 4xx to every hostile path and query, starting no git process', async () => {
    const before = forge.gitSpawns();
    const answers: string[] = [];
    for (const [method, target, body] of cases()) {
      const response = await rawRequest(forge, method, target, { body });
      answers.push(`${response.status} ${method} ${target}`);
    }
    const wrong = answers.filter((line) => !/^4\d\d /.test(line));
    expect(wrong).toEqual([]);
    expect(forge.gitSpawns()).toBe(before);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('still serves the repository afterwards (the refusals were not a broken forge)', async () => {
    const response = await rawRequest(forge, 'GET', '/acme/web/-/git/raw/main/README.md');
    expect(response).toEqual({ status: 200, body: 'hello\n' });
    const clone = await git.run(['clone', '-q', remoteUrl(forge, 'acme/web'), git.dir('clone')]);
    expect(clone.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
  });
});
