import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Issue } from '@shared/board/entities';
import { ManualClock } from '../server/common/clock';
import { startBoard, type RunningBoard } from './board-harness';
import { forgeClient, type HarnessForge, startForge } from './forge-harness';

const ADMIN_TOKEN = 'idempotency-admin-token-0123456789';
const CREATE_ROUTE = { method: 'POST', route: '/:org/:repo/-/issues' };

/**
 * A proxy between the board and the forge that, when armed, passes one issue creation to
 * the forge and then drops the forge's answer: the write happened, the board never hears.
 */
class AnswerDroppingProxy {
  armed = false;
  dropped = 0;
  private readonly server: http.Server;

  constructor(private readonly target: string) {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const drop = this.armed && request.method === 'POST' && /\/-\/issues$/.test(request.url!);
        const outgoing = http.request(
          `${this.target}${request.url}`,
          { method: request.method, headers: request.headers },
          (answer) => {
            const body: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => body.push(chunk));
            answer.on('end', () => {
              if (drop) {
                this.armed = false;
                this.dropped += 1;
                request.socket.destroy();
                return;
              }
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              response.end(Buffer.concat(body));
            });
          },
        );
        outgoing.on('error', () => request.socket.destroy());
        outgoing.end(Buffer.concat(chunks));
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('idempotent dispatch against a real forge', () => {
  let forge: HarnessForge;
  let proxy: AnswerDroppingProxy;
  let board: RunningBoard;
  let dataDir: string;
  let clock: ManualClock;
  let repo: string;
  let platformUrl: string;

  const start = (): Promise<RunningBoard> =>
    startBoard(
      { baseUrl: platformUrl, token: forge.adminToken },
      { clock, env: { ADMIN_TOKEN, DATA_DIR: dataDir } },
    );

  beforeAll(async () => {
    forge = await startForge();
    proxy = new AnswerDroppingProxy(forge.baseUrl);
    platformUrl = await proxy.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idempotency-'));
    clock = new ManualClock(forge.seedEpoch!);
    board = await start();
    const [org] = (
      (await (await fetch(`${board.url}/api/meta`)).json()) as { covered_orgs: string[] }
    ).covered_orgs;
    repo = (await forgeClient(forge).listRepos(org)).find(
      (r) => r.visibility_level === 'Public',
    )!.path;
  }, 120_000);

  afterAll(async () => {
    await board?.stop();
    await proxy?.stop();
    await forge?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  /** A dispatch body of its own for each test, so their issues cannot be confused. */
  const dispatchBody = (): Record<string, unknown> => ({
    repo,
    requirement: `Idempotency check ${++serial}\n\nMade once, however often it is sent.`,
    npc: 'npc-tester',
    work_mode: false,
  });

  function create(body: unknown, key?: string): Promise<Response> {
    return fetch(`${board.url}/api/issues/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    });
  }

  const creates = (): Promise<number> => forge.requestCount(CREATE_ROUTE);

  /** Issues on the forge whose title is the body's first line. */
  async function issuesTitled(body: Record<string, unknown>): Promise<number> {
    const title = String(body['requirement']).split('\n')[0];
    const all = await forgeClient(forge).listIssues(repo, { state: 'open' });
    return all.filter((issue) => issue.title === title).length;
  }

  it('answers a repeat with the same key with the first answer, writing once', async () => {
    const body = dispatchBody();
    const before = await creates();
    const first = await create(body, 'key-repeat-1');
    const second = await create(body, 'key-repeat-1');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await second.json()).toEqual(await first.json());
    expect((await creates()) - before).toBe(1);
    expect(await issuesTitled(body)).toBe(1);
  });

  it('makes one issue of concurrent requests with one key, each answered alike', async () => {
    const body = dispatchBody();
    const before = await creates();
    const answers = await Promise.all([1, 2, 3].map(() => create(body, 'key-concurrent-1')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Issue[];
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect((await creates()) - before).toBe(1);
    expect(await issuesTitled(body)).toBe(1);
  });

  it('refuses the same key with another body with 422, writing nothing', async () => {
    expect((await create(dispatchBody(), 'key-other-body')).status).toBe(201);
    const before = await creates();
    const other = await create(dispatchBody(), 'key-other-body');
    expect(other.status).toBe(422);
    expect(((await other.json()) as { message: string }).message).toContain('Idempotency-Key');
    expect(await creates()).toBe(before);
  });

  it('refuses a malformed key with 400 before anything is written', async () => {
    const before = await creates();
    for (const key of ['', 'with space', 'tab\tinside', 'x'.repeat(256)]) {
      const answer = await fetch(`${board.url}/api/issues/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(dispatchBody()),
      });
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
    }
    expect(await creates()).toBe(before);
  });

  it('answers a retry with the key after the platform answer was lost, without a second issue', async () => {
    const body = dispatchBody();
    const before = await creates();
    const dropped = proxy.dropped;
    proxy.armed = true;
    const lost = await create(body, 'key-lost-1');
    expect(proxy.dropped - dropped).toBe(1);
    expect(lost.status).toBe(502);
    // The forge wrote the issue; the board never heard of it.
    expect(await issuesTitled(body)).toBe(1);

    const retry = await create(body, 'key-lost-1');
    expect(retry.status).toBe(201);
    const issue = (await retry.json()) as Issue;
    expect(issue.title).toBe(String(body['requirement']).split('\n')[0]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const again = await create(body, 'key-lost-1');
    expect(await again.json()).toEqual(issue);
    expect((await creates()) - before).toBe(1);
    expect(await issuesTitled(body)).toBe(1);
  });

  it('reports, and does not repeat, a keyless create whose platform answer was lost', async () => {
    const body = dispatchBody();
    const before = await creates();
    const dropped = proxy.dropped;
    proxy.armed = true;
    expect((await create(body)).status).toBe(502);
    expect(proxy.dropped - dropped).toBe(1);
    const retry = await create(body);
    expect(retry.status).toBe(409);
    const refusal = (await retry.json()) as { code: string; made: Issue; message: string };
    expect(refusal.code).toBe('already_done');
    expect(refusal.made.title).toBe(String(body['requirement']).split('\n')[0]);
    expect((await creates()) - before).toBe(1);
    expect(await issuesTitled(body)).toBe(1);
    // Reported once: sending it again is a new, deliberate dispatch.
    expect((await create(body)).status).toBe(201);
    expect(await issuesTitled(body)).toBe(2);
  });

  it('keeps a key across a restart of the board', async () => {
    const body = dispatchBody();
    const first = await create(body, 'key-restart-1');
    expect(first.status).toBe(201);
    const before = await creates();
    await board.stop();
    board = await start();
    const repeat = await create(body, 'key-restart-1');
    expect(repeat.status).toBe(201);
    expect(await repeat.json()).toEqual(await first.json());
    expect(await creates()).toBe(before);
  });

  it('hands an issue over once per key', async () => {
    const created = (await (await create(dispatchBody(), 'key-handover-base')).json()) as Issue;
    const comments = (): Promise<number> =>
      forge.requestCount({ method: 'POST', route: '/:org/:repo/-/issues/:number/comments' });
    const before = await comments();
    const handOver = (): Promise<Response> =>
      fetch(
        `${board.url}/api/admin/issues/${encodeURIComponent(repo)}/${created.number}/redispatch`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            'content-type': 'application/json',
            'idempotency-key': 'key-handover-1',
          },
          body: JSON.stringify({ npc: 'npc-builder', reason: 'needs a builder' }),
        },
      );
    const [first, second] = [await handOver(), await handOver()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual(await first.json());
    expect((await comments()) - before).toBe(1);
  });
});
