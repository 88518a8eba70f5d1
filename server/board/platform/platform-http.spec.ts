import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
} from '../../common/errors';
import { PlatformHttp } from './platform-http';
import type { PlatformResponseInfo } from '../metrics/board-metrics';
import type { PlatformClientOptions } from './platform.options';
import {
  PlatformConflictError,
  PlatformForbiddenError,
  PlatformInvalidError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUnauthorizedError,
  PlatformUpstreamError,
} from './platform.errors';
import { platformError, RecordingServer, reply } from '../../../test/recording-server';

const TOKEN = 'tok-s3cr3t-value';

describe('PlatformHttp', () => {
  let server: RecordingServer;
  let sleeps: number[];
  let warn: jest.SpyInstance;

  const make = (extra: Partial<PlatformClientOptions> = {}): PlatformHttp =>
    new PlatformHttp({
      baseUrl: server.url,
      token: TOKEN,
      gitBaseUrl: 'https://git.example.com',
      retryBaseMs: 200,
      // Records each requested delay and returns at once: no test waits for real time.
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
      ...extra,
    });

  beforeAll(async () => {
    server = await RecordingServer.start();
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.reset();
    sleeps = [];
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    warn.mockRestore();
  });

  describe('headers', () => {
    it('sends the bearer token and Accept on a GET, and no Content-Type without a body', async () => {
      server.json('GET', '/user', { username: 'admin' });
      await expect(make().get('/user')).resolves.toEqual({ username: 'admin' });
      const [req] = server.requests;
      expect(req?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
      expect(req?.headers['accept']).toBe('application/json');
      expect(req?.headers['content-type']).toBeUndefined();
    });

    it('sends JSON bodies with Content-Type application/json', async () => {
      server.json('POST', '/groups', { path: 'acme' }, 201);
      await make().post('/groups', { path: 'acme', remark: 'Acme é' });
      const [req] = server.requests;
      expect(req?.headers['content-type']).toBe('application/json');
      expect(req?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
      expect(req?.json).toEqual({ path: 'acme', remark: 'Acme é' });
    });

    it('leaves out undefined query values and joins arrays', async () => {
      server.json('GET', '/x', []);
      await make().get('/x', { state: 'open', keyword: undefined, labels: ['a', 'b'], desc: true });
      expect(server.requests[0]?.query).toEqual({ state: 'open', labels: 'a,b', desc: 'true' });
    });
  });

  describe('error mapping', () => {
    const cases = [
      { status: 404, errcode: 5, type: PlatformNotFoundError, domain: NotFoundError },
      { status: 403, errcode: 7, type: PlatformForbiddenError, domain: ForbiddenError },
      { status: 401, errcode: 16, type: PlatformUnauthorizedError, domain: UnauthorizedError },
      { status: 409, errcode: 10009, type: PlatformConflictError, domain: ConflictError },
      { status: 400, errcode: 400, type: PlatformInvalidError, domain: InvalidError },
    ];

    it.each(cases)(
      'maps HTTP $status errcode $errcode',
      async ({ status, errcode, type, domain }) => {
        server.json('GET', '/acme/app', platformError(errcode, `message for ${errcode}`), status);
        const error: unknown = await make()
          .get('/acme/app?secret=1')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(type);
        expect(error).toBeInstanceOf(domain);
        expect((error as Error).name).toBe(type.name);
        expect(error).toMatchObject({
          status,
          errcode,
          errmsg: `message for ${errcode}`,
          method: 'GET',
          path: '/acme/app',
        });
        expect((error as Error).message).toContain(`message for ${errcode}`);
        expect((error as Error).message).not.toContain('secret');
        expect(server.requests).toHaveLength(1);
      },
    );

    it('lets the errcode win over the status', async () => {
      server.json('GET', '/odd', platformError(5, 'gone'), 400);
      await expect(make().get('/odd')).rejects.toBeInstanceOf(PlatformNotFoundError);
    });

    it('maps a non-JSON 502 to PlatformUpstreamError after retrying it', async () => {
      server.on('GET', '/bad', (_req, res) => {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
      });
      const error = await make({ retries: 1 })
        .get('/bad')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformUpstreamError);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ status: 502, errcode: null, errmsg: '<h1>Bad gateway</h1>' });
      expect(server.requests).toHaveLength(2);
    });

    it('redacts the token from error messages the platform echoes', async () => {
      server.json(
        'GET',
        '/user',
        platformError(16, `token ${TOKEN} is invalid (Authorization: Bearer ${TOKEN})`),
        401,
      );
      const error = (await make()
        .get('/user')
        .catch((e: unknown) => e)) as PlatformUnauthorizedError;
      expect(error).toBeInstanceOf(PlatformUnauthorizedError);
      expect(error.message).not.toContain(TOKEN);
      expect(error.errmsg).not.toContain(TOKEN);
      expect(JSON.stringify(error.detail)).not.toContain(TOKEN);
      expect(error.message).toContain('***');
    });
  });

  describe('retries', () => {
    it('honours Retry-After on 429 and then succeeds', async () => {
      server.on('GET', '/user', (_req, res, call) =>
        call === 0
          ? reply(res, 429, platformError(429, 'slow down'), { 'Retry-After': '1' })
          : reply(res, 200, { username: 'admin' }),
      );
      await expect(make().get('/user')).resolves.toEqual({ username: 'admin' });
      expect(server.requests).toHaveLength(2);
      expect(sleeps).toEqual([1000]);
    });

    it('reads Retry-After given as an HTTP date', async () => {
      const later = new Date(Date.now() + 3_000).toUTCString();
      server.on('GET', '/user', (_req, res, call) =>
        call === 0
          ? reply(res, 429, platformError(429, 'slow'), { 'Retry-After': later })
          : reply(res, 200, {}),
      );
      await make().get('/user');
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThan(1_000);
      expect(sleeps[0]).toBeLessThanOrEqual(3_000);
    });

    it('gives up at once when Retry-After is longer than the timeout, keeping the delay', async () => {
      server.json('GET', '/user', platformError(429, 'later'), 429, { 'Retry-After': '120' });
      const error = await make()
        .get('/user')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformRateLimitedError);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 });
      expect(server.requests).toHaveLength(1);
    });

    it('retries a 503 with jittered exponential backoff (2 requests)', async () => {
      server.on('GET', '/user', (_req, res, call) =>
        call === 0 ? reply(res, 503, platformError(503, 'busy')) : reply(res, 200, { ok: true }),
      );
      await expect(make().get('/user')).resolves.toEqual({ ok: true });
      expect(server.requests).toHaveLength(2);
      // Full jitter with random() = 0.5: half of base·2^0.
      expect(sleeps).toEqual([100]);
    });

    it('backs off exponentially and stops after `retries`', async () => {
      server.json('GET', '/user', platformError(500, 'boom'), 500);
      const error = await make({ retries: 3 })
        .get('/user')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformUpstreamError);
      expect(server.requests).toHaveLength(4);
      expect(sleeps).toEqual([100, 200, 400]);
    });

    it('does not retry a POST that got a 500', async () => {
      server.json('POST', '/acme/app/-/issues', platformError(500, 'boom'), 500);
      const error = await make()
        .post('/acme/app/-/issues', { title: 'x' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformUpstreamError);
      expect(error).toMatchObject({ status: 500, method: 'POST' });
      expect(server.requests).toHaveLength(1);
    });

    it('does not retry a PATCH that got a 503 without Retry-After', async () => {
      server.json('PATCH', '/acme/app', platformError(503, 'busy'), 503);
      await expect(make().patch('/acme/app', {})).rejects.toBeInstanceOf(PlatformUpstreamError);
      expect(server.requests).toHaveLength(1);
    });

    it('retries a POST on 429 and on 503 with Retry-After', async () => {
      server.on('POST', '/groups', (_req, res, call) => {
        if (call === 0) return reply(res, 429, platformError(429, 'slow'), { 'Retry-After': '0' });
        if (call === 1) return reply(res, 503, platformError(503, 'busy'), { 'Retry-After': '2' });
        return reply(res, 201, { path: 'acme' });
      });
      await expect(make().post('/groups', { path: 'acme' })).resolves.toEqual({ path: 'acme' });
      expect(server.requests).toHaveLength(3);
      expect(sleeps).toEqual([0, 2000]);
    });

    it('retries a POST refused at connection (it never reached the server)', async () => {
      const closed = await RecordingServer.start();
      const url = closed.url;
      await closed.close();
      const error = await make({ baseUrl: url, retries: 2 })
        .post('/groups', { path: 'acme' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformUpstreamError);
      expect(error).toMatchObject({
        status: 0,
        code: 'ECONNREFUSED',
        method: 'POST',
        path: '/groups',
      });
      expect(sleeps).toHaveLength(2);
    });

    it('turns a timeout into PlatformUpstreamError without retrying it', async () => {
      server.on('GET', '/slow', () => {
        // Never answers; the server closes the socket in afterAll.
      });
      const error = await make({ timeoutMs: 150 })
        .get('/slow')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformUpstreamError);
      expect(error).toMatchObject({ status: 0, code: 'ETIMEDOUT', path: '/slow' });
      expect((error as Error).message).toContain('timed out after 150 ms');
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('concurrency and hooks', () => {
    it('keeps at most `concurrency` requests in flight', async () => {
      let inFlight = 0;
      let peak = 0;
      server.on('GET', '/item', (_req, res) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        setTimeout(() => {
          inFlight -= 1;
          reply(res, 200, {});
        }, 20);
      });
      const http = make({ concurrency: 2 });
      await Promise.all(Array.from({ length: 6 }, () => http.get('/item')));
      expect(server.requests).toHaveLength(6);
      expect(peak).toBe(2);
    });

    it('lets a queued background call go on as a viewer joins its work', async () => {
      server.on('GET', '/item', (_req, res) => reply(res, 200, {}));
      // The lane is read from the caller's async context, as the board's budget does.
      const work = new AsyncLocalStorage<{ joined: boolean }>();
      const http = make({
        lane: () => (work.getStore()?.joined === false ? 'background' : 'viewer'),
      });
      const release = http.holdBackground(); // a viewer's request is being answered
      const joinable = { joined: false };
      const call = work.run(joinable, () => http.get('/item'));
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      await settle();
      http.recheckLanes();
      await settle();
      expect(server.requests).toHaveLength(0); // held: nobody waits for it yet
      joinable.joined = true;
      http.recheckLanes();
      await call;
      expect(server.requests).toHaveLength(1);
      release();
      expect(http.holdsExpired).toBe(0);
    });

    it('reports every attempt to onResponse with the route template', async () => {
      const seen: PlatformResponseInfo[] = [];
      server.on('GET', '/acme/app/-/issues/7', (_req, res, call) =>
        call === 0 ? reply(res, 502, platformError(502, 'x')) : reply(res, 200, {}),
      );
      await make({ onResponse: (info) => seen.push(info) }).get({
        path: '/acme/app/-/issues/7',
        route: '/{repo}/-/issues/{number}',
      });
      expect(seen.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
        { method: 'GET', route: '/{repo}/-/issues/{number}', status: 502 },
        { method: 'GET', route: '/{repo}/-/issues/{number}', status: 200 },
      ]);
      expect(seen.every((info) => info.durationMs >= 0)).toBe(true);
    });

    it('logs retries without the token', async () => {
      server.on('GET', '/user', (_req, res, call) =>
        call === 0 ? reply(res, 503, platformError(503, 'x')) : reply(res, 200, {}),
      );
      await make().get('/user');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String((warn.mock.calls as unknown[][])[0]?.[0])).toMatch(
        /Retrying GET \/user after HTTP 503/,
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(TOKEN);
    });
  });

  describe('getList', () => {
    const items = Array.from({ length: 250 }, (_, i) => ({ id: i + 1 }));
    const page = (query: Record<string, string>) => {
      const n = Number(query['page']);
      const size = Number(query['page_size']);
      return items.slice((n - 1) * size, n * size);
    };

    it('with X-Total-Count: fetches pages 2 and 3 in parallel (3 requests)', async () => {
      const held: (() => void)[] = [];
      server.on('GET', '/acme/-/repos', (req, res) => {
        const send = () => reply(res, 200, page(req.query), { 'X-Total-Count': '250' });
        if (req.query['page'] === '1') return send();
        // Answer neither page 2 nor page 3 before both have arrived: proves they were sent together.
        held.push(send);
        if (held.length === 2) held.forEach((release) => release());
      });
      const list = await make().getList<{ id: number }>('/acme/-/repos', { search: 'x' });
      expect(list).toEqual(items);
      expect(server.requests.map((r) => r.query)).toEqual([
        { search: 'x', page: '1', page_size: '100' },
        { search: 'x', page: '2', page_size: '100' },
        { search: 'x', page: '3', page_size: '100' },
      ]);
    });

    it('without X-Total-Count: pages one by one until a short page (3 requests)', async () => {
      server.on('GET', '/acme/-/repos', (req, res) => reply(res, 200, page(req.query)));
      const list = await make().getList<{ id: number }>('/acme/-/repos');
      expect(list).toEqual(items);
      expect(server.requests.map((r) => r.query['page'])).toEqual(['1', '2', '3']);
    });

    it('stops at maxListItems and reports the truncation', async () => {
      server.on('GET', '/acme/-/repos', (req, res) => reply(res, 200, page(req.query)));
      const result = await make({ maxListItems: 150 }).getListResult<{ id: number }>(
        '/acme/-/repos',
      );
      expect(result.truncated).toBe(true);
      expect(result.items).toEqual(items.slice(0, 150));
      expect(server.requests).toHaveLength(2);
      expect(String((warn.mock.calls as unknown[][])[0]?.[0])).toContain('truncated at 150 items');
    });

    it('stops at maxListItems with X-Total-Count too, fetching only the pages it keeps', async () => {
      server.on('GET', '/acme/-/repos', (req, res) =>
        reply(res, 200, page(req.query), { 'X-Total-Count': '250' }),
      );
      const list = await make({ maxListItems: 150 }).getList<{ id: number }>('/acme/-/repos');
      expect(list).toHaveLength(150);
      expect(server.requests.map((r) => r.query['page'])).toEqual(['1', '2']);
    });

    it('fetches one page when the query names a page', async () => {
      server.on('GET', '/acme/-/repos', (req, res) => reply(res, 200, page(req.query)));
      const list = await make().getList<{ id: number }>('/acme/-/repos', {
        page: 2,
        page_size: 10,
      });
      expect(list).toEqual(items.slice(10, 20));
      expect(server.requests).toHaveLength(1);
    });

    it('makes one request when the platform ignores paging and sends everything', async () => {
      server.json('GET', '/acme/-/repos', items);
      const list = await make().getList<{ id: number }>('/acme/-/repos');
      expect(list).toHaveLength(250);
      expect(server.requests).toHaveLength(1);
    });

    it('refuses an answer that is not an array', async () => {
      server.json('GET', '/acme/-/repos', { not: 'a list' });
      await expect(make().getList('/acme/-/repos')).rejects.toBeInstanceOf(PlatformUpstreamError);
    });
  });
});
