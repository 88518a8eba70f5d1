import { ErrCode } from '@shared/platform/types';
import type { PlatformTestClient } from '../platform-test-client';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call, type RawResponse } from './http';

/**
 * What clients generated from the published schema send, against a forge: JSON bodies
 * without a Content-Type, the platform's own media type, `{repo}` with its slash
 * percent-encoded, trailing slashes, fields the forms do not know. Each is read as the
 * platform reads it, and none weakens a check: token, scope, role, size and depth
 * limits refuse exactly as before.
 */
describe('forge: leniency toward generated clients', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;
  let devToken: string;

  /** A request whose JSON body goes without any Content-Type (fetch sets none for bytes). */
  const untyped = async (
    method: string,
    path: string,
    body: unknown,
    token: string | null = forge.adminToken,
  ): Promise<RawResponse> => {
    const response = await fetch(forge.baseUrl + path, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: typeof body === 'string' ? Buffer.from(body) : Buffer.from(JSON.stringify(body)),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (empty).
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  const issueCount = async (): Promise<number> =>
    ((await call(forge, 'GET', '/acme/web/-/issues?state=all&page_size=100')).body as unknown[])
      .length;

  beforeAll(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    git = new GitClient();
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    forge.createUser('dev');
    forge.setRole('acme', 'dev', 'Developer');
    devToken = forge.createToken('dev');
    const work = git.dir('seed');
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', '# Web\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'First commit'], work);
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'main'], work);
  });
  afterAll(async () => {
    git.cleanup();
    await forge.stop();
  });

  it('reads a JSON body sent without Content-Type on the five write routes', async () => {
    const issue = await untyped('POST', '/acme/web/-/issues', { title: 'Untyped issue' });
    expect(issue.status).toBe(201);
    const number = (issue.body as { number: string }).number;
    const update = await untyped('PATCH', `/acme/web/-/issues/${number}`, { state: 'closed' });
    expect([update.status, (update.body as { state: string }).state]).toEqual([200, 'closed']);
    const comment = await untyped('POST', `/acme/web/-/issues/${number}/comments`, {
      body: 'Untyped comment',
    });
    expect([comment.status, (comment.body as { body: string }).body]).toEqual([
      201,
      'Untyped comment',
    ]);
    const label = await untyped('POST', '/acme/web/-/labels', { name: 'untyped', color: 'aabbcc' });
    expect([label.status, (label.body as { name: string }).name]).toEqual([201, 'untyped']);
    const branch = await untyped('POST', '/acme/web/-/git/branches', {
      name: 'untyped',
      start_point: 'main',
    });
    expect(branch.status).toBe(201);
    expect((await admin.getBranch('acme/web', 'untyped')).name).toBe('untyped');
  });

  it('refuses an untyped body that is not JSON with 415, and keeps every check on untyped bodies', async () => {
    const before = await issueCount();
    const form = await untyped('POST', '/acme/web/-/issues', 'title=x');
    expect([form.status, (form.body as { errcode: number }).errcode]).toEqual([415, 415]);
    // No token, a read-only scope, a role too low: refused as with a typed body.
    const anonymous = await untyped('POST', '/acme/web/-/issues', { title: 'x' }, null);
    expect([anonymous.status, (anonymous.body as { errcode: number }).errcode]).toEqual([
      401,
      ErrCode.Unauthorized,
    ]);
    forge.createUser('reader');
    forge.setRole('acme', 'reader', 'Developer');
    const readOnly = forge.createToken('reader', ['repo-issue:r']);
    const scoped = await untyped('POST', '/acme/web/-/issues', { title: 'x' }, readOnly);
    expect([scoped.status, (scoped.body as { errcode: number }).errcode]).toEqual([
      403,
      ErrCode.Forbidden,
    ]);
    forge.createUser('guest');
    forge.setRole('acme', 'guest', 'Guest');
    const guest = await untyped(
      'POST',
      '/acme/web/-/labels',
      { name: 'guest', color: 'aabbcc' },
      forge.createToken('guest'),
    );
    expect(guest.status).toBe(403);
    // Too deep, too large, broken, prototype-poisoned: the same refusals as typed bodies.
    const deep = await untyped(
      'POST',
      '/acme/web/-/issues',
      `{"title":"x","a":${'['.repeat(100)}${']'.repeat(100)}}`,
    );
    expect([deep.status, (deep.body as { errmsg: string }).errmsg]).toEqual([
      400,
      'body is nested deeper than 64 levels',
    ]);
    const large = await untyped('POST', '/acme/web/-/issues', {
      title: 'x',
      body: 'y'.repeat(1_100_000),
    });
    expect(large.status).toBe(413);
    const proto = await untyped('POST', '/acme/web/-/issues', '{"title":"xy","__proto__":{"a":1}}');
    expect(proto.status).toBe(400);
    const broken = await untyped('POST', '/acme/web/-/issues', '{"title": ');
    expect(broken.status).toBe(415);
    expect(await issueCount()).toBe(before);
  });

  it('reads application/vnd.cnb.api+json and application/json alike, with or without a charset', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/vnd.cnb.api+json',
      'application/vnd.cnb.api+json; charset=UTF-8',
    ]) {
      for (const accept of ['application/json', 'application/vnd.cnb.api+json; charset=utf-8']) {
        const created = await call(forge, 'POST', '/acme/web/-/issues', {
          body: { title: `Typed ${type} ${accept}` },
          headers: { 'content-type': type, accept },
        });
        expect([type, accept, created.status]).toEqual([type, accept, 201]);
      }
    }
    const other = await call(forge, 'GET', '/acme/web', { headers: { accept: 'text/html' } });
    expect(other.status).toBe(406);
    const xml = await call(forge, 'POST', '/acme/web/-/issues', {
      rawBody: '<title>x</title>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
  });

  it('ignores fields the published forms do not know, and names the field of an invalid value', async () => {
    const created = await call(forge, 'POST', '/acme/web/-/issues', {
      body: { title: 'With extras', invisible: false, not_published: { deep: [1, 2] } },
    });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('not_published');
    for (const [route, body, field] of [
      ['/acme/web/-/issues', { title: 'x', priority: 'urgent' }, 'priority'],
      ['/acme/web/-/labels', { name: 'bad', color: '#12345' }, 'color'],
      ['/acme/web/-/git/branches', { name: 5 }, 'name'],
      ['/acme/-/repos', { name: 'x', visibility: 'everyone' }, 'visibility'],
    ] as const) {
      const refused = await call(forge, 'POST', route, { body });
      expect([route, refused.status]).toEqual([route, 400]);
      expect((refused.body as { errmsg: string }).errmsg).toContain(field);
    }
  });

  it('reads a null field as not given: the value stays, a required one is still asked for', async () => {
    const before = await call(forge, 'PUT', '/acme', {
      body: { description: 'Kept', remark: 'Acme' },
    });
    expect(before.status).toBe(200);
    for (const body of [
      { description: null },
      { description: null, remark: null, site: null, email: null, domain: null },
    ]) {
      const changed = await call(forge, 'PUT', '/acme', { body });
      expect(changed.status).toBe(200);
    }
    const group = (await call(forge, 'GET', '/acme')).body as Record<string, unknown>;
    expect([group.description, group.remark]).toEqual(['Kept', 'Acme']);

    const issue = await call(forge, 'POST', '/acme/web/-/issues', {
      body: { title: 'Null body', body: null, labels: null },
    });
    expect(issue.status).toBe(201);
    const untitled = await call(forge, 'POST', '/acme/web/-/issues', { body: { title: null } });
    expect(untitled.status).toBe(400);
    expect((untitled.body as { errmsg: string }).errmsg).toContain('title');
    const nullMember = await call(forge, 'POST', '/acme/web/-/issues', {
      body: { title: 'x', labels: [null] },
    });
    expect(nullMember.status).toBe(400);
  });

  it('reads and writes a repository named with an encoded slash like a plain one', async () => {
    const plain = await call(forge, 'GET', '/acme/web');
    const encoded = await call(forge, 'GET', '/acme%2Fweb');
    expect(encoded.status).toBe(200);
    expect(encoded.body).toEqual(plain.body);
    const lower = await call(forge, 'GET', '/acme%2fweb/-/git/branches');
    expect(lower.body).toEqual((await call(forge, 'GET', '/acme/web/-/git/branches')).body);

    const issue = await call(forge, 'POST', '/acme%2Fweb/-/issues', {
      body: { title: 'Through an encoded slash' },
    });
    expect(issue.status).toBe(201);
    const number = (issue.body as { number: string }).number;
    expect((await admin.getIssue('acme/web', number)).title).toBe('Through an encoded slash');
    const labelled = await call(forge, 'POST', `/acme%2Fweb/-/issues/${number}/labels`, {
      body: { labels: ['area/ui'] },
    });
    expect(labelled.body).toMatchObject({ name: 'area/ui' });
    // A parameter after /-/ keeps its encoded slash: the label is named `area/ui`.
    const removed = await call(forge, 'DELETE', `/acme%2Fweb/-/issues/${number}/labels/area%2Fui`);
    expect([removed.status, (removed.body as { name: string }).name]).toEqual([200, 'area/ui']);
    const patched = await call(forge, 'PATCH', '/acme%2Fweb', { body: { description: 'Encoded' } });
    expect(patched.status).toBe(200);
    expect((await admin.getRepo('acme/web')).description).toBe('Encoded');
    // Checks hold through the encoded path too.
    expect(
      (await call(forge, 'POST', '/acme%2Fweb/-/issues', { token: null, body: { title: 'x' } }))
        .status,
    ).toBe(401);
    expect((await call(forge, 'GET', '/acme%2F..%2Fetc/-/issues')).status).toBe(404);
  });

  it('clones and pushes through a URL with an encoded slash', async () => {
    const target = git.dir('encoded-clone');
    const url = remoteUrl(forge, 'acme%2Fweb', devToken);
    expect(url).toContain('acme%2Fweb');
    await git.ok(['clone', '-q', url, target]);
    expect(await git.ok(['log', '--format=%s'], target)).toBe('First commit\n');
    git.write(target, 'NOTES.md', 'pushed through %2F\n');
    await git.ok(['add', '-A'], target);
    await git.ok(['commit', '-q', '-m', 'Second commit'], target);
    await git.ok(['push', '-q', url, 'main'], target);
    const commits = await admin.listCommits('acme/web', { sha: 'main' });
    expect(commits.map((commit) => commit.commit.message.trim())).toEqual([
      'Second commit',
      'First commit',
    ]);
    // A push without a token is still refused.
    const anonymous = await git.run(['push', '-q', remoteUrl(forge, 'acme%2Fweb'), 'main'], target);
    expect(anonymous.code).not.toBe(0);
  });

  it('tolerates a trailing slash on collection paths', async () => {
    const listed = await call(forge, 'GET', '/acme/web/-/issues/');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual((await call(forge, 'GET', '/acme/web/-/issues')).body);
    const created = await call(forge, 'POST', '/acme/web/-/labels/', {
      body: { name: 'slashed', color: 'ababab' },
    });
    expect(created.status).toBe(201);
    expect((await call(forge, 'GET', '/acme/-/repos/')).status).toBe(200);
    expect((await call(forge, 'GET', '/acme%2Fweb/-/git/tags/')).status).toBe(200);
  });
});
