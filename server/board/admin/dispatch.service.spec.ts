import { loadBoardConfig } from '../config/board-config';
import type { BoardChanges } from '../events/board-changes';
import type { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { PlatformHttp } from '../platform/platform-http';
import { issue, npc } from '../../../test/platform-fixtures';
import { RecordingServer, reply } from '../../../test/recording-server';
import { DispatchService } from './dispatch.service';

/**
 * Dispatch against a platform that refuses `assignees` on create (as some platforms do):
 * the real platform client over HTTP to a scripted server, since no forge refuses that.
 */
describe('DispatchService fallback', () => {
  let server: RecordingServer;
  const dropped: string[] = [];

  beforeAll(async () => {
    server = await RecordingServer.start();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    dropped.length = 0;
  });

  function service(): DispatchService {
    const platform = new PlatformClient(
      new PlatformHttp({ baseUrl: server.url, token: 't', gitBaseUrl: server.url, retries: 0 }),
    );
    const orgs = {
      coveredOrgs: () => Promise.resolve(['acme']),
      mapContext: { npcHandles: ['npc-builder'], webUrl: server.url },
    } as unknown as Coverage;
    const invalidation = {
      issuesChanged: (repo: string) => {
        dropped.push(repo);
        return Promise.resolve();
      },
    } as unknown as BoardChanges;
    return new DispatchService(platform, orgs, loadBoardConfig({}), invalidation);
  }

  it('creates without assignees, then assigns, when create refuses them', async () => {
    server.on('POST', '/acme/web/-/issues', (req, res) => {
      const body = req.json as { assignees?: string[] };
      if (body.assignees) {
        reply(res, 400, { errcode: 400, errmsg: 'assignees not allowed', errparam: {} });
      } else {
        reply(res, 201, issue(7, { title: 'Fix the login page' }));
      }
    });
    server.json('POST', '/acme/web/-/issues/7/assignees', issue(7, { assignees: [npc] }), 201);
    server.json('GET', '/acme/web/-/issues/7', issue(7, { assignees: [npc] }));

    const seenWhenWriting: string[][] = [];
    const created = await service().dispatch(
      {
        repo: 'acme/web',
        requirement: 'Fix the login page',
        npc: 'npc-builder',
        work_mode: true,
      },
      { marker: 'm1', writing: () => Promise.resolve(void seenWhenWriting.push(server.seen())) },
    );

    // The attempt is told before the first write, and only once.
    expect(seenWhenWriting).toEqual([[]]);
    expect(server.seen()).toEqual([
      'POST /acme/web/-/issues',
      'POST /acme/web/-/issues',
      'POST /acme/web/-/issues/7/assignees',
      'GET /acme/web/-/issues/7',
    ]);
    const [withAssignees, without, assign] = server.requests.map((r) => r.json);
    expect(withAssignees).toMatchObject({ assignees: ['npc-builder'], labels: ['npc-task'] });
    expect(without).not.toHaveProperty('assignees');
    expect(without).toMatchObject({
      body: 'Fix the login page\n\n@npc-builder\n\n<!-- npc-board:dispatch m1 -->\n_Dispatched from NPC Board._',
    });
    expect(assign).toEqual({ assignees: ['npc-builder'] });
    expect(created.assignees.map((a) => a.username)).toEqual([npc.username]);
    expect(dropped).toEqual(['acme/web']);
  });

  it('does not fall back on other failures', async () => {
    server.json('POST', '/acme/web/-/issues', { errcode: 5, errmsg: 'no repo', errparam: {} }, 404);
    await expect(
      service().dispatch(
        { repo: 'acme/web', requirement: 'Anything', npc: 'npc-builder', work_mode: false },
        { marker: 'm2', writing: () => Promise.resolve() },
      ),
    ).rejects.toThrow(/404/);
    expect(server.seen()).toEqual(['POST /acme/web/-/issues']);
    expect(dropped).toEqual([]);
  });
});
