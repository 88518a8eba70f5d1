import * as fs from 'node:fs';
import * as path from 'node:path';
import { ErrCode } from '@shared/platform/types';
import {
  PlatformRateLimitedError,
  PlatformUpstreamError,
} from '../../server/board/platform/platform.errors';
import { ManualClock, RandomSource } from '../../server/forge/common/clock';
import { ForgeBootstrap } from '../../server/forge/forge-bootstrap';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call, rawRequest } from './http';

/** Answers a fixed sequence, then keeps answering its last value. */
class ScriptedRandom extends RandomSource {
  constructor(private readonly values: number[]) {
    super();
  }

  next(): number {
    return this.values.length > 1 ? (this.values.shift() as number) : this.values[0];
  }
}

describe('forge: errors, hostile input and operational behaviour', () => {
  let forge: HarnessForge;

  beforeAll(async () => {
    forge = await startForge({ seed: 'none' });
    const admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
  });
  afterAll(() => forge.stop());

  /** The issues of acme/web: another test here creates one, so tests compare before and after. */
  const issueTitles = async (): Promise<string[]> =>
    (await forgeClient(forge).listIssues('acme/web')).map((i) => i.title);

  it('answers unknown routes with 404 and errcode 5', async () => {
    for (const [method, route] of [
      ['GET', '/a/b/c/d/e/f'],
      ['GET', '/-/nothing'],
      ['POST', '/user'],
      ['GET', '/acme/web/-/nope'],
      ['GET', '/groups'],
    ]) {
      const response = await call(forge, method, route);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ errcode: ErrCode.NotFound, errparam: {} });
    }
  });

  it('accepts JSON Accept headers and answers 406 to any other explicit type on JSON routes', async () => {
    for (const accept of [
      undefined,
      '*/*',
      'application/json',
      'application/vnd.gitcode.api+json',
      'application/json, text/plain, */*',
      'application/*',
    ]) {
      const response = await call(forge, 'GET', '/acme/web', { headers: accept ? { accept } : {} });
      expect(response.status).toBe(200);
    }
    for (const accept of ['text/html', 'application/xml', 'text/plain, image/png']) {
      const response = await call(forge, 'GET', '/acme/web', { headers: { accept } });
      expect(response.status).toBe(406);
      expect(response.body).toMatchObject({ errcode: 406 });
    }
    expect(
      (await call(forge, 'GET', '/-/avatars/acme.svg', { headers: { accept: 'image/svg+xml' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(forge, 'GET', '/metrics', { headers: { accept: 'text/plain' } })).status,
    ).toBe(200);
  });

  it('refuses hostile names and paths with 4xx and writes nothing', async () => {
    const issuesBefore = await issueTitles();
    const hostileNames = [
      '..',
      '../x',
      '%2e%2e',
      'a\u0000b',
      'x'.repeat(101),
      '-rf',
      'x.git',
      'a/b',
      ' ',
      '.hidden',
    ];
    for (const name of hostileNames) {
      const repo = await call(forge, 'POST', '/acme/-/repos', {
        body: { name, visibility: 'public' },
      });
      expect(repo.status).toBe(400);
      const org = await call(forge, 'POST', '/groups', { body: { path: name } });
      expect(org.status).toBe(400);
    }
    for (const rawPath of [
      '/acme/..',
      '/acme/%2e%2e',
      '/acme/%2E%2E/-/issues',
      '/%2e%2e/-/repos',
      '/acme/web%00',
      '/acme/%00/-/issues',
      '/acme/web/-/issues/1%00',
      `/acme/${'x'.repeat(5000)}`,
      '/acme/..%2f..%2fetc/-/issues',
    ]) {
      const response = await rawRequest(forge, 'GET', rawPath);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const write = await rawRequest(forge, 'POST', '/acme/%2e%2e/-/issues', {
      body: JSON.stringify({ title: 'x' }),
    });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.status).toBeLessThan(500);

    const root = path.join(forge.dataDir, 'forge');
    expect(fs.readdirSync(root).sort()).toEqual([
      'admin-token',
      'forge.sqlite',
      'forge.sqlite-shm',
      'forge.sqlite-wal',
      'repos',
    ]);
    expect(fs.readdirSync(path.join(root, 'repos'))).toEqual(['acme']);
    expect(fs.readdirSync(path.join(root, 'repos', 'acme'))).toEqual(['web.git']);
    expect(fs.readdirSync(forge.dataDir)).toEqual(['forge']);
    const repos = await forgeClient(forge).listRepos('acme');
    expect(repos.map((repo) => repo.name)).toEqual(['web']);
    expect((await forgeClient(forge).listUserGroups()).map((org) => org.path)).toEqual(['acme']);
    expect(await issueTitles()).toEqual(issuesBefore);
  });

  it('answers 413 with an errcode body to bodies over 1 MiB, and 400 to broken JSON', async () => {
    const issuesBefore = await issueTitles();
    const big = await call(forge, 'POST', '/acme/web/-/issues', {
      body: { title: 'x', body: 'y'.repeat(1_100_000) },
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ errcode: 413 });
    const broken = await call(forge, 'POST', '/acme/web/-/issues', { rawBody: '{"title": ' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ errcode: 400 });
    const notAnObject = await call(forge, 'POST', '/acme/web/-/issues', { rawBody: '["title"]' });
    expect(notAnObject.status).toBe(400);
    const text = await call(forge, 'POST', '/acme/web/-/issues', {
      rawBody: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ errcode: 415 });
    const proto = await call(forge, 'POST', '/acme/web/-/issues', {
      rawBody: '{"title":"x","__proto__":{"admin":true}}',
    });
    expect(proto.status).toBe(400);
    expect(await issueTitles()).toEqual(issuesBefore);
  });

  it('refuses JSON nested deeper than 64 levels with 400 before validation', async () => {
    // About 1 MB of brackets: parsed naively, this overflows the stack.
    const hostile = `{"title":"x","a":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    const deep = await call(forge, 'POST', '/acme/web/-/issues', { rawBody: hostile });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({
      errcode: 400,
      errmsg: 'body is nested deeper than 64 levels',
    });
    const nested = (levels: number): string =>
      `{"title":"x","a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const past = await call(forge, 'POST', '/acme/web/-/issues', { rawBody: nested(65) });
    expect(past.body).toMatchObject({ errmsg: 'body is nested deeper than 64 levels' });
    // At the limit the body is read; the unknown field holding the nesting is ignored.
    const atLimit = await call(forge, 'POST', '/acme/web/-/issues', { rawBody: nested(64) });
    expect(atLimit.status).toBe(201);
    // Brackets inside strings are text, not nesting.
    const text = await call(forge, 'POST', '/acme/web/-/issues', {
      rawBody: JSON.stringify({ title: '['.repeat(100), body: '{\\"['.repeat(100) }),
    });
    expect(text.status).toBe(201);
    expect(await forge.requestCount({ status: 500 })).toBe(0);
  });
});

describe('forge: rate limit', () => {
  const clock = new ManualClock('2025-01-01T00:00:10.000Z');
  let forge: HarnessForge;

  beforeAll(async () => {
    forge = await startForge({ seed: 'none', rateLimit: 3, clock });
  });
  afterAll(() => forge.stop());

  it('answers 429 with Retry-After past the limit, per token, and lets the next minute through', async () => {
    for (let i = 0; i < 3; i++) expect((await call(forge, 'GET', '/user')).status).toBe(200);
    const limited = await call(forge, 'GET', '/user');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.body).toMatchObject({ errcode: ErrCode.RateLimited });
    await expect(forgeClient(forge).getCurrentUser()).rejects.toBeInstanceOf(
      PlatformRateLimitedError,
    );
    // Another token, and anonymous callers, have their own budgets; health and metrics have none.
    forge.createUser('other');
    expect((await call(forge, 'GET', '/user', { token: forge.createToken('other') })).status).toBe(
      200,
    );
    expect((await call(forge, 'GET', '/healthz', { token: null })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await call(forge, 'GET', '/metrics', { token: null })).status).toBe(200);
    clock.advance(50_000);
    expect((await call(forge, 'GET', '/user')).status).toBe(200);
  });
});

describe('forge: injected faults and latency', () => {
  it('fails API calls with 500 or 503 at FORGE_FAULT_RATE, never health or metrics', async () => {
    const forge = await startForge({
      seed: 'none',
      faultRate: 0.5,
      random: new ScriptedRandom([0.1, 0.2, 0.1, 0.7, 0.9]),
    });
    try {
      const first = await call(forge, 'GET', '/user');
      expect(first.status).toBe(500);
      expect(first.body).toMatchObject({ errcode: 500 });
      expect((await call(forge, 'GET', '/user')).status).toBe(503);
      expect((await call(forge, 'GET', '/user')).status).toBe(200);
      expect((await call(forge, 'GET', '/healthz')).status).toBe(200);
      await expect(forgeClient(forge).getCurrentUser()).resolves.toMatchObject({
        username: 'admin',
      });
      expect(await forge.requestCount({ route: '/user', status: 500 })).toBe(1);
      expect(await forge.requestCount({ route: '/user', status: 503 })).toBe(1);
    } finally {
      await forge.stop();
    }
  });

  it('delays API calls by FORGE_LATENCY_MS, not health checks or metrics', async () => {
    const forge = await startForge({ seed: 'none', latencyMs: 150 });
    const injected = async (): Promise<number> => {
      const text = await (await fetch(`${forge.baseUrl}/metrics`)).text();
      const line = /^forge_injected_delay_milliseconds_total (\d+)$/m.exec(text);
      return Number(line?.[1] ?? NaN);
    };
    try {
      expect(await injected()).toBe(0);
      await call(forge, 'GET', '/user');
      expect(await injected()).toBe(150);
      await call(forge, 'GET', '/healthz');
      await call(forge, 'GET', '/healthz');
      expect(await injected()).toBe(150);
      await call(forge, 'GET', '/user');
      expect(await injected()).toBe(300);
    } finally {
      await forge.stop();
    }
  });

  it("maps an injected fault to the client's upstream error when retries are off", async () => {
    const forge = await startForge({ seed: 'none', faultRate: 1, random: new ScriptedRandom([0]) });
    try {
      await expect(forgeClient(forge).getCurrentUser()).rejects.toBeInstanceOf(
        PlatformUpstreamError,
      );
    } finally {
      await forge.stop();
    }
  });
});

describe('forge: the admin token in the start-up log', () => {
  it('prints the token it generated, and never one the operator supplied', async () => {
    const supplied = 'operator-supplied-token-0123456789';
    const given = await startForge({ seed: 'none', adminToken: supplied });
    try {
      const notice = given.app.get(ForgeBootstrap).adminTokenNotice();
      expect(notice).not.toContain(supplied);
      expect(notice).toContain('FORGE_ADMIN_TOKEN');
      expect((await call(given, 'GET', '/user', { token: supplied })).status).toBe(200);
    } finally {
      await given.stop();
    }
    const generated = await startForge({ seed: 'none' });
    try {
      expect(generated.app.get(ForgeBootstrap).adminTokenNotice()).toContain(generated.adminToken);
    } finally {
      await generated.stop();
    }
  });
});
