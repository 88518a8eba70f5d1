import type {
  DtoBuildLogsResult,
  DtoBuildResult,
  DtoBuildStageResult,
  DtoBuildStatusResult,
  DtoLogInfo,
  DtoSpecialAmount,
} from '@shared/platform/published';
import { ErrCode, type LedgerEntry } from '@shared/platform/types';
import { ManualClock } from '../../server/forge/common/clock';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import type { PlatformTestClient } from '../platform-test-client';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

const HOUR_MS = 3_600_000;
const REPO = '/acme/web';

/**
 * The build family (docs/architecture.md#builds): runs started by NPC mentions, the
 * published list with its filters, status and what it bills, stop, log deletion, and
 * who may do what. A scenario on one forge whose clock only moves when told: each test
 * builds on the last.
 */
describe('forge: builds', () => {
  const clock = new ManualClock('2030-03-04T09:00:00.000Z');
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;
  let devToken: string;
  let guestToken: string;

  const logs = async (query = ''): Promise<DtoBuildLogsResult> => {
    const answer = await call(forge, 'GET', `${REPO}/-/build/logs${query}`);
    expect(answer.status).toBe(200);
    return answer.body as DtoBuildLogsResult;
  };
  const npcRuns = async (): Promise<DtoLogInfo[]> =>
    (await logs('?page_size=100')).data.filter((build) => build.event.endsWith('@npc'));
  const newIssue = async (body: string): Promise<number> => {
    const answer = await call(forge, 'POST', `${REPO}/-/issues`, {
      body: { title: 'Task', body },
    });
    expect(answer.status).toBe(201);
    return Number((answer.body as { number: string }).number);
  };

  beforeAll(async () => {
    forge = await startForge({ seed: 'none', clock });
    admin = forgeClient(forge);
    git = new GitClient();
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'private' });
    forge.createUser('dev');
    forge.setRole('acme', 'dev', 'Developer');
    devToken = forge.createToken('dev');
    forge.createUser('guest');
    forge.setRole('acme', 'guest', 'Guest');
    guestToken = forge.createToken('guest');
    for (let n = 1; n <= 11; n++) forge.createUser(`npc-${n}`, { npc: true });
    const work = git.dir('web');
    await git.ok(['init', '-q', '-b', 'main', work]);
    git.write(work, 'README.md', '# Web\n');
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', 'First commit'], work);
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'main'], work);
  });
  afterAll(async () => {
    git.cleanup();
    await forge.stop();
  });

  it('has no build before anyone mentions an NPC', async () => {
    expect(await logs()).toMatchObject({ data: [], init: false, total: 0 });
  });

  it('starts one build per NPC mentioned in an issue body, none for other users or repeats', async () => {
    const number = await newIssue('Please, @npc-1 and @npc-2; @npc-1 again, and @dev too.');
    const runs = await npcRuns();
    expect(runs.map((run) => run.title.split(':')[0]).sort()).toEqual(['npc-1', 'npc-2']);
    for (const run of runs) {
      expect(run).toMatchObject({
        event: 'issue.comment@npc',
        userName: 'admin',
        eventUrl: `${forge.baseUrl}/acme/web/-/issues/${number}`,
        status: 'pending',
        sourceRef: 'main',
        commitTitle: 'First commit',
        slug: 'acme/web',
        groupName: 'acme',
      });
      expect(run.sn).toMatch(/^cnb-[0-9a-z]+-[0-9a-z]+$/);
    }
    expect((await logs()).init).toBe(true);
  });

  it('starts none for a quoted, listed or fenced mention, nor for an edit or a reopening', async () => {
    const before = (await npcRuns()).length;
    const number = await newIssue('> @npc-3 said\n\n- @npc-4\n\n```\n@npc-5\n```');
    const edit = await call(forge, 'PATCH', `${REPO}/-/issues/${number}`, {
      body: { body: '@npc-3, now in running text', state: 'closed' },
    });
    expect(edit.status).toBe(200);
    const reopen = await call(forge, 'PATCH', `${REPO}/-/issues/${number}`, {
      body: { state: 'open' },
    });
    expect(reopen.status).toBe(200);
    expect((await npcRuns()).length).toBe(before);
    const comment = await call(forge, 'POST', `${REPO}/-/issues/${number}/comments`, {
      body: { body: 'Go ahead, @npc-3.' },
    });
    expect(comment.status).toBe(201);
    expect((await npcRuns()).length).toBe(before + 1);
  });

  it('sets at most ten NPCs to work per comment: the eleventh starts none', async () => {
    const number = await newIssue('No mention here.');
    const names = Array.from({ length: 11 }, (_, i) => `@npc-${i + 1}`).join(' ');
    const before = await npcRuns();
    await call(forge, 'POST', `${REPO}/-/issues/${number}/comments`, { body: { body: names } });
    const started = (await npcRuns()).slice(0, (await npcRuns()).length - before.length);
    expect(started).toHaveLength(10);
    expect(started.map((run) => run.title.split(':')[0])).not.toContain('npc-11');
  });

  it('starts a pull_request.comment@npc run from a pull request description', async () => {
    await call(forge, 'POST', `${REPO}/-/git/branches`, {
      body: { name: 'feature', start_point: 'main' },
    });
    const pull = await call(forge, 'POST', `${REPO}/-/pulls`, {
      body: { base: 'main', head: 'feature', title: 'Feature', body: '@npc-2 review this' },
    });
    expect(pull.status).toBe(201);
    const [newest] = (await logs()).data;
    expect(newest).toMatchObject({
      event: 'pull_request.comment@npc',
      sourceRef: 'feature',
      targetRef: 'main',
      eventUrl: `${forge.baseUrl}/acme/web/-/pulls/${(pull.body as { number: string }).number}`,
    });
  });

  it('starts pull request runs from a comment and a review too, not from an edit', async () => {
    const before = (await logs('?event=pull_request.comment@npc')).total;
    const at = `${REPO}/-/pulls/1`;
    const comment = await call(forge, 'POST', `${at}/comments`, { body: { body: '@npc-3 look' } });
    expect(comment.status).toBe(201);
    const review = await call(forge, 'POST', `${at}/reviews`, {
      body: { event: 'comment', body: 'Over to @npc-4.' },
    });
    expect(review.status).toBe(201);
    const edit = await call(
      forge,
      'PATCH',
      `${at}/comments/${(comment.body as { id: string }).id}`,
      {
        body: { body: '@npc-5 instead' },
      },
    );
    expect(edit.status).toBe(200);
    const runs = (await logs('?event=pull_request.comment@npc')).data;
    expect(runs.length - before).toBe(2);
    expect(runs.slice(0, 2).map((run) => run.title.split(':')[0])).toEqual(['npc-4', 'npc-3']);
  });

  it('starts a build by API only for an api_trigger event', async () => {
    const refused = await call(forge, 'POST', `${REPO}/-/build/start`, {
      body: { event: 'push' },
    });
    expect([refused.status, (refused.body as { errcode: number }).errcode]).toEqual([
      400,
      ErrCode.Invalid,
    ]);
    expect((refused.body as { errmsg: string }).errmsg).toContain('api_trigger');
    for (let i = 0; i < 20; i++) {
      const started = await call(forge, 'POST', `${REPO}/-/build/start`, {
        body: { branch: 'main', event: i % 2 === 0 ? 'api_trigger' : 'api_trigger_nightly' },
      });
      expect(started.status).toBe(200);
      const { success, sn } = started.body as DtoBuildResult;
      expect([success, sn]).toEqual([true, expect.stringMatching(/^cnb-/)]);
    }
  });

  it('lists builds newest first, 30 to a page by default, with every published filter', async () => {
    const all = await logs('?page_size=100');
    expect(all.total).toBe(36);
    const times = all.data.map((build) => build.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await logs();
    expect([first.data.length, first.total]).toEqual([30, 36]);
    expect((await logs('?page=2')).data.map((b) => b.sn)).toEqual(
      all.data.slice(30).map((b) => b.sn),
    );
    expect((await logs('?page_size=500')).data).toHaveLength(36);
    expect((await logs('?event=api_trigger_nightly')).total).toBe(10);
    expect((await logs('?event=issue.comment@npc')).total).toBe(13);
    expect((await logs('?status=pending')).total).toBe(36);
    expect((await logs('?status=success')).total).toBe(0);
    expect((await logs(`?sn=${all.data[5].sn}`)).data.map((b) => b.sn)).toEqual([all.data[5].sn]);
    // Every build so far ran on the one commit (the feature branch starts there).
    expect((await logs(`?sha=${all.data[0].sha.slice(0, 10)}`)).total).toBe(36);
    expect((await logs('?sha=0000000')).total).toBe(0);
    expect((await logs('?sourceRef=feature&targetRef=main')).total).toBe(3);
    expect((await logs('?userName=admin')).total).toBe(36);
    expect((await logs('?userName=dev')).total).toBe(0);
    expect((await logs('?createTime=2030-03-04&endTime=2030-03-04')).total).toBe(36);
    expect((await logs('?createTime=2030-03-05')).total).toBe(0);
    expect((await logs('?endTime=2030-03-03')).total).toBe(0);
    for (const bad of ['status=running', 'createTime=04-03-2030', 'page_size=many']) {
      const answer = await call(forge, 'GET', `${REPO}/-/build/logs?${bad}`);
      expect([answer.status, (answer.body as { errcode: number }).errcode]).toEqual([
        400,
        ErrCode.Invalid,
      ]);
    }
  });

  it('finishes builds by the clock, and bills each run once in the ledger, by its sn', async () => {
    const amountBefore = (await call(forge, 'GET', '/acme/-/charge/special-amount'))
      .body as DtoSpecialAmount;
    clock.advance(2 * HOUR_MS);
    const all = (await logs('?page_size=100')).data;
    expect(all.every((build) => build.status === 'success' || build.status === 'error')).toBe(true);
    expect(all.some((build) => build.status === 'success')).toBe(true);
    let billed = 0;
    for (const build of all) {
      const status = (await call(forge, 'GET', `${REPO}/-/build/status/${build.sn}`))
        .body as DtoBuildStatusResult;
      expect(status.status).toBe(build.status);
      const pipelines = Object.values(status.pipelinesStatus);
      expect(pipelines.length).toBeGreaterThan(0);
      for (const pipeline of pipelines) {
        expect(pipeline.duration).toBeGreaterThan(0);
        expect(pipeline.metricDuration).toBeGreaterThanOrEqual(pipeline.duration);
        expect(pipeline.metricCoreHours).toBeGreaterThan(0);
        billed += Math.round(pipeline.metricCoreHours * 1000);
      }
    }
    const ledger = (await call(forge, 'GET', '/acme/-/charge/ledger?page_size=100'))
      .body as LedgerEntry[];
    const charges = ledger.filter((entry) => entry.sn !== undefined);
    expect(charges.map((entry) => entry.sn).sort()).toEqual(all.map((build) => build.sn).sort());
    expect(
      charges.reduce((sum, entry) => sum + Math.round((entry.core_hours ?? 0) * 1000), 0),
    ).toBe(billed);
    const amountAfter = (await call(forge, 'GET', '/acme/-/charge/special-amount'))
      .body as DtoSpecialAmount;
    // Published as an integer: whole core-hours left of the 2000 allowed, rounded down.
    expect(amountBefore.compute_build_corehour).toBe(2000);
    expect(amountAfter.compute_build_corehour).toBe(Math.floor((2_000_000 - billed) / 1000));
    expect(billed).toBeGreaterThan(1000);
    expect(amountAfter.credit).toBeLessThan(amountBefore.credit);
    // Reading again charges nothing twice.
    const again = (await call(forge, 'GET', '/acme/-/charge/ledger?page_size=100'))
      .body as LedgerEntry[];
    expect(again.length).toBe(ledger.length);
  });

  it('shows a stage with its log lines, and deletes the lines but not the build', async () => {
    const [build] = (await logs('?status=success')).data;
    const status = (await call(forge, 'GET', `${REPO}/-/build/status/${build.sn}`))
      .body as DtoBuildStatusResult;
    const pipeline = Object.values(status.pipelinesStatus)[0];
    const at = `${REPO}/-/build/logs/stage/${build.sn}/${pipeline.id}/${pipeline.stages[0].id}`;
    const stage = (await call(forge, 'GET', at)).body as DtoBuildStageResult;
    expect(stage.status).toBe('success');
    expect(stage.content.length).toBeGreaterThan(0);
    expect(stage.endTime - stage.startTime).toBe(stage.duration);
    const deleted = await call(forge, 'DELETE', `${REPO}/-/build/logs/${build.sn}`);
    expect([deleted.status, deleted.body]).toEqual([200, expect.objectContaining({ code: 0 })]);
    expect(((await call(forge, 'GET', at)).body as DtoBuildStageResult).content).toEqual([]);
    expect((await logs(`?sn=${build.sn}`)).total).toBe(1);
    expect((await call(forge, 'GET', `${REPO}/-/build/status/nope`)).status).toBe(404);
  });

  it('stops a running build as cancel, twice harmlessly, and refuses a finished one', async () => {
    const started = (await call(forge, 'POST', `${REPO}/-/build/start`, { body: {} }))
      .body as DtoBuildResult;
    clock.advance(60_000);
    const stop = `${REPO}/-/build/stop/${started.sn}`;
    const first = await call(forge, 'POST', stop, { token: devToken });
    expect([first.status, (first.body as DtoBuildResult).success]).toEqual([200, true]);
    expect((await logs(`?sn=${started.sn}`)).data[0].status).toBe('cancel');
    clock.advance(2 * HOUR_MS);
    const second = await call(forge, 'POST', stop, { token: devToken });
    expect(second.status).toBe(200);
    const status = (await call(forge, 'GET', `${REPO}/-/build/status/${started.sn}`))
      .body as DtoBuildStatusResult;
    expect(status.status).toBe('cancel');
    const pipeline = Object.values(status.pipelinesStatus)[0];
    expect(pipeline.status).toBe('cancel');
    expect(pipeline.stages.map((stage) => stage.status)).toContain('skipped');
    const ledger = (await call(forge, 'GET', '/acme/-/charge/ledger?page_size=100'))
      .body as LedgerEntry[];
    const charge = ledger.filter((entry) => entry.sn === started.sn);
    expect(charge).toHaveLength(1);
    expect(Math.round((charge[0].core_hours ?? 0) * 1000)).toBe(
      Math.round(pipeline.metricCoreHours * 1000),
    );
    const [finished] = (await logs('?status=success')).data;
    const refused = await call(forge, 'POST', `${REPO}/-/build/stop/${finished.sn}`);
    expect([refused.status, (refused.body as { errcode: number }).errcode]).toEqual([
      409,
      ErrCode.Conflict,
    ]);
  });

  it('refuses tokens without the build scope, and callers without the role', async () => {
    const noScope = forge.createToken('dev', ['repo-code:rw']);
    const readOnly = forge.createToken('dev', ['repo-cnb-trigger:r']);
    const refusals: [string, string, string | null, number, number][] = [
      ['GET', '/-/build/logs', noScope, 403, ErrCode.Forbidden],
      ['POST', '/-/build/start', readOnly, 403, ErrCode.Forbidden],
      ['POST', '/-/build/start', guestToken, 403, ErrCode.Forbidden],
      ['DELETE', '/-/build/logs/x', devToken, 403, ErrCode.Forbidden],
      ['GET', '/-/build/logs', null, 401, ErrCode.Unauthorized],
    ];
    for (const [method, route, token, status, errcode] of refusals) {
      const answer = await call(forge, method, REPO + route, {
        token,
        body: method === 'POST' ? {} : undefined,
      });
      expect([method, route, answer.status, (answer.body as { errcode: number }).errcode]).toEqual([
        method,
        route,
        status,
        errcode,
      ]);
    }
    expect((await call(forge, 'GET', `${REPO}/-/build/logs`, { token: readOnly })).status).toBe(
      200,
    );
    expect((await call(forge, 'GET', `${REPO}/-/build/logs`, { token: guestToken })).status).toBe(
      200,
    );
    const started = await call(forge, 'POST', `${REPO}/-/build/start`, {
      token: devToken,
      body: {},
    });
    expect(started.status).toBe(200);
  });

  it('counts the NPC runs in the repository record', async () => {
    const repo = await call(forge, 'GET', REPO);
    expect((repo.body as { npc_builded_count: number }).npc_builded_count).toBe(
      (await logs('?event=issue.comment@npc')).total +
        (await logs('?event=pull_request.comment@npc')).total,
    );
  });

  it('reads an untyped JSON body and an encoded slash in the repository, as other writes do', async () => {
    const response = await fetch(`${forge.baseUrl}/acme%2Fweb/-/build/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forge.adminToken}` },
      // Bytes, not a string: fetch would call a string text/plain.
      body: Buffer.from(JSON.stringify({ event: 'api_trigger_untyped' })),
    });
    expect(response.status).toBe(200);
    const { sn } = (await response.json()) as DtoBuildResult;
    const listed = await call(forge, 'GET', '/acme%2Fweb/-/build/logs?event=api_trigger_untyped');
    expect((listed.body as DtoBuildLogsResult).data.map((build) => build.sn)).toEqual([sn]);
    expect((await call(forge, 'POST', `/acme%2Fweb/-/build/stop/${sn}`)).status).toBe(200);
  });

  it('serves the family with FORGE_EXTENSIONS=off too: it is published', async () => {
    const plain = await startForge({ seed: 'none', extensions: false });
    try {
      await forgeClient(plain).createGroup({ path: 'acme' });
      await forgeClient(plain).createRepo('acme', { name: 'web', visibility: 'public' });
      const answer = await call(plain, 'GET', `${REPO}/-/build/logs`);
      expect([answer.status, (answer.body as DtoBuildLogsResult).init]).toEqual([200, false]);
    } finally {
      await plain.stop();
    }
  });
});
