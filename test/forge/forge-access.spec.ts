import * as fs from 'node:fs';
import * as path from 'node:path';
import { ErrCode } from '@shared/platform/types';
import {
  PlatformConflictError,
  PlatformForbiddenError,
  PlatformInvalidError,
  PlatformNotFoundError,
  PlatformUnauthorizedError,
} from '../../server/board/platform/platform.errors';
import type { PlatformTestClient } from '../platform-test-client';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

describe('forge: users, organizations, repositories and access', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme', remark: 'Acme Inc', description: 'Test org' });
    forge.createUser('erin');
    forge.createUser('npc-one', { npc: true });
    forge.setRole('acme', 'erin', 'Reporter');
  });
  afterEach(() => forge.stop());

  /** Each test starts from a fresh forge; those that need the public `acme/web` make it. */
  const publicRepo = () => admin.createRepo('acme', { name: 'web', visibility: 'public' });

  it('describes the token user, and refuses a missing or unknown token with errcode 16', async () => {
    const me = await admin.getCurrentUser();
    expect(me).toMatchObject({ username: 'admin', type: 0 });
    expect(me.avatar).toBe(`${forge.baseUrl}/-/avatars/admin.svg`);
    await expect(forgeClient(forge, 'not-a-token').getCurrentUser()).rejects.toBeInstanceOf(
      PlatformUnauthorizedError,
    );
    const anonymous = await call(forge, 'GET', '/user', { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ errcode: ErrCode.Unauthorized, errparam: {} });
    expect(typeof (anonymous.body as { errmsg: string }).errmsg).toBe('string');
  });

  it('marks NPC users as robots', async () => {
    const npc = forgeClient(forge, forge.createToken('npc-one'));
    expect(await npc.getCurrentUser()).toMatchObject({ username: 'npc-one', type: 3 });
  });

  it('lists the organizations of the caller with their role, under both paths', async () => {
    const groups = await admin.listUserGroups();
    expect(groups.map((org) => org.path)).toEqual(['acme']);
    expect(groups[0]).toMatchObject({
      remark: 'Acme Inc',
      access_role: 'Owner',
      member_count: 2,
      sub_repo_count: 0,
    });
    expect(await admin.listUserOrgs()).toEqual(groups);
    const erin = forgeClient(forge, forge.createToken('erin'));
    expect((await erin.getOrganization('acme')).access_role).toBe('Reporter');
    // The published filters: a path fragment, and a least role.
    const erinToken = forge.createToken('erin');
    const paths = async (query: string): Promise<string[]> =>
      (
        (await call(forge, 'GET', `/user/groups?${query}`, { token: erinToken })).body as {
          path: string;
        }[]
      ).map((org) => org.path);
    expect(await paths('search=cm')).toEqual(['acme']);
    expect(await paths('search=zzz')).toEqual([]);
    expect(await paths('role=Reporter')).toEqual(['acme']);
    expect(await paths('role=Developer')).toEqual([]);
    expect((await call(forge, 'GET', '/user/groups?role=King', { token: erinToken })).status).toBe(
      400,
    );
  });

  it('creates organizations, refusing reserved and taken names', async () => {
    const created = await admin.createGroup({ path: 'Beta-Team', remark: 'Beta' });
    expect(created).toMatchObject({ path: 'Beta-Team', name: 'Beta-Team', access_role: 'Owner' });
    await expect(admin.createGroup({ path: 'beta-team' })).rejects.toBeInstanceOf(
      PlatformConflictError,
    );
    await expect(admin.createGroup({ path: 'erin' })).rejects.toBeInstanceOf(PlatformConflictError);
    for (const reserved of ['user', 'groups', 'metrics', 'healthz', 'events']) {
      const response = await call(forge, 'POST', '/groups', { body: { path: reserved } });
      expect(response.status).toBe(400);
      expect((response.body as { errmsg: string }).errmsg).toContain('reserved');
    }
    await expect(admin.getOrganization('no-such-org')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
    // A user's namespace is not an organization.
    await expect(admin.getOrganization('erin')).rejects.toBeInstanceOf(PlatformNotFoundError);
  });

  it('creates a repository with a bare git folder, and answers 10009 for a duplicate', async () => {
    const repo = await admin.createRepo('acme', {
      name: 'web',
      description: 'Site',
      visibility: 'public',
    });
    expect(repo).toMatchObject({
      name: 'web',
      path: 'acme/web',
      visibility_level: 'Public',
      web_url: `${forge.baseUrl}/acme/web`,
      open_issue_count: 0,
      open_pull_request_count: 0,
      last_updated_at: { valid: false },
      status: 0,
    });
    const bare = path.join(forge.dataDir, 'forge', 'repos', 'acme', 'web.git');
    expect(fs.readFileSync(path.join(bare, 'HEAD'), 'utf8').trim()).toBe('ref: refs/heads/main');
    const duplicate = await call(forge, 'POST', '/acme/-/repos', {
      body: { name: 'WEB', visibility: 'private' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ errcode: ErrCode.Conflict });
    await expect(
      admin.createRepo('acme', { name: 'web', visibility: 'public' }),
    ).rejects.toBeInstanceOf(PlatformConflictError);
  });

  it('updates and deletes a repository (record and folder)', async () => {
    await admin.createRepo('acme', { name: 'tmp-repo', visibility: 'private' });
    const updated = await admin.updateRepo('acme/tmp-repo', {
      description: 'new',
      topics: ['a', 'b'],
      license: 'MIT',
      site: 'https://x.test',
    });
    expect(updated).toMatchObject({
      description: 'new',
      topics: 'a,b',
      license: 'MIT',
      site: 'https://x.test',
    });
    await admin.deleteRepo('acme/tmp-repo');
    await expect(admin.getRepo('acme/tmp-repo')).rejects.toBeInstanceOf(PlatformNotFoundError);
    expect(fs.existsSync(path.join(forge.dataDir, 'forge', 'repos', 'acme', 'tmp-repo.git'))).toBe(
      false,
    );
  });

  it('keeps private repositories from anonymous callers (16) and from non-members (7)', async () => {
    await publicRepo();
    await admin.createRepo('acme', { name: 'internal', visibility: 'private' });
    expect((await call(forge, 'GET', '/acme/web', { token: null })).status).toBe(200);
    const anonymous = await call(forge, 'GET', '/acme/internal', { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ errcode: ErrCode.Unauthorized });
    forge.createUser('outsider');
    const outsider = forgeClient(forge, forge.createToken('outsider'));
    await expect(outsider.getRepo('acme/internal')).rejects.toBeInstanceOf(PlatformForbiddenError);
    expect((await outsider.getRepo('acme/web')).path).toBe('acme/web');
    expect((await outsider.listRepos('acme')).map((repo) => repo.name)).toEqual(['web']);
    expect((await call(forge, 'GET', '/acme/-/repos', { token: null })).body).toHaveLength(1);
  });

  it('refuses token access to secret repositories with errcode 7', async () => {
    await publicRepo(); // so that the lists below have something besides the secret one
    // Through raw HTTP: the client re-reads a created repository, which a secret one refuses.
    const created = await call(forge, 'POST', '/acme/-/repos', {
      body: { name: 'vault', visibility: 'secret' },
    });
    expect(created.status).toBe(201);
    const response = await call(forge, 'GET', '/acme/vault');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ errcode: ErrCode.Forbidden });
    await expect(admin.listIssues('acme/vault')).rejects.toBeInstanceOf(PlatformForbiddenError);
    // No token can open it, so no list names it: not the organization's, not the caller's.
    expect((await admin.listRepos('acme')).map((repo) => repo.name)).not.toContain('vault');
    expect(
      ((await call(forge, 'GET', '/user/repos')).body as { name: string }[]).map(
        (repo) => repo.name,
      ),
    ).not.toContain('vault');
    forge.createUser('guest-of-acme');
    forge.setRole('acme', 'guest-of-acme', 'Guest');
    const guest = forge.createToken('guest-of-acme');
    // `/user/repos` lists the caller's own repositories unless a lesser role is asked for.
    for (const route of ['/acme/-/repos', '/user/repos?role=Guest']) {
      const listed = (await call(forge, 'GET', route, { token: guest })).body as { name: string }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.map((repo) => repo.name)).not.toContain('vault');
    }
  });

  it('checks token scopes (7) and organization roles (7)', async () => {
    await publicRepo();
    const readOnly = forgeClient(forge, forge.createToken('admin', ['repo-code:r']));
    expect((await readOnly.getRepo('acme/web')).name).toBe('web');
    await expect(
      readOnly.createRepo('acme', { name: 'nope', visibility: 'public' }),
    ).rejects.toBeInstanceOf(PlatformForbiddenError);
    await expect(readOnly.listUserGroups()).rejects.toBeInstanceOf(PlatformForbiddenError);
    const reporter = forgeClient(forge, forge.createToken('erin'));
    const refused = reporter.createRepo('acme', { name: 'nope', visibility: 'public' });
    await expect(refused).rejects.toBeInstanceOf(PlatformForbiddenError);
    await expect(refused).rejects.toMatchObject({ errcode: ErrCode.Forbidden, status: 403 });
    expect(fs.existsSync(path.join(forge.dataDir, 'forge', 'repos', 'acme', 'nope.git'))).toBe(
      false,
    );
  });

  /** The organization `listing` with four public repositories, made in a scrambled order. */
  async function listingOrg(): Promise<void> {
    await admin.createGroup({ path: 'listing' });
    for (const name of ['delta', 'alpha', 'charlie', 'bravo']) {
      await admin.createRepo('listing', {
        name,
        description: name === 'charlie' ? 'has the needle' : '',
        visibility: 'public',
      });
    }
  }

  it('lists repositories with search, order, direction and paging', async () => {
    await listingOrg();
    const names = async (query: object): Promise<string[]> =>
      (await admin.listRepos('listing', query)).map((repo) => repo.name);
    // The published default: by last update, ascending (none has a commit: by creation).
    expect(await names({})).toEqual(['delta', 'alpha', 'charlie', 'bravo']);
    expect(await names({ order_by: 'created_at', desc: false })).toEqual([
      'delta',
      'alpha',
      'charlie',
      'bravo',
    ]);
    expect(await names({ order_by: 'slug_path' })).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    expect(await names({ order_by: 'slug_path', desc: true })).toEqual([
      'delta',
      'charlie',
      'bravo',
      'alpha',
    ]);
    expect(await names({ order_by: 'last_updated_at', desc: true })).toEqual([
      'bravo',
      'charlie',
      'alpha',
      'delta',
    ]);
    expect(await names({ order_by: 'stars', desc: false })).toEqual([
      'delta',
      'alpha',
      'charlie',
      'bravo',
    ]);
    expect(await names({ search: 'needle' })).toEqual(['charlie']);
    expect(await names({ search: 'ALPH' })).toEqual(['alpha']);
    expect(await names({ order_by: 'slug_path', page: 2, page_size: 3 })).toEqual(['delta']);
    const page = await call(forge, 'GET', '/listing/-/repos?page_size=2&page=0');
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.body).toHaveLength(2);
    await expect(admin.listRepos('listing', { order_by: 'size' as never })).rejects.toBeInstanceOf(
      PlatformInvalidError,
    );
  });

  it('filters repository lists by the published visibility, status, flags and descendant filters', async () => {
    await listingOrg();
    await admin.createRepo('listing', { name: 'echo', visibility: 'private' });
    const names = async (query: string): Promise<string[]> =>
      (
        (await call(forge, 'GET', `/listing/-/repos?order_by=slug_path&${query}`)).body as {
          name: string;
        }[]
      ).map((repo) => repo.name);
    expect(await names('filter_type=private')).toEqual(['echo']);
    expect(await names('filter_type=public')).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    expect(await names('filter_type=secret')).toEqual([]);
    expect(await names('status=active')).toHaveLength(5);
    expect(await names('status=archived')).toEqual([]);
    // No forge repository carries feature flags; organizations have no grandchildren.
    expect(await names('flags=NPC&flags_match=union')).toEqual([]);
    expect(await names('descendant=grand')).toEqual([]);
    expect(await names('descendant=all')).toHaveLength(5);
    const byForks = await call(forge, 'GET', '/listing/-/repos?order_by=forks&desc=false');
    expect(byForks.body).toHaveLength(5);
    for (const bad of ['filter_type=hidden', 'status=gone', 'flags=Magic', 'descendant=cousin']) {
      const answer = await call(forge, 'GET', `/listing/-/repos?${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errparam: { field: bad.split('=')[0] } });
    }
  });

  it('lists the repositories of the caller and of a user namespace', async () => {
    await admin.createGroup({ path: 'listing' });
    const erinClient = forgeClient(forge, forge.createToken('erin'));
    expect((await erinClient.listUserRepos()).every((repo) => repo.path.startsWith('acme/'))).toBe(
      true,
    );
    await erinClient.createRepo('erin', { name: 'dotfiles', visibility: 'public' });
    expect((await admin.listRepos('erin')).map((repo) => repo.path)).toEqual(['erin/dotfiles']);
    expect((await erinClient.listUserRepos()).map((repo) => repo.path)).toContain('erin/dotfiles');
    await expect(
      erinClient.createRepo('listing', { name: 'x', visibility: 'public' }),
    ).rejects.toBeInstanceOf(PlatformForbiddenError);
  });

  it('serves avatars and health without a token, and counts API routes by pattern', async () => {
    await publicRepo();
    const avatar = await call(forge, 'GET', '/-/avatars/acme.svg', {
      token: null,
      headers: { accept: 'image/*' },
    });
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
    expect(avatar.text).toContain('<svg');
    expect((await call(forge, 'GET', '/healthz', { token: null })).body).toEqual({ status: 'ok' });
    const before = await forge.requestCount({ route: '/:org/:repo', method: 'GET', status: 200 });
    await admin.getRepo('acme/web');
    await admin.getRepo('acme/web');
    expect(await forge.requestCount({ route: '/:org/:repo', method: 'GET', status: 200 })).toBe(
      before + 2,
    );
    const keys = [...(await forge.metrics()).keys()];
    expect(keys.some((key) => key.includes('/metrics') || key.includes('/healthz'))).toBe(false);
  });
});
