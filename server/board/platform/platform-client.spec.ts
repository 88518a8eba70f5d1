import { Logger } from '@nestjs/common';
import type { PlatformIssue } from '@shared/platform/types';
import { InvalidError } from '../../common/errors';
import { PlatformTestClient } from '../../../test/platform-test-client';
import { PlatformHttp } from './platform-http';
import type { PlatformClientOptions } from './platform.options';
import {
  PlatformConflictError,
  PlatformForbiddenError,
  PlatformNotFoundError,
} from './platform.errors';
import {
  commit,
  issue,
  npc,
  organization,
  pull,
  release,
  repository,
} from '../../../test/platform-fixtures';
import { platformError, RecordingServer, reply } from '../../../test/recording-server';

const TOKEN = 'tok-client-secret';

describe('PlatformClient', () => {
  let server: RecordingServer;
  let storage: RecordingServer;
  let warn: jest.SpyInstance;

  const make = (extra: Partial<PlatformClientOptions> = {}): PlatformTestClient =>
    new PlatformTestClient(
      new PlatformHttp({
        baseUrl: server.url,
        token: TOKEN,
        gitBaseUrl: 'https://git.example.com',
        sleep: () => Promise.resolve(),
        ...extra,
      }),
    );

  beforeAll(async () => {
    server = await RecordingServer.start();
    storage = await RecordingServer.start();
  });

  afterAll(async () => {
    await server.close();
    await storage.close();
  });

  beforeEach(() => {
    server.reset();
    storage.reset();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => warn.mockRestore());

  describe('files and content', () => {
    it('lists the root and a directory, passing the ref as a query', async () => {
      const tree = { type: 'tree', path: '', sha: 'a'.repeat(40), entries: [] };
      server.json('GET', '/acme/app/-/git/contents', tree);
      server.json('GET', '/acme/app/-/git/contents/src/lib', { ...tree, path: 'src/lib' });
      const client = make();
      await expect(client.getRootContents('acme/app')).resolves.toEqual(tree);
      await expect(client.getContents('acme/app', 'src/lib', 'v1.0')).resolves.toMatchObject({
        path: 'src/lib',
      });
      await expect(client.getContents('acme/app', '')).resolves.toEqual(tree);
      expect(server.seen()).toEqual([
        'GET /acme/app/-/git/contents',
        'GET /acme/app/-/git/contents/src/lib',
        'GET /acme/app/-/git/contents',
      ]);
      expect(server.requests.map((r) => r.query)).toEqual([{}, { ref: 'v1.0' }, {}]);
    });

    it('encodes a file path with spaces and unicode, and a ref with / in the query', async () => {
      const blob = {
        type: 'blob',
        path: 'dir/my file é.txt',
        name: 'my file é.txt',
        sha: 'b',
        size: 2,
        encoding: 'base64',
        content: 'aGk=',
      };
      server.json('GET', '/acme/app/-/git/contents/dir/my%20file%20%C3%A9.txt', blob);
      await expect(
        make().getContents('acme/app', 'dir/my file é.txt', 'feature/x'),
      ).resolves.toEqual(blob);
      expect(server.requests[0]?.query).toEqual({ ref: 'feature/x' });
    });

    it('reads raw bytes, keeping the ref / literal and encoding each segment', async () => {
      const bytes = Buffer.from([0, 1, 2, 255, 10]);
      server.on('GET', '/acme/app/-/git/raw/feature/x/dir/my%20file%20%C3%A9.txt', (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(bytes);
      });
      const raw = await make().getRaw('acme/app', 'feature/x', 'dir/my file é.txt');
      expect(Buffer.isBuffer(raw)).toBe(true);
      expect(raw.equals(bytes)).toBe(true);
      expect(server.requests[0]?.path).toBe(
        '/acme/app/-/git/raw/feature/x/dir/my%20file%20%C3%A9.txt',
      );
      expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    });

    it('creates a blob', async () => {
      server.json('POST', '/acme/app/-/git/blobs', { sha: 'c'.repeat(40) }, 201);
      await expect(
        make().createBlob('acme/app', { content: 'hello', encoding: 'utf-8' }),
      ).resolves.toEqual({
        sha: 'c'.repeat(40),
      });
      expect(server.requests[0]?.json).toEqual({ content: 'hello', encoding: 'utf-8' });
    });

    it('gets an upload URL, PUTs the bytes to it and deletes the attachment', async () => {
      const uploadUrl = `${server.url}/uploads/k1?token=signed-abc`;
      server.json('POST', '/acme/app/-/upload/files', {
        upload_url: uploadUrl,
        assets: {
          name: 'log.txt',
          path: '/acme/app/-/files/k1/log.txt',
          size: 3,
          content_type: 'text/plain',
        },
      });
      server.on('PUT', '/uploads/k1', (_req, res) => reply(res, 200));
      server.on('DELETE', '/acme/app/-/files/k1/log.txt', (_req, res) => reply(res, 204));
      const client = make();
      const upload = await client.createUploadUrl('acme/app', 'files', {
        name: 'log.txt',
        size: 3,
      });
      await client.uploadBytes(upload.upload_url, Buffer.from('abc'), 'text/plain');
      await client.deleteAttachment('acme/app', 'k1', 'log.txt');
      expect(server.seen()).toEqual([
        'POST /acme/app/-/upload/files',
        'PUT /uploads/k1',
        'DELETE /acme/app/-/files/k1/log.txt',
      ]);
      const put = server.requests[1];
      expect(put?.body.toString()).toBe('abc');
      expect(put?.query).toEqual({ token: 'signed-abc' });
      expect(put?.headers['content-type']).toBe('text/plain');
      // Same origin as the platform: the token may go along.
      expect(put?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    });

    it('never sends the token to an upload URL on another host', async () => {
      server.json('POST', '/acme/app/-/upload/imgs', {
        upload_url: `${storage.url}/bucket/img?sig=xyz`,
        assets: {},
      });
      storage.on('PUT', '/bucket/img', (_req, res) => reply(res, 200));
      const client = make();
      const upload = await client.createUploadUrl('acme/app', 'imgs', { name: 'a.png', size: 4 });
      await client.uploadBytes(upload.upload_url, Buffer.from([1, 2, 3, 4]));
      expect(storage.requests).toHaveLength(1);
      expect(storage.requests[0]?.headers['authorization']).toBeUndefined();
      expect(storage.requests[0]?.headers['content-type']).toBe('application/octet-stream');
    });

    it('keeps the signed query out of upload error messages', async () => {
      storage.json('PUT', '/bucket/img', { errmsg: 'expired' }, 403);
      const error = await make()
        .uploadBytes(`${storage.url}/bucket/img?sig=very-secret`, Buffer.from('x'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformForbiddenError);
      expect(error).toMatchObject({ path: '/bucket/img', method: 'PUT' });
      expect((error as Error).message).not.toContain('very-secret');
    });
  });

  describe('commits, branches, tags', () => {
    it('covers head, commits, compare, branches and tags', async () => {
      const sha = 'd'.repeat(40);
      server.json('GET', '/acme/app/-/git/head', { name: 'main', protected: true });
      server.json('GET', '/acme/app/-/git/commits', [commit(sha)]);
      server.json('GET', `/acme/app/-/git/commits/${sha}`, commit(sha));
      server.json('GET', '/acme/app/-/git/compare/main...feature%2Fx', {
        base_commit: commit('a'),
        head_commit: commit('b'),
        merge_base_commit: commit('a'),
        commits: [commit('b')],
        files: [],
        total_commits: 1,
      });
      server.json('GET', '/acme/app/-/git/branches', [
        { name: 'main', protected: true, commit: { sha } },
      ]);
      // Published answers: 201 with no body for a new branch, 200 with none for a deletion.
      server.on('POST', '/acme/app/-/git/branches', (_req, res) => reply(res, 201));
      server.json('GET', '/acme/app/-/git/branches/feature%2Fx', {
        name: 'feature/x',
        protected: false,
        commit: commit(sha),
      });
      server.on('DELETE', '/acme/app/-/git/branches/feature%2Fx', (_req, res) => reply(res, 200));
      const tag = {
        name: 'v1.0',
        target: sha,
        target_type: 'commit',
        commit: { sha },
        message: '',
      };
      server.json('GET', '/acme/app/-/git/tags', [tag]);
      server.json('POST', '/acme/app/-/git/tags', tag, 201);
      server.json('GET', '/acme/app/-/git/tags/v1.0', tag);
      server.on('DELETE', '/acme/app/-/git/tags/v1.0', (_req, res) => reply(res, 204));

      const client = make();
      await expect(client.getHead('acme/app')).resolves.toEqual({ name: 'main', protected: true });
      await expect(
        client.listCommits('acme/app', { since: '2025-01-01T00:00:00Z', sha: 'main' }),
      ).resolves.toEqual([commit(sha)]);
      await expect(client.getCommit('acme/app', sha)).resolves.toMatchObject({ sha });
      await expect(client.compare('acme/app', 'main', 'feature/x')).resolves.toMatchObject({
        total_commits: 1,
      });
      await expect(client.listBranches('acme/app')).resolves.toHaveLength(1);
      await expect(
        client.createBranch('acme/app', { name: 'feature/x', start_point: 'main' }),
      ).resolves.toMatchObject({
        name: 'feature/x',
      });
      await expect(client.getBranch('acme/app', 'feature/x')).resolves.toMatchObject({
        name: 'feature/x',
      });
      await client.deleteBranch('acme/app', 'feature/x');
      await expect(client.listTags('acme/app')).resolves.toEqual([tag]);
      await expect(
        client.createTag('acme/app', { name: 'v1.0', target: sha, message: 'first' }),
      ).resolves.toEqual(tag);
      await expect(client.getTag('acme/app', 'v1.0')).resolves.toEqual(tag);
      await client.deleteTag('acme/app', 'v1.0');

      expect(server.seen()).toEqual([
        'GET /acme/app/-/git/head',
        'GET /acme/app/-/git/commits',
        `GET /acme/app/-/git/commits/${sha}`,
        'GET /acme/app/-/git/compare/main...feature%2Fx',
        'GET /acme/app/-/git/branches',
        'POST /acme/app/-/git/branches',
        'GET /acme/app/-/git/branches/feature%2Fx',
        'GET /acme/app/-/git/branches/feature%2Fx',
        'DELETE /acme/app/-/git/branches/feature%2Fx',
        'GET /acme/app/-/git/tags',
        'POST /acme/app/-/git/tags',
        'GET /acme/app/-/git/tags/v1.0',
        'DELETE /acme/app/-/git/tags/v1.0',
      ]);
      expect(server.requests[1]?.query).toEqual({
        since: '2025-01-01T00:00:00Z',
        sha: 'main',
        page: '1',
        page_size: '100',
      });
      expect(server.requests[5]?.json).toEqual({ name: 'feature/x', start_point: 'main' });
    });
  });

  describe('issues, labels, comments, assignees', () => {
    it('covers every issue endpoint', async () => {
      const base = '/acme/app/-/issues';
      const label = { id: '9', name: 'type/bug', color: 'd73a4a', description: '' };
      const comment = {
        id: 'c1',
        body: 'On it',
        author: npc,
        created_at: '2025-02-01T00:00:00Z',
        updated_at: '2025-02-01T00:00:00Z',
      };
      server.json('GET', base, [issue(1), issue(2)]);
      server.json('POST', base, issue(3, { body: 'do it' }), 201);
      server.json('GET', `${base}/7`, issue(7, { body: 'details' }));
      server.json('PATCH', `${base}/7`, issue(7, { state: 'closed', state_reason: 'completed' }));
      server.json('GET', `${base}/7/labels`, [label]);
      // Published answers: one api.Label for an addition and for a removal.
      server.json('POST', `${base}/7/labels`, label);
      server.json('DELETE', `${base}/7/labels/type%2Fbug`, label);
      server.json('GET', `${base}/7/comments`, [comment]);
      server.json('POST', `${base}/7/comments`, comment, 201);
      server.json('GET', `${base}/7/assignees`, [npc]);
      // Published answers: the issue record (201 for an addition).
      server.json('POST', `${base}/7/assignees`, issue(7), 201);
      server.json('PATCH', `${base}/7/assignees`, issue(7));
      server.json('DELETE', `${base}/7/assignees`, issue(7));
      server.json('GET', '/acme/app/-/labels', [label]);
      server.json('POST', '/acme/app/-/labels', label, 201);

      const client = make();
      await expect(
        client.listIssues('acme/app', { state: 'open', assignees: '-', order_by: '-updated_at' }),
      ).resolves.toHaveLength(2);
      await expect(
        client.createIssue('acme/app', {
          title: 'Task',
          body: 'do it',
          labels: ['npc-task'],
          assignees: ['npc-builder'],
          work_mode: true,
        }),
      ).resolves.toMatchObject({ number: '3' });
      await expect(client.getIssue('acme/app', 7)).resolves.toMatchObject({
        number: '7',
        body: 'details',
      });
      await expect(
        client.updateIssue('acme/app', '7', { state: 'closed', state_reason: 'completed' }),
      ).resolves.toMatchObject({ state: 'closed' });
      await expect(client.listIssueLabels('acme/app', 7)).resolves.toEqual([label]);
      await expect(client.addIssueLabels('acme/app', 7, ['type/bug'])).resolves.toEqual(label);
      await expect(client.removeIssueLabel('acme/app', 7, 'type/bug')).resolves.toEqual(label);
      await expect(client.listComments('acme/app', 7, { sort: '-created_at' })).resolves.toEqual([
        comment,
      ]);
      await expect(client.createComment('acme/app', 7, 'On it')).resolves.toEqual(comment);
      await expect(client.getAssignees('acme/app', 7)).resolves.toEqual([npc]);
      await expect(client.addAssignees('acme/app', 7, ['npc-builder'])).resolves.toEqual(issue(7));
      await expect(client.replaceAssignees('acme/app', 7, ['npc-tester'])).resolves.toEqual(
        issue(7),
      );
      await expect(client.removeAssignees('acme/app', 7, ['npc-tester'])).resolves.toEqual(
        issue(7),
      );
      await expect(client.listRepoLabels('acme/app', { keyword: 'bug' })).resolves.toEqual([label]);
      await expect(
        client.createRepoLabel('acme/app', { name: 'type/bug', color: 'd73a4a' }),
      ).resolves.toEqual(label);

      expect(server.seen()).toEqual([
        `GET ${base}`,
        `POST ${base}`,
        `GET ${base}/7`,
        `PATCH ${base}/7`,
        `GET ${base}/7/labels`,
        `POST ${base}/7/labels`,
        `DELETE ${base}/7/labels/type%2Fbug`,
        `GET ${base}/7/comments`,
        `POST ${base}/7/comments`,
        `GET ${base}/7/assignees`,
        `POST ${base}/7/assignees`,
        `PATCH ${base}/7/assignees`,
        `DELETE ${base}/7/assignees`,
        'GET /acme/app/-/labels',
        'POST /acme/app/-/labels',
      ]);
      const [
        list,
        create,
        ,
        update,
        ,
        addLabels,
        ,
        comments,
        newComment,
        ,
        add,
        replace,
        remove,
        labels,
      ] = server.requests;
      expect(list?.query).toEqual({
        state: 'open',
        assignees: '-',
        order_by: '-updated_at',
        page: '1',
        page_size: '100',
      });
      expect(create?.json).toEqual({
        title: 'Task',
        body: 'do it',
        labels: ['npc-task'],
        assignees: ['npc-builder'],
        work_mode: true,
      });
      expect(update?.json).toEqual({ state: 'closed', state_reason: 'completed' });
      expect(addLabels?.json).toEqual({ labels: ['type/bug'] });
      expect(comments?.query).toMatchObject({ sort: '-created_at' });
      expect(newComment?.json).toEqual({ body: 'On it' });
      expect(add?.json).toEqual({ assignees: ['npc-builder'] });
      expect(replace?.json).toEqual({ assignees: ['npc-tester'] });
      expect(remove?.json).toEqual({ assignees: ['npc-tester'] });
      expect(remove?.headers['content-type']).toBe('application/json');
      expect(labels?.query).toMatchObject({ keyword: 'bug' });
    });

    it('uses the organization-wide issue list when the platform has it', async () => {
      server.json('GET', '/acme/-/issues', [issue(1, { repo: { path: 'acme/api' } })]);
      await expect(make().listOrgIssues('acme', { state: 'open' })).resolves.toEqual([
        issue(1, { repo: { path: 'acme/api' } }),
      ]);
      expect(server.seen()).toEqual(['GET /acme/-/issues']);
      expect(server.requests[0]?.query).toMatchObject({ state: 'open' });
    });

    it('falls back to one list per repository when the organization-wide list is 404', async () => {
      // No handler for /acme/-/issues: the recording server answers 404 errcode 5.
      server.json('GET', '/acme/-/repos', [repository('acme/api'), repository('acme/web')]);
      server.json('GET', '/acme/api/-/issues', [
        issue(1),
        issue(2, { created_at: '2025-03-01T00:00:00Z' }),
      ]);
      server.json('GET', '/acme/web/-/issues', [issue(3)]);
      const list = await make().listOrgIssues('acme', { state: 'open', order_by: '-created_at' });

      expect(server.seen().slice(0, 2)).toEqual(['GET /acme/-/issues', 'GET /acme/-/repos']);
      expect(server.seen().slice(2).sort()).toEqual([
        'GET /acme/api/-/issues',
        'GET /acme/web/-/issues',
      ]);
      expect(server.requests.slice(2).map((r) => r.query['state'])).toEqual(['open', 'open']);
      expect(list.map((i) => [i.number, i.repo?.path])).toEqual([
        ['2', 'acme/api'],
        ['3', 'acme/web'],
        ['1', 'acme/api'],
      ]);
    });

    it('skips a repository that refuses access in the fallback, and fails on a missing organization', async () => {
      server.json('GET', '/acme/-/repos', [repository('acme/api'), repository('acme/vault')]);
      server.json('GET', '/acme/api/-/issues', [issue(1)]);
      server.json('GET', '/acme/vault/-/issues', platformError(7, 'secret repository'), 403);
      const list: PlatformIssue[] = await make().listOrgIssues('acme');
      expect(list.map((i) => i.repo?.path)).toEqual(['acme/api']);
      expect(String((warn.mock.calls as unknown[][])[0]?.[0])).toContain('acme/vault');

      await expect(make().listOrgIssues('ghost')).rejects.toBeInstanceOf(PlatformNotFoundError);
    });
  });

  describe('repositories', () => {
    it('gets, updates, deletes and lists repositories', async () => {
      server.json('GET', '/acme/app', repository('acme/app'));
      server.json('PATCH', '/acme/app', repository('acme/app', { description: 'new' }));
      server.on('DELETE', '/acme/app', (_req, res) => reply(res, 200));
      server.json('GET', '/acme/-/repos', [repository('acme/app')]);
      server.json('GET', '/user/repos', [repository('acme/app')]);
      const client = make();
      await expect(client.getRepo('acme/app')).resolves.toEqual(repository('acme/app'));
      await expect(
        client.updateRepo('acme/app', { description: 'new', topics: ['a', 'b'] }),
      ).resolves.toMatchObject({ description: 'new' });
      await client.deleteRepo('acme/app');
      await expect(
        client.listRepos('acme', { order_by: 'last_updated_at', desc: true, search: 'ap' }),
      ).resolves.toHaveLength(1);
      await expect(client.listUserRepos()).resolves.toHaveLength(1);
      expect(server.seen()).toEqual([
        'GET /acme/app',
        'PATCH /acme/app',
        'DELETE /acme/app',
        'GET /acme/-/repos',
        'GET /user/repos',
      ]);
      expect(server.requests[1]?.json).toEqual({ description: 'new', topics: ['a', 'b'] });
      expect(server.requests[3]?.query).toEqual({
        order_by: 'last_updated_at',
        desc: 'true',
        search: 'ap',
        page: '1',
        page_size: '100',
      });
    });

    it('re-reads a repository the platform created without a body', async () => {
      server.on('POST', '/acme/-/repos', (_req, res) => reply(res, 201));
      server.json('GET', '/acme/tool', repository('acme/tool'));
      await expect(
        make().createRepo('acme', { name: 'tool', description: 'd', visibility: 'private' }),
      ).resolves.toEqual(repository('acme/tool'));
      expect(server.seen()).toEqual(['POST /acme/-/repos', 'GET /acme/tool']);
      expect(server.requests[0]?.json).toEqual({
        name: 'tool',
        description: 'd',
        visibility: 'private',
      });
    });

    it('re-reads after a PATCH that answers no body, and maps 10009 on create', async () => {
      server.on('PATCH', '/acme/app', (_req, res) => reply(res, 204));
      server.json('GET', '/acme/app', repository('acme/app'));
      server.json('POST', '/acme/-/repos', platformError(10009, 'path already exists'), 409);
      const client = make();
      await expect(client.updateRepo('acme/app', { site: 'https://x' })).resolves.toEqual(
        repository('acme/app'),
      );
      await expect(
        client.createRepo('acme', { name: 'app', visibility: 'public' }),
      ).rejects.toBeInstanceOf(PlatformConflictError);
      expect(server.seen()).toEqual(['PATCH /acme/app', 'GET /acme/app', 'POST /acme/-/repos']);
    });
  });

  describe('releases and events', () => {
    it('covers releases', async () => {
      server.json('GET', '/acme/app/-/releases', [release('v1.0')]);
      server.json('POST', '/acme/app/-/releases', release('v2.0'), 201);
      server.json('GET', '/acme/app/-/releases/latest', release('v2.0'));
      server.json('GET', '/acme/app/-/releases/tags/release%2F2025', release('release/2025'));
      const client = make();
      await expect(client.listReleases('acme/app')).resolves.toEqual([release('v1.0')]);
      await expect(
        client.createRelease('acme/app', { tag_name: 'v2.0', name: 'Two' }),
      ).resolves.toEqual(release('v2.0'));
      await expect(client.getLatestRelease('acme/app')).resolves.toEqual(release('v2.0'));
      await expect(client.getReleaseByTag('acme/app', 'release/2025')).resolves.toMatchObject({
        tag_name: 'release/2025',
      });
      expect(server.requests[1]?.json).toEqual({ tag_name: 'v2.0', name: 'Two' });
      expect(server.requests).toHaveLength(4);
    });

    it('reads events of a day and of an hour', async () => {
      const event = {
        id: 'e1',
        type: 'PushEvent',
        actor: { username: 'npc-builder', nickname: 'B' },
        repo: { path: 'acme/app' },
        created_at: '2025-02-01T09:10:00Z',
        payload: {},
      };
      server.json('GET', '/events/acme/app/-/2025-02-01', [event]);
      server.json('GET', '/events/acme/app/-/2025-02-01-9', [event]);
      const client = make();
      await expect(client.getEvents('acme/app', '2025-02-01')).resolves.toEqual([event]);
      await expect(client.getEvents('acme/app', '2025-02-01-9')).resolves.toEqual([event]);
      expect(server.seen()).toEqual([
        'GET /events/acme/app/-/2025-02-01',
        'GET /events/acme/app/-/2025-02-01-9',
      ]);
      await expect(client.getEvents('acme/app', '2025-2-1')).rejects.toBeInstanceOf(InvalidError);
      await expect(client.getEvents('acme/app', '2025-02-01-24')).rejects.toBeInstanceOf(
        InvalidError,
      );
      expect(server.requests).toHaveLength(2);
    });
  });

  describe('user and organizations', () => {
    it('covers the user, groups, orgs and organization endpoints', async () => {
      const user = {
        id: '1',
        username: 'admin',
        nickname: 'Admin',
        avatar: '',
        email: '',
        bio: '',
        created_at: '2024-01-01T00:00:00Z',
        type: 0,
      };
      server.json('GET', '/user', user);
      server.json('GET', '/user/groups', [organization('acme')]);
      server.json('GET', '/user/orgs', [organization('acme'), organization('beta')]);
      // Published answer: 201 with no body; the client reads the group back.
      server.on('POST', '/groups', (_req, res) => reply(res, 201));
      server.json('GET', '/gamma', organization('gamma'));
      server.json('GET', '/acme', organization('acme'));
      const client = make();
      await expect(client.getCurrentUser()).resolves.toEqual(user);
      await expect(client.listUserGroups()).resolves.toEqual([organization('acme')]);
      await expect(client.listUserOrgs()).resolves.toHaveLength(2);
      await expect(client.createGroup({ path: 'gamma', remark: 'Gamma' })).resolves.toEqual(
        organization('gamma'),
      );
      await expect(client.getOrganization('acme')).resolves.toEqual(organization('acme'));
      expect(server.seen()).toEqual([
        'GET /user',
        'GET /user/groups',
        'GET /user/orgs',
        'POST /groups',
        'GET /gamma',
        'GET /acme',
      ]);
      expect(server.requests[3]?.json).toEqual({ path: 'gamma', remark: 'Gamma' });
    });

    it('falls back from /user/groups to /user/orgs on 404', async () => {
      server.json('GET', '/user/orgs', [organization('acme')]);
      await expect(make().listUserGroups()).resolves.toEqual([organization('acme')]);
      expect(server.seen()).toEqual(['GET /user/groups', 'GET /user/orgs']);
    });
  });

  describe('pulls and credits', () => {
    it('covers pulls, with the organization-wide fallback', async () => {
      server.json('GET', '/acme/app/-/pulls', [pull(1)]);
      server.json('POST', '/acme/app/-/pulls', pull(2), 201);
      server.json('GET', '/acme/-/repos', [repository('acme/app')]);
      const client = make();
      await expect(client.listPulls('acme/app', { state: 'all' })).resolves.toEqual([pull(1)]);
      await expect(
        client.createPull('acme/app', { base: 'main', head: 'feature/x', title: 'X' }),
      ).resolves.toEqual(pull(2));
      server.requests.length = 0;
      await expect(client.listOrgPulls('acme', { state: 'open' })).resolves.toEqual([
        { ...pull(1), repo: { path: 'acme/app' } },
      ]);
      expect(server.seen()).toEqual([
        'GET /acme/-/pulls',
        'GET /acme/-/repos',
        'GET /acme/app/-/pulls',
      ]);
      expect(server.requests[2]?.query).toMatchObject({ state: 'open' });
    });

    it('reads the special amount and the ledger', async () => {
      const entry = {
        id: 'l1',
        amount: -2,
        balance: 98,
        kind: 'spend',
        note: 'model call',
        created_at: '2025-02-01T00:00:00Z',
      };
      server.json('GET', '/acme/-/charge/special-amount', { credit: 98 });
      server.json('GET', '/acme/-/charge/ledger', [entry]);
      const client = make();
      await expect(client.getSpecialAmount('acme')).resolves.toEqual({ credit: 98 });
      await expect(client.getLedger('acme', new Date('2025-01-01T00:00:00Z'))).resolves.toEqual([
        entry,
      ]);
      expect(server.requests[1]?.query).toMatchObject({ since: '2025-01-01T00:00:00.000Z' });
      await expect(client.getLedger('acme', 'yesterday')).rejects.toBeInstanceOf(InvalidError);
      expect(server.requests).toHaveLength(2);
    });
  });

  describe('validation before any request', () => {
    const refused: [string, (c: PlatformTestClient) => Promise<unknown>, string][] = [
      ['a ".." file path', (c) => c.getContents('acme/app', '../secrets'), 'path'],
      ['a "%2e%2e" file path', (c) => c.getContents('acme/app', 'docs/%2e%2e/x'), 'path'],
      ['a NUL in a file path', (c) => c.getRaw('acme/app', 'main', 'a\u0000b'), 'path'],
      ['an empty path segment', (c) => c.getRaw('acme/app', 'main', 'a//b'), 'path'],
      ['a ref starting with "-"', (c) => c.getRaw('acme/app', '--upload-pack=x', 'a.txt'), 'ref'],
      ['a "-" branch', (c) => c.getBranch('acme/app', '-f'), 'branch'],
      ['a "-" tag', (c) => c.deleteTag('acme/app', '-d'), 'tag'],
      ['a ".." compare base', (c) => c.compare('acme/app', 'main..x', 'y'), 'base'],
      ['a "-" ref query', (c) => c.getRootContents('acme/app', '-x'), 'ref'],
      ['a bad repository name', (c) => c.getRepo('acme/app/extra'), 'repo'],
      ['a repository in a reserved org', (c) => c.getRepo('user/repos'), 'repo'],
      ['a bad organization slug', (c) => c.listOrgIssues('../acme'), 'org'],
      ['a reserved organization', (c) => c.getOrganization('groups'), 'org'],
      ['a bad issue number', (c) => c.getIssue('acme/app', '7/../8'), 'number'],
      ['a zero issue number', (c) => c.getIssue('acme/app', 0), 'number'],
      ['a "." label', (c) => c.removeIssueLabel('acme/app', 1, '..'), 'label'],
      [
        'an unknown upload kind',
        (c) => c.createUploadUrl('acme/app', 'docs' as 'files', { name: 'a', size: 1 }),
        'kind',
      ],
      [
        'a non-http upload URL',
        (c) => c.uploadBytes('file:///etc/passwd', Buffer.from('x')),
        'uploadUrl',
      ],
      ['a bad new branch name', (c) => c.createBranch('acme/app', { name: '-x' }), 'name'],
      [
        'a bad new repository name',
        (c) => c.createRepo('acme', { name: '../x', visibility: 'public' }),
        'name',
      ],
    ];

    it.each(refused)(
      'refuses %s with InvalidError naming the parameter',
      async (_what, call, param) => {
        const error = await call(make()).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidError);
        expect((error as InvalidError).detail).toEqual({ param });
        expect(server.requests).toHaveLength(0);
      },
    );
  });

  describe('gitRemoteUrl', () => {
    it('puts the URL-encoded user and token before the host, without .git', () => {
      const client = make({ token: 'a/b:c@d', gitBaseUrl: 'https://git.example.com' });
      expect(client.gitRemoteUrl('acme/app', 'npc builder')).toBe(
        'https://npc%20builder:a%2Fb%3Ac%40d@git.example.com/acme/app',
      );
    });

    it('keeps a port and a path prefix of the git base URL', () => {
      const client = make({ token: 'tok', gitBaseUrl: 'http://127.0.0.1:3001/git/' });
      expect(client.gitRemoteUrl('acme/app', 'admin')).toBe(
        'http://admin:tok@127.0.0.1:3001/git/acme/app',
      );
    });

    it('refuses a bad repository name', () => {
      expect(() => make().gitRemoteUrl('acme', 'admin')).toThrow(InvalidError);
    });
  });
});
