import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  PlatformConflictError,
  PlatformForbiddenError,
  PlatformInvalidError,
} from '../../server/board/platform/platform.errors';
import type { PlatformTestClient } from '../platform-test-client';
import { runCli } from '../../server/forge/cli/forge-cli';
import { loadForgeConfig } from '../../server/forge/config/forge-config';
import { createForgeApp, forgeAdminToken } from '../../server/forge/forge-app';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';

describe('forge: pull requests', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    await admin.createRepo('acme', { name: 'backend', visibility: 'private' });
  });
  afterEach(() => forge.stop());

  it('records pulls (201) and lists them by state, per repository and organization-wide', async () => {
    const first = await admin.createPull('acme/web', {
      base: 'main',
      head: 'feature/login',
      title: 'Login',
      body: 'Adds login',
    });
    expect(first).toMatchObject({
      number: '1',
      state: 'open',
      base: { ref: 'main' },
      head: { ref: 'feature/login' },
      author: { username: 'admin' },
    });
    await admin.createPull('acme/backend', { base: 'main', head: 'fix/crash', title: 'Fix crash' });
    expect((await admin.getRepo('acme/web')).open_pull_request_count).toBe(1);
    expect((await admin.listPulls('acme/web')).map((pull) => pull.title)).toEqual(['Login']);
    expect(await admin.listPulls('acme/web', { state: 'closed' })).toEqual([]);
    expect((await admin.listPulls('acme/web', { state: 'all' })).length).toBe(1);
    const orgWide = await admin.listOrgPulls('acme');
    expect(orgWide.map((pull) => pull.repo?.path).sort()).toEqual(['acme/backend', 'acme/web']);
  });

  it('refuses a duplicate open pull (10009), a bad branch (400) and callers below Developer (7)', async () => {
    await admin.createPull('acme/web', { base: 'main', head: 'feature/login', title: 'Login' });
    await admin.createPull('acme/backend', { base: 'main', head: 'fix/crash', title: 'Fix crash' });
    await expect(
      admin.createPull('acme/web', { base: 'main', head: 'feature/login', title: 'Again' }),
    ).rejects.toBeInstanceOf(PlatformConflictError);
    const response = await fetch(`${forge.baseUrl}/acme/web/-/pulls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forge.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ base: 'main', head: '-x', title: 'x' }),
    });
    expect(response.status).toBe(400);
    await expect(
      admin.createPull('acme/web', { base: 'main', head: 'main', title: 'Self' }),
    ).rejects.toBeInstanceOf(PlatformInvalidError);
    forge.createUser('rita');
    forge.setRole('acme', 'rita', 'Reporter');
    const rita = forgeClient(forge, forge.createToken('rita'));
    await expect(
      rita.createPull('acme/web', { base: 'main', head: 'x', title: 'x' }),
    ).rejects.toBeInstanceOf(PlatformForbiddenError);
    expect(await rita.listPulls('acme/backend')).toHaveLength(1);
  });
});

describe('forge: command line and restarts', () => {
  let dataDir: string;
  let logs: string[];

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-cli-'));
    logs = [];
    jest
      .spyOn(console, 'log')
      .mockImplementation((...args: unknown[]) => void logs.push(args.join(' ')));
    jest
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void logs.push(args.join(' ')));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const config = () => loadForgeConfig({ DATA_DIR: dataDir, FORGE_SEED: 'none', FORGE_PORT: '0' });

  it('adds users, organizations, roles, tokens and credits, printing a token only once', async () => {
    expect(await runCli(config(), ['user', 'add', 'zoe', '--npc', '--nickname', 'Zoe Bot'])).toBe(
      0,
    );
    expect(await runCli(config(), ['org', 'add', 'shop', '--remark', 'The Shop'])).toBe(0);
    expect(await runCli(config(), ['role', 'set', 'shop', 'zoe', 'master'])).toBe(0);
    expect(
      await runCli(config(), ['credits', 'topup', 'shop', '125.5', '--note', 'Invoice 7']),
    ).toBe(0);
    logs = [];
    expect(
      await runCli(config(), ['token', 'add', 'zoe', '--scopes', 'group-resource:r,repo-code:r']),
    ).toBe(0);
    const token = logs[0];
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const app = await createForgeApp(config(), { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
      const get = (route: string) =>
        fetch(base + route, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
          r.json(),
        );
      expect(await get('/user')).toMatchObject({ username: 'zoe', nickname: 'Zoe Bot', type: 3 });
      expect(await get('/shop')).toMatchObject({ remark: 'The Shop', access_role: 'Master' });
      expect(await get('/shop/-/charge/special-amount')).toMatchObject({ credit: 125.5 });
      expect(await get('/shop/-/charge/ledger')).toMatchObject([
        { amount: 125.5, balance: 125.5, kind: 'topup', note: 'Invoice 7' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('reports bad commands: usage (2) and domain errors (1)', async () => {
    expect(await runCli(config(), ['frobnicate'])).toBe(2);
    expect(await runCli(config(), ['token', 'add', 'admin'])).toBe(2);
    expect(
      await runCli(config(), ['token', 'add', 'admin', '--scopes', 'repo-everything:rw']),
    ).toBe(2);
    expect(await runCli(config(), ['user', 'add', 'user'])).toBe(1);
    expect(await runCli(config(), ['credits', 'topup', 'nowhere', '5'])).toBe(1);
    expect(await runCli(config(), ['help'])).toBe(0);
    expect(logs.join('\n')).toContain('token add <user>');
  });

  it('keeps the generated admin token (mode 0600) across restarts and seeds only once', async () => {
    const demo = loadForgeConfig({
      DATA_DIR: dataDir,
      FORGE_SEED: 'demo',
      FORGE_SEED_EPOCH: '2025-06-01T12:00:00Z',
    });
    const first = await createForgeApp(demo, { logger: false });
    const token = forgeAdminToken(first);
    await first.close();
    const file = path.join(dataDir, 'forge', 'admin-token');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(token);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = await createForgeApp(demo, { logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(forgeAdminToken(second)).toBe(token);
      const base = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}`;
      const response = await fetch(`${base}/user/groups?page_size=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.headers.get('x-total-count')).toBe('10');
    } finally {
      await second.close();
    }
    const fixed = loadForgeConfig({
      DATA_DIR: dataDir,
      FORGE_SEED: 'demo',
      FORGE_ADMIN_TOKEN: 'a-fixed-admin-token-0123',
    });
    const third = await createForgeApp(fixed, { logger: false });
    expect(forgeAdminToken(third)).toBe('a-fixed-admin-token-0123');
    await third.close();
  });
});
