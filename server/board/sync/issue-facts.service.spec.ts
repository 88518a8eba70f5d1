import { toIssue } from '@shared/board/mappers';
import type { PlatformComment } from '@shared/platform/types';
import { loadBoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import { PlatformClient } from '../platform/platform-client';
import { PlatformHttp } from '../platform/platform-http';
import { issue, npc } from '../../../test/platform-fixtures';
import { RecordingServer, reply } from '../../../test/recording-server';
import { FACTS_MAX_BYTES, heldBytes, IssueFactsService } from './issue-facts.service';

/** The facts service over real HTTP to a scripted platform that counts the reads. */
describe('IssueFactsService', () => {
  let server: RecordingServer;
  const ctx = { npcHandles: ['npc-builder'], webUrl: 'https://platform.example.com' };

  beforeAll(async () => {
    server = await RecordingServer.start();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  function comment(at: string): PlatformComment {
    return { id: at, body: 'on it', author: npc, created_at: at, updated_at: at };
  }

  function serve(count: number): void {
    for (let n = 1; n <= count; n += 1) {
      server.on('GET', `/acme/web/-/issues/${n}/comments`, (_req, res) =>
        reply(res, 200, [comment('2025-02-01T10:00:00Z')]),
      );
      server.on('GET', `/acme/web/-/issues/${n}/activities`, (_req, res) => reply(res, 200, []));
    }
  }

  function facts(): { service: IssueFactsService; metrics: BoardMetrics } {
    const platform = new PlatformClient(
      new PlatformHttp({ baseUrl: server.url, token: 't', gitBaseUrl: server.url, retries: 0 }),
    );
    const metrics = new BoardMetrics();
    return { service: new IssueFactsService(platform, loadBoardConfig({}), metrics), metrics };
  }

  const commented = (n: number, count = 1) =>
    toIssue(issue(n, { comment_count: count }), 'acme/web', ctx);

  it('reads a conversation once while the issue stays the same, again when it moves', async () => {
    serve(30);
    const { service, metrics } = facts();
    const issues = Array.from({ length: 30 }, (_, i) => commented(i + 1));

    const first = await Promise.all(issues.map((i) => service.of(i)));
    await Promise.all(issues.map((i) => service.of(i)));
    expect(first[0]?.comments).toEqual([
      { author: { username: 'npc-builder', is_npc: true }, created_at: '2025-02-01T10:00:00Z' },
    ]);
    expect(server.seen().filter((s) => s.endsWith('/comments'))).toHaveLength(30);

    await service.of(commented(7, 2));
    expect(server.seen().filter((s) => s.endsWith('/comments'))).toHaveLength(31);
    expect(await metrics.registry.getSingleMetricAsString('board_issue_facts_entries')).toMatch(
      /board_issue_facts_entries 30$/m,
    );
  });

  it('shares one read between concurrent asks for the same issue', async () => {
    serve(1);
    const { service } = facts();
    await Promise.all([service.of(commented(1)), service.of(commented(1))]);
    expect(server.seen()).toEqual([
      'GET /acme/web/-/issues/1/comments',
      'GET /acme/web/-/issues/1/activities',
    ]);
  });

  it('keeps the later version when reads of two versions of an issue overlap', async () => {
    let release!: () => void;
    const olderAnswered = new Promise<void>((resolve) => (release = resolve));
    let asks = 0;
    server.on('GET', '/acme/web/-/issues/1/comments', async (_req, res) => {
      const ask = (asks += 1);
      if (ask === 1) await olderAnswered; // the older version's read answers last
      reply(res, 200, [comment(ask === 1 ? '2025-02-01T10:00:00Z' : '2025-02-02T10:00:00Z')]);
    });
    server.on('GET', '/acme/web/-/issues/1/activities', (_req, res) => reply(res, 200, []));
    const { service } = facts();
    const older = commented(1);
    const newer = toIssue(
      issue(1, { comment_count: 2, updated_at: '2025-02-02T10:00:00Z' }),
      'acme/web',
      ctx,
    );

    const olderRead = service.of(older);
    while (asks === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const newerFacts = await service.of(newer);
    release();
    await olderRead;
    expect(asks).toBe(2);
    expect(service.known(newer)).toEqual(newerFacts);
    expect(service.known(older)).toBeUndefined();
  });

  it('reads only what the issue record leaves open', async () => {
    serve(4);
    const { service } = facts();
    const person = { ...npc, username: 'alice', nickname: 'Alice', is_npc: false };
    // An NPC's own issue nobody is assigned: the signals measure from an assignment, so its
    // comments tell nothing, and open it has no close to find.
    const unassigned = toIssue(
      issue(1, { assignees: [person], comment_count: 2 }),
      'acme/web',
      ctx,
    );
    expect(service.known(unassigned)).toEqual({
      comments: [],
      assigned: new Map(),
      closed_at: null,
    });
    // Closed and untouched since it was opened: it closed as it was opened, no history.
    const closedAsOpened = toIssue(
      issue(2, {
        state: 'closed',
        state_reason: 'completed',
        created_at: '2025-01-05T10:00:00Z',
        updated_at: '2025-01-05T10:00:00Z',
      }),
      'acme/web',
      ctx,
    );
    expect((await service.of(closedAsOpened))?.closed_at).toBe('2025-01-05T10:00:00Z');
    // Closed without an NPC assignee: only its history, for when it closed.
    await service.of(
      toIssue(issue(3, { state: 'closed', assignees: [], comment_count: 3 }), 'acme/web', ctx),
    );
    expect(server.seen()).toEqual(['GET /acme/web/-/issues/3/activities']);
    // Closed without an NPC assignee, then an NPC assigned with the record unmoved: the
    // facts held without its comments no longer count.
    const closed = { state: 'closed' as const, comment_count: 1 };
    const assigned = toIssue(issue(4, closed), 'acme/web', ctx);
    await service.of(toIssue(issue(4, { ...closed, assignees: [] }), 'acme/web', ctx));
    expect(service.known(assigned)).toBeUndefined();
    await service.of(assigned);
    const reads = server.seen().filter((s) => s.includes('/issues/4/'));
    expect(reads[0]).toBe('GET /acme/web/-/issues/4/activities');
    expect(reads.slice(1).sort()).toEqual([
      'GET /acme/web/-/issues/4/activities',
      'GET /acme/web/-/issues/4/comments',
    ]);
  });

  it('is bounded high enough for 45,000 NPC conversations of three comments and an assignment', () => {
    const typical = {
      version: '2025-02-01T10:00:00Z|3',
      facts: {
        comments: Array.from({ length: 3 }, () => ({
          author: { username: 'npc-builder', is_npc: true },
          created_at: '2025-02-01T10:00:00Z',
        })),
        assigned: new Map([['npc-builder', '2025-02-01T09:00:00Z']]),
        closed_at: null,
      },
    };
    expect(45_000 * heldBytes(typical)).toBeLessThan(FACTS_MAX_BYTES);
  });
});
