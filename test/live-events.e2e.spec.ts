/**
 * Live pages' change stream (`GET /api/events`) against the harness forge, board and forge
 * on one injected clock: a change on the platform reaches an open stream after one sync
 * cycle and the board's answer shows it; a reconnect gets what it missed; open streams
 * cost no platform calls; the caps answer 429; shutdown ends the streams.
 */
import type { Issue } from '@shared/board/entities';
import type { BoardChange } from '@shared/board/events';
import { ManualClock } from '../server/common/clock';
import { BoardChanges } from '../server/board/events/board-changes';
import { SyncCycle } from '../server/board/sync/sync-cycle';
import { startBoard, type RunningBoard } from './board-harness';
import { openStream, type OpenedStream, type StreamFrame } from './event-stream-client';
import { forgeClient, startForge, type HarnessForge } from './forge-harness';

const HOUR = 3_600_000;
const TTL = 60_000;

let forge: HarnessForge | null = null;
let board: RunningBoard | null = null;
const streams: OpenedStream[] = [];

async function start(
  options: { extensions?: boolean; env?: Record<string, string> } = {},
): Promise<{ forge: HarnessForge; board: RunningBoard }> {
  const epoch = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const clock = new ManualClock(epoch);
  forge = await startForge({ extensions: options.extensions ?? true, seedEpoch: epoch, clock });
  board = await startBoard(
    { baseUrl: forge.baseUrl, token: forge.adminToken },
    {
      clock,
      env: { CACHE_TTL_MS: String(TTL), CREDITS_SOURCE: 'manual', ...options.env },
      platform: { sleep: () => Promise.resolve(), timeoutMs: 60_000 },
    },
  );
  return { forge, board };
}

async function stream(path: string, headers?: Record<string, string>): Promise<OpenedStream> {
  const opened = await openStream(`${board!.url}${path}`, headers);
  streams.push(opened);
  return opened;
}

afterEach(async () => {
  for (const opened of streams.splice(0)) opened.close();
  await board?.stop();
  await forge?.stop();
  board = null;
  forge = null;
}, 30_000);

const errorOf = (refused: OpenedStream): { message: string } =>
  JSON.parse(refused.body) as { message: string };
const isChange = (frame: StreamFrame): boolean => frame.event === 'change';
const changeOf = (frame: StreamFrame): BoardChange => JSON.parse(frame.data) as BoardChange;

/** An NPC issue in progress, through the board (enrichments settled). */
async function issueInProgress(running: RunningBoard): Promise<Issue> {
  const orgs = (await (await running.settled('/api/orgs')).json()) as { slug: string }[];
  for (const { slug } of orgs) {
    const response = await running.settled(`/api/issues?org=${slug}&state=open`);
    const data = (await response.json()) as Issue[];
    const issue = data.find((i) => i.column === 'in_progress');
    if (issue) return issue;
  }
  throw new Error('no NPC issue in progress in the demo');
}

describe.each([
  ['with the organization-wide issue list', true],
  ['on the published surface (held issue sets)', false],
])('a change on the platform, %s', (_name, extensions) => {
  it('reaches an open stream after one sync cycle, and the answer shows it', async () => {
    const running = await start({ extensions });
    const issue = await issueInProgress(running.board);
    const [org] = issue.repository.full_name.split('/');
    // The first cycle cannot tell what the board answered before it: it publishes all it reads.
    const first = await running.board.get(SyncCycle).run();
    expect(first).toContainEqual({ topic: 'issues', org });
    expect(first).toContainEqual({ topic: 'repos', org });
    const events = await stream('/api/events');
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    await forgeClient(running.forge).updateIssue(issue.repository.full_name, issue.number, {
      state: 'closed',
    });
    running.board.clock.advance(TTL + 1);
    const found = await running.board.get(SyncCycle).run();
    expect(found).toContainEqual({ topic: 'issues', org });

    const frame = await events.next((f) => isChange(f) && changeOf(f).topic === 'issues');
    expect(changeOf(frame)).toEqual({ topic: 'issues', org });
    expect(frame.id).toMatch(/^\d+$/);
    const after = await running.board.settled(`/api/issues?org=${org}`);
    const data = (await after.json()) as Issue[];
    const moved = data.find(
      (i) => i.number === issue.number && i.repository.full_name === issue.repository.full_name,
    );
    expect(moved).toMatchObject({ state: 'closed', column: 'done' });
  }, 60_000);
});

it('brings a change made a second after the start to an open stream within two cache lives', async () => {
  const running = await start();
  const issue = await issueInProgress(running.board);
  const [org] = issue.repository.full_name.split('/');
  const events = await stream('/api/events');
  running.board.clock.advance(1000);
  await forgeClient(running.forge).updateIssue(issue.repository.full_name, issue.number, {
    state: 'closed',
  });
  // The schedule's cycles: one cache life after the start, and one more.
  const seen: BoardChange[] = [];
  for (let life = 1; life <= 2; life++) {
    running.board.clock.advance(TTL);
    seen.push(...(await running.board.get(SyncCycle).run()));
  }
  expect(seen).toContainEqual({ topic: 'issues', org });
  const frame = await events.next(
    (f) => isChange(f) && changeOf(f).topic === 'issues' && changeOf(f).org === org,
  );
  expect(frame.id).toMatch(/^\d+$/);
  const after = (await (await running.board.settled(`/api/issues?org=${org}`)).json()) as Issue[];
  const closed = after.find(
    (i) => i.number === issue.number && i.repository.full_name === issue.repository.full_name,
  );
  expect(closed).toMatchObject({ state: 'closed' });
}, 60_000);

