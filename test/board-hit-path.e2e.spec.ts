/**
 * The cache hit, the board's hot path (docs/architecture.md#caching), over real HTTP against
 * a real forge: 1,000 hits do none of the per-request work a hit once did (Nest's pipeline,
 * Fastify's hook, the promised cache read, a labelled metric increment, a compression per
 * answer), counted with spies, not timed; and what they send is what the whole pipeline
 * sends for the same entry.
 */
import { ValidationPipe } from '@nestjs/common';
import * as zlib from 'node:zlib';
import { compressors } from '../server/board/common/compression';
import { CacheIndex } from '../server/board/cache/cache-index';
import { FreshHits } from '../server/board/cache/fresh-hits';
import { RepoIssuesQuery } from '../server/board/issues/issue-search.query';
import { RouteCacheInterceptor } from '../server/board/cache/route-cache.interceptor';
import { BoardMetrics } from '../server/board/metrics/board-metrics';
import { startBoard, type RunningBoard } from './board-harness';
import { startForge, type HarnessForge } from './forge-harness';

const HITS = 1_000;
/** A small answer, one compressed per request when large enough, one kept compressed. */
const ROUTES = ['/api/meta', '/api/orgs', '/api/issues'];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** `fetch` asks for gzip unless told otherwise. */
const NO_ENCODING = { 'accept-encoding': 'identity' };
/** Headers the transport sets, different on every answer or connection. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

let forge: HarnessForge;
let board: RunningBoard;

beforeAll(async () => {
  forge = await startForge();
  board = await startBoard({ baseUrl: forge.baseUrl, token: forge.adminToken });
  for (const route of ROUTES)
    await (await board.settled(route, { headers: BROWSER })).arrayBuffer();
});

afterAll(async () => {
  await board?.stop();
  await forge?.stop();
});

afterEach(() => jest.restoreAllMocks());

async function hitsCounted(): Promise<number> {
  const text = await (await fetch(`${board.url}/metrics`)).text();
  return Number(/^board_route_cache_total\{result="hit"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

function headersOf(
  headers: Headers | Record<string, string | string[] | number | undefined>,
): Record<string, string> {
  const entries: [string, string][] =
    headers instanceof Headers
      ? [...headers]
      : Object.entries(headers).map(([name, value]) => [name, String(value)]);
  return Object.fromEntries(entries.filter(([name]) => !TRANSPORT.has(name)));
}

it('answers 1,000 hits without the pipeline, a promised read, a labelled metric or a compression each', async () => {
  // Read first: reading the metrics adds the hits counted so far (e.g. while settling) to
  // the labelled counter, which is spied on below.
  const hitsBefore = await hitsCounted();
  const pipeline = jest.spyOn(RouteCacheInterceptor.prototype, 'intercept');
  const fastifyHook = jest.spyOn(RouteCacheInterceptor.prototype, 'serveFresh');
  const promisedRead = jest.spyOn(CacheIndex.prototype, 'get');
  const labelled = jest.spyOn(board.get(BoardMetrics).routeCache, 'inc');
  const brotli = jest.spyOn(compressors, 'br');
  const gzip = jest.spyOn(compressors, 'gzip');
  // Private: the header list a hit sends, built once per entry, encoding and `Age`.
  const headerLists = jest.spyOn(
    FreshHits.prototype as unknown as { buildHeaders: () => string[] },
    'buildHeaders',
  );

  const states = new Map<string, number>();
  // `/api/issues` is kept brotli-compressed: a client that does not take brotli is answered
  // from Fastify's hook, which decompresses it.
  let fromHook = 0;
  for (let i = 0; i < HITS; i++) {
    const route = ROUTES[i % ROUTES.length];
    const headers = i % 2 === 0 ? BROWSER : NO_ENCODING;
    if (route === '/api/issues' && headers === NO_ENCODING) fromHook += 1;
    const response = await fetch(board.url + route, { headers });
    await response.arrayBuffer();
    const state = `${response.status} ${response.headers.get('x-cache')}`;
    states.set(state, (states.get(state) ?? 0) + 1);
  }

  expect(states).toEqual(new Map([['200 HIT', HITS]]));
  expect(fromHook).toBeGreaterThan(0);
  expect(pipeline).not.toHaveBeenCalled();
  expect(fastifyHook).toHaveBeenCalledTimes(fromHook);
  expect(promisedRead).toHaveBeenCalledTimes(fromHook);
  expect(labelled).not.toHaveBeenCalled();
  // Each answer large enough is compressed once (its compressed form is kept), not per hit.
  expect(brotli.mock.calls.length + gzip.mock.calls.length).toBeLessThanOrEqual(ROUTES.length);
  // The board's clock stands still here: one list per route and encoding sent, at most.
  expect(headerLists.mock.calls.length).toBeGreaterThan(0);
  expect(headerLists.mock.calls.length).toBeLessThanOrEqual(ROUTES.length * 2);
  // The hits are still counted, when the metrics are read.
  expect((await hitsCounted()) - hitsBefore).toBe(HITS);
});

it.each([
  ['a browser', BROWSER],
  ['a client that takes no encoding', NO_ENCODING],
])('sends %s what the whole pipeline sends for the same entry', async (_who, headers) => {
  const fastify = board.app.getHttpAdapter().getInstance();
  for (const route of ROUTES) {
    // Over the socket (the hit path), and through Fastify's `inject`, which has no socket
    // and so always takes the pipeline.
    const viaSocket = await fetch(board.url + route, { headers });
    const socketBody = Buffer.from(await viaSocket.arrayBuffer());
    const viaPipeline = await fastify.inject({ method: 'GET', url: route, headers });
    expect(viaSocket.headers.get('x-cache')).toBe('HIT');
    expect(viaPipeline.headers['x-cache']).toBe('HIT');
    const socketHeaders = headersOf(viaSocket.headers);
    const pipelineHeaders = headersOf(viaPipeline.headers);
    // `fetch` decodes what it received and drops the length of the encoded body.
    if (socketHeaders['content-encoding'] !== undefined) {
      delete socketHeaders['content-length'];
      delete pipelineHeaders['content-length'];
    }
    expect(socketHeaders).toEqual(pipelineHeaders);
    expect(socketBody.toString('utf8')).toBe(decoded(viaPipeline.rawPayload, pipelineHeaders));
  }
});

function decoded(payload: Buffer, headers: Record<string, string>): string {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}

/** The repositories of the first covered organization, as the board lists them. */
async function firstOrgRepos(): Promise<{ full_name: string }[]> {
  const [org] = (
    (await (await fetch(`${board.url}/api/meta`)).json()) as { covered_orgs: string[] }
  ).covered_orgs;
  return (await (await board.settled(`/api/orgs/${org}/repos`)).json()) as { full_name: string }[];
}