it('keeps an answer a change outdated, served STALE should the platform fail before its rebuild', async () => {
  const running = await start();
  const before = await running.board.settled('/api/orgs');
  const body = await before.text();
  const [{ slug }] = JSON.parse(body) as { slug: string }[];
  running.board.clock.advance(TTL + 1);
  // A cycle found the organization's repositories changed; the platform goes away before
  // the answers are rebuilt.
  await running.board
    .get(BoardChanges)
    .synced([{ topic: 'repos', org: slug }], () => running.forge.stop());
  forge = null;
  const after = await fetch(`${running.board.url}/api/orgs`);
  expect(after.status).toBe(200);
  expect(after.headers.get('x-cache')).toBe('STALE');
  expect(await after.text()).toBe(body);
}, 60_000);

it('tells open pages when a run it follows ends, and the answers no longer show it running', async () => {
  const running = await start();
  const open = (await (
    await running.board.settled('/api/issues?npc=true&state=open')
  ).json()) as Issue[];
  const task = open.find((issue) => issue.runs?.running)!;
  expect(task).toBeDefined();
  const repo = task.repository.full_name;
  const [org] = repo.split('/');
  const { sn } = task.runs!.running!;
  expect(await running.board.get(SyncCycle).run()).toContainEqual({ topic: 'runs', org });
  const events = await stream('/api/events');

  // Someone stops the run on the platform itself; no task moves.
  const stopped = await fetch(`${running.forge.baseUrl}/${repo}/-/build/stop/${sn}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.forge.adminToken}` },
  });
  expect(stopped.status).toBe(200);
  running.board.clock.advance(TTL + 1);
  const found = await running.board.get(SyncCycle).run();
  expect(found).toContainEqual({ topic: 'runs', org });
  expect(found).not.toContainEqual({ topic: 'issues', org });
  const frame = await events.next((f) => isChange(f) && changeOf(f).topic === 'runs');
  expect(changeOf(frame)).toEqual({ topic: 'runs', org });

  const after = (await (
    await running.board.settled(`/api/repos/${encodeURIComponent(repo)}/issues/${task.number}`)
  ).json()) as Issue;
  expect(after.runs?.running?.sn).not.toBe(sn);
  // Nothing else moved: the next cycle finds no run change.
  running.board.clock.advance(TTL + 1);
  expect(await running.board.get(SyncCycle).run()).not.toContainEqual({ topic: 'runs', org });
}, 60_000);

it('sends nothing when the cycle finds nothing changed', async () => {
  const running = await start();
  await running.board.settled('/api/orgs');
  await running.board.get(SyncCycle).run();
  running.board.clock.advance(TTL + 1);
  expect(await running.board.get(SyncCycle).run()).toEqual([]);
});

it('resumes after Last-Event-ID, and says reset when it cannot', async () => {
  const running = await start();
  const invalidation = running.board.get(BoardChanges);
  const first = await stream('/api/events');
  await invalidation.creditsChanged(['acme']);
  const seen = await first.next(isChange);
  first.close();
  // Missed while away: two changes.
  await invalidation.issuesChanged('acme/api');
  await invalidation.alertsChanged();

  const resumed = await stream('/api/events', { 'last-event-id': seen.id! });
  const missed = [await resumed.next(isChange), await resumed.next(isChange)];
  expect(missed.map(changeOf)).toEqual([
    { topic: 'issues', org: 'acme' },
    { topic: 'alerts', org: null },
  ]);
  expect(Number(missed[0].id)).toBeGreaterThan(Number(seen.id));

  // An id from before this process started cannot be vouched for.
  const stale = await stream('/api/events', { 'last-event-id': '1' });
  expect((await stale.next((f) => f.event !== 'heartbeat')).event).toBe('reset');

  const junk = await stream('/api/events', { 'last-event-id': 'yesterday' });
  expect(junk.status).toBe(400);
  expect(errorOf(junk).message).toMatch(/Last-Event-ID/);
});

it('costs no platform call for 200 open streams', async () => {
  const running = await start({ env: { EVENT_STREAMS_PER_CLIENT: '200' } });
  await running.board.settled('/api/orgs');
  const callsBefore = await running.board.callsMade();
  const forgeBefore = await running.forge.requestCount();
  const open = await Promise.all(Array.from({ length: 200 }, () => stream('/api/events')));
  expect(open.every((s) => s.status === 200)).toBe(true);
  await running.board.get(BoardChanges).alertsChanged();
  const received = await Promise.all(open.map((s) => s.next(isChange)));
  expect(received.map(changeOf)).toEqual(Array(200).fill({ topic: 'alerts', org: null }));
  expect(await running.board.callsMade()).toBe(callsBefore);
  expect(await running.forge.requestCount()).toBe(forgeBefore);
}, 60_000);

it('refuses a stream past the caps with 429, and admits again once one closes', async () => {
  await start({ env: { EVENT_STREAMS_PER_CLIENT: '100', EVENT_STREAMS_MAX: '150' } });
  const open = await Promise.all(Array.from({ length: 100 }, () => stream('/api/events')));
  expect(open.every((s) => s.status === 200)).toBe(true);
  const refused = await stream('/api/events');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(errorOf(refused).message).toMatch(/EVENT_STREAMS_PER_CLIENT=100/);

  open[0].close();
  await open[0].ended;
  let admitted: OpenedStream | null = null;
  for (let attempt = 0; attempt < 50 && admitted?.status !== 200; attempt++) {
    admitted = await stream('/api/events');
  }
  expect(admitted?.status).toBe(200);
}, 60_000);

it('refuses past EVENT_STREAMS_MAX, and ends every stream at shutdown', async () => {
  const running = await start({ env: { EVENT_STREAMS_MAX: '3' } });
  const open = await Promise.all(Array.from({ length: 3 }, () => stream('/api/events')));
  const refused = await stream('/api/events');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(errorOf(refused).message).toMatch(/EVENT_STREAMS_MAX=3/);

  await running.board.stop();
  board = null;
  await Promise.all(open.map((s) => s.ended));
});

it('opens with a heartbeat carrying its position, then sends one every interval', async () => {
  await start({ env: { EVENT_HEARTBEAT_SECONDS: '1' } });
  const events = await stream('/api/events');
  const hello = await events.next((f) => f.event === 'heartbeat');
  expect(JSON.parse(hello.data)).toEqual({ every_ms: 1000 });
  expect(hello.id).toMatch(/^\d+$/);
  const beat = await events.next((f) => f.event === 'heartbeat');
  expect(beat).toMatchObject({ event: 'heartbeat', id: null });
  expect(JSON.parse(beat.data)).toEqual({ every_ms: 1000 });
});

it('says reset to a page that saw no change before a restart', async () => {
  const running = await start();
  const events = await stream('/api/events');
  const position = (await events.next((f) => f.event === 'heartbeat')).id!;
  // The same position on this process: nothing missed.
  const again = await stream('/api/events', { 'last-event-id': position });
  expect((await again.next(() => true)).event).toBe('heartbeat');
  await running.board.stop();
  board = null;
  running.board.clock.advance(5000);
  const restarted = await startBoard(
    { baseUrl: running.forge.baseUrl, token: running.forge.adminToken },
    { clock: running.board.clock, env: { CACHE_TTL_MS: String(TTL), CREDITS_SOURCE: 'manual' } },
  );
  board = restarted;
  const back = await stream('/api/events', { 'last-event-id': position });
  expect((await back.next(() => true)).event).toBe('reset');
}, 60_000);

describe('refreshing ahead', () => {
  /** The board's user routes for one organization, each asked once and settled. */
  async function askRoutes(running: RunningBoard): Promise<string[]> {
    const orgs = (await (await running.settled('/api/orgs')).json()) as { slug: string }[];
    const org = orgs[0].slug;
    const routes = [
      '/api/orgs',
      `/api/orgs/${org}/repos`,
      `/api/issues?org=${org}`,
      '/api/credits/snapshot',
    ];
    for (const route of routes) await (await running.settled(route)).arrayBuffer();
    return routes;
  }

  async function askAgain(running: RunningBoard, routes: string[]): Promise<string[]> {
    const states: string[] = [];
    for (const route of routes) {
      const response = await fetch(`${running.url}${route}`);
      await response.arrayBuffer();
      states.push(`${response.status} ${response.headers.get('x-cache')}`);
    }
    return states;
  }

  it('rebuilds what viewers asked for before it expires: the next viewer makes no call', async () => {
    const running = await start({ extensions: false });
    const routes = await askRoutes(running.board);
    // The scheduled cycle comes round a second before the first answers expire.
    running.board.clock.advance(TTL - 1000);
    await running.board.get(SyncCycle).run();
    running.board.clock.advance(2000);
    const calls = await running.board.callsMade();
    expect(await askAgain(running.board, routes)).toEqual(routes.map(() => '200 HIT'));
    expect(await running.board.callsMade()).toBe(calls);
  }, 60_000);

  it('without the cycle, the first viewer after the cache life waits for the platform', async () => {
    const running = await start({ extensions: false });
    const routes = await askRoutes(running.board);
    running.board.clock.advance(TTL + 1000);
    const calls = await running.board.callsMade();
    expect(await askAgain(running.board, routes)).toContain('200 MISS');
    expect(await running.board.callsMade()).toBeGreaterThan(calls);
  }, 60_000);
});