it('reads the cache index once for a miss, the hook handing its look to the interceptor', async () => {
  const repos = await firstOrgRepos();
  const read = jest.spyOn(CacheIndex.prototype, 'get');
  const response = await fetch(`${board.url}/api/repos/${repos[0].full_name}/issues?state=closed`);
  await response.arrayBuffer();
  expect(response.headers.get('x-cache')).toBe('MISS');
  const routeReads = read.mock.calls.filter(([key]) => String(key).startsWith('route:'));
  expect(routeReads).toEqual([[`route:repos/${repos[0].full_name}/issues?state=closed`]]);
});

it("validates a miss's query once: the pipe takes the instance the cache key was built from", async () => {
  const repos = await firstOrgRepos();
  // Not the repository of the test above, so this is a miss in any order.
  const repo = repos[repos.length - 1].full_name;
  // The forge runs in this process too: count the board's query class only.
  const validated = jest.spyOn(ValidationPipe.prototype, 'transform');
  const boardQueries = () =>
    validated.mock.calls.filter(([, metadata]) => metadata.metatype === RepoIssuesQuery);
  const response = await fetch(`${board.url}/api/repos/${repo}/issues?state=closed`);
  const issues = (await response.json()) as { state: string }[];
  expect(response.status).toBe(200);
  expect(response.headers.get('x-cache')).toBe('MISS');
  expect(issues.length).toBeGreaterThan(0);
  expect(issues.map((issue) => issue.state)).toEqual(issues.map(() => 'closed'));
  expect(boardQueries()).toEqual([]);

  // An invalid query has no key: the pipe validates it and answers 400 naming the field.
  const refused = await fetch(`${board.url}/api/repos/${repo}/issues?state=opened`);
  expect(refused.status).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain('state');
  expect(boardQueries()).toHaveLength(1);
});
