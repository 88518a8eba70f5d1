import type { DispatchFinding, DispatchHistoryItem, PreflightResult } from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';
import { CreditsService as ForgeCredits } from '../server/forge/credits/credits.service';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';

const ADMIN_TOKEN = 'dispatch-admin-token-0123456789';

/**
 * Guarded dispatch end to end: a forge with a fixture organization, a board with a hard
 * WIP limit of 2, and every write counted on the forge's request metrics.
 */
describe('guarded dispatch against a real forge', () => {
  let forge: HarnessForge;
  let board: RunningBoard;
  let client: ReturnType<typeof forgeClient>;

  const headers = (user?: string): Record<string, string> => ({
    authorization: `Bearer ${ADMIN_TOKEN}`,
    'content-type': 'application/json',
    ...(user ? { 'x-remote-user': user } : {}),
  });
  const post = (path: string, body: unknown, user?: string): Promise<Response> =>
    fetch(`${board.url}${path}`, {
      method: 'POST',
      headers: headers(user),
      body: JSON.stringify(body),
    });
  const preflight = async (body: unknown): Promise<DispatchFinding[]> => {
    const response = await post('/api/issues/preflight', body);
    expect(response.status).toBe(200);
    return ((await response.json()) as PreflightResult).findings;
  };
  const history = async (query = ''): Promise<DispatchHistoryItem[]> => {
    const response = await fetch(`${board.url}/api/admin/dispatches${query}`, {
      headers: headers(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as DispatchHistoryItem[];
  };
  /** Writes the forge has answered so far (issues, comments, assignees). */
  const forgeWrites = async (): Promise<number> =>
    (await forge.requestCount({ method: 'POST' })) +
    (await forge.requestCount({ method: 'PATCH' })) +
    (await forge.requestCount({ method: 'DELETE' }));
  const openIssueCount = async (): Promise<number> =>
    (await client.listIssues('fixture/app', { state: 'open' })).length;
  const task = { repo: 'fixture/app', npc: 'npc-builder', work_mode: true };

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        env: {
          BOARD_ORGS: 'fixture,broke',
          ADMIN_TOKEN,
          ADMIN_TRUSTED_HEADER: 'X-Remote-User',
          ADMIN_USERS: 'alice',
          TRUSTED_PROXIES: '127.0.0.0/8',
          WIP_SOFT_LIMIT: '1',
          WIP_HARD_LIMIT: '2',
        },
      },
    );
    forge.createUser('npc-builder', { npc: true });
    forge.createUser('npc-tester', { npc: true });
    client = forgeClient(forge);
    for (const org of ['fixture', 'broke']) {
      await client.createGroup({ path: org, remark: org });
      for (const user of ['npc-builder', 'npc-tester']) forge.setRole(org, user, 'Developer');
      await client.createRepo(org, { name: 'app', visibility: 'public' });
    }
    // fixture has credits for weeks; broke has none.
    forge.app.get(ForgeCredits).topUp('fixture', 100_000, 'test');
  });

  /**
   * Record the balances. The run's alert evaluation reads (and caches) the issue lists,
   * so a test creates its forge-side issues first.
   */
  async function recordBalances(): Promise<void> {
    expect((await post('/api/admin/credits/refresh', {})).status).toBe(200);
  }

  afterEach(async () => {
    await board.stop();
    await forge.stop();
  });

  it('refuses a dispatch past the hard WIP limit and takes it with an override and a reason', async () => {
    for (const title of ['First task', 'Second task']) {
      await client.createIssue('fixture/app', { title, assignees: ['npc-builder'] });
    }
    await recordBalances();
    const writes = await forgeWrites();

    const refused = await post('/api/issues/create', { ...task, requirement: 'Third task' });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as {
      statusCode: number;
      message: string;
      code: string;
      params: Record<string, string | number>;
      findings: DispatchFinding[];
      request_id: string;
    };
    expect(body).toMatchObject({ statusCode: 409, code: 'wip_limit' });
    // The refusal carries the blocking finding's params, to be worded by the app.
    expect(body.params).toEqual({ npc: 'npc-builder', count: 2, limit: 2, soft: 1, hard: 2 });
    expect(body.message).toContain('npc-builder already holds 2 open tasks; its limit is 2');
    expect(body.findings[0]).toMatchObject({ code: 'wip_limit', severity: 'block' });
    expect(await forgeWrites()).toBe(writes);
    expect(await openIssueCount()).toBe(2);

    const noReason = await post('/api/issues/create', {
      ...task,
      requirement: 'Third task',
      override: true,
    });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { message: string }).message).toContain('override_reason');

    const taken = await post('/api/issues/create', {
      ...task,
      requirement: 'Third task',
      override: true,
      override_reason: 'Release blocker, the NPC is idle',
    });
    expect(taken.status).toBe(201);
    const created = (await taken.json()) as Issue;
    expect(created.body.trim().split('\n').at(-1)).toBe('_Dispatched from NPC Board._');
    expect(await openIssueCount()).toBe(3);

    const [entry] = await history();
    expect(entry).toMatchObject({
      kind: 'dispatch',
      actor: 'token',
      repo: 'fixture/app',
      number: created.number,
      npc: 'npc-builder',
      work_mode: true,
      override: true,
      override_reason: 'Release blocker, the NPC is idle',
      column: 'pending',
      pickup_latency_s: null,
    });
    expect(entry.findings.map((f) => `${f.code}:${f.severity}`)).toContain('wip_limit:block');
  });

  it('warns at the soft limit and names a possible duplicate with a link, creating nothing', async () => {
    const open = await client.createIssue('fixture/app', { title: 'Add dark mode to settings' });
    // One open task reaches npc-tester's soft limit of 1.
    await client.createIssue('fixture/app', {
      title: 'Check the build',
      assignees: ['npc-tester'],
    });
    const writes = await forgeWrites();

    const findings = await preflight({
      repo: 'fixture/app',
      npc: 'npc-tester',
      requirement: '# add dark mode to the settings\n\nUsers ask for it.',
    });
    const duplicate = findings.find((f) => f.code === 'possible_duplicate');
    expect(duplicate).toEqual({
      code: 'possible_duplicate',
      severity: 'warn',
      message: `An open issue has a similar title: #${open.number} "Add dark mode to settings"`,
      params: {
        repo: 'fixture/app',
        number: Number(open.number),
        title: 'Add dark mode to settings',
        count: 1,
        more: 0,
      },
      links: [
        {
          label: `fixture/app#${open.number} Add dark mode to settings`,
          url: `/tasks?repo=fixture%2Fapp&issue=${open.number}`,
        },
      ],
    });
    // No human has committed to the new repository: a warning, never a block.
    expect(findings.find((f) => f.code === 'dormant_repository')).toMatchObject({
      severity: 'warn',
      params: { repo: 'fixture/app', org: 'fixture', dormant_days: 30 },
    });
    expect(findings.some((f) => f.severity === 'block')).toBe(false);
    expect(findings.find((f) => f.code === 'wip_limit')).toEqual({
      code: 'wip_limit',
      severity: 'warn',
      message: 'npc-tester already holds 1 open task (its soft limit is 1)',
      params: { npc: 'npc-tester', count: 1, limit: 1, soft: 1, hard: 2 },
      links: [{ label: 'Open tasks of npc-tester', url: '/tasks?npc=npc-tester&state=open' }],
    });
    // npc-builder holds nothing: no WIP finding.
    const forBuilder = await preflight({ repo: 'fixture/app', npc: 'npc-builder' });
    expect(forBuilder.map((f) => f.code)).toEqual(['dormant_repository']);

    expect(await forgeWrites()).toBe(writes);
    expect(await openIssueCount()).toBe(2);
  });

  it('blocks an organization with no credits left', async () => {
    await recordBalances();
    const findings = await preflight({ repo: 'broke/app', npc: 'npc-builder' });
    expect(findings[0]).toMatchObject({
      code: 'low_runway',
      severity: 'block',
      message: 'broke has no credits left (balance 0): its NPCs cannot work',
      params: { org: 'broke', balance: 0 },
      links: [{ label: 'Credits of broke', url: '/credits?org=broke' }],
    });
    const refused = await post('/api/issues/create', {
      ...task,
      repo: 'broke/app',
      requirement: 'Anything',
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'low_runway',
      params: { org: 'broke', balance: 0 },
    });
    expect(await client.listIssues('broke/app')).toEqual([]);
  });

  it('hands an issue to another NPC with a mention, shows it at once and logs who did it', async () => {
    await recordBalances();
    const dispatched = await post('/api/issues/create', { ...task, requirement: 'Fix the build' });
    expect(dispatched.status).toBe(201);
    const { number } = (await dispatched.json()) as Issue;
    // The board has the list cached with npc-builder as the assignee.
    const before = (await (await fetch(`${board.url}/api/issues?org=fixture`)).json()) as Issue[];
    expect(before[0].assignees.map((a) => a.username)).toEqual(['npc-builder']);

    const path = `/api/admin/issues/fixture%2Fapp/${number}/redispatch`;
    const moved = await post(path, { npc: 'npc-tester', reason: 'builder is stuck' }, 'alice');
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Issue).assignees.map((a) => a.username)).toEqual([
      'npc-tester',
    ]);
    const after = (await (await fetch(`${board.url}/api/issues?org=fixture`)).json()) as Issue[];
    expect(after[0].assignees.map((a) => a.username)).toEqual(['npc-tester']);
    const comments = await client.listComments('fixture/app', number);
    expect(comments.at(-1)?.body).toBe(
      '@npc-tester please take over this task (handed over from @npc-builder).\n\nReason: builder is stuck',
    );

    const log = await history();
    expect(log.map((d) => [d.kind, d.actor, d.npc, d.previous_npc])).toEqual([
      ['redispatch', 'alice', 'npc-tester', 'npc-builder'],
      ['dispatch', 'token', 'npc-builder', null],
    ]);
    expect((await history('?npc=npc-tester')).map((d) => d.kind)).toEqual(['redispatch']);
    expect(await history('?org=broke')).toEqual([]);
    expect(await history('?limit=1')).toHaveLength(1);

    const again = await post(path, { npc: 'npc-tester' });
    expect(again.status).toBe(409);
    await client.updateIssue('fixture/app', number, { state: 'closed' });
    const closed = await post(path, { npc: 'npc-builder' });
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toContain('is closed');
  });

  it('answers bad input with 400 naming the field and writes nothing upstream', async () => {
    const writes = await forgeWrites();
    const cases: [string, unknown, string][] = [
      ['/api/issues/preflight', {}, 'repo must be'],
      ['/api/issues/preflight', { repo: 'fixture' }, 'repo must be <org>/<repo>'],
      [
        '/api/issues/preflight',
        { repo: 'nowhere/app' },
        'repo must belong to a covered organization',
      ],
      [
        '/api/issues/preflight',
        { repo: 'fixture/ghost' },
        'repo fixture/ghost is not a repository',
      ],
      ['/api/issues/preflight', { repo: 'fixture/app', npc: 'npc-ghost' }, 'npc must be one of'],
      [
        '/api/issues/preflight',
        { repo: 'fixture/app', work_mode: 'yes' },
        'work_mode must be true or false',
      ],
      [
        '/api/issues/preflight',
        { repo: 'fixture/app', override: true },
        'property override should not exist',
      ],
      [
        '/api/issues/create',
        { ...task, requirement: 'x', override: 'yes', override_reason: 'r' },
        'override must be true or false',
      ],
      [
        '/api/issues/create',
        { ...task, requirement: 'x', override: true, override_reason: '  ' },
        'override_reason must say why',
      ],
      [
        '/api/issues/create',
        { ...task, requirement: 'x', override: true, override_reason: 'r'.repeat(501) },
        'override_reason must be at most 500',
      ],
      ['/api/admin/issues/fixture%2Fapp/1/redispatch', {}, 'npc must be a string'],
      ['/api/admin/issues/fixture%2Fapp/1/redispatch', { npc: 'npc-ghost' }, 'npc must be one of'],
      [
        '/api/admin/issues/fixture%2Fapp/0/redispatch',
        { npc: 'npc-tester' },
        'number must be a positive integer',
      ],
      [
        '/api/admin/issues/fixture/1/redispatch',
        { npc: 'npc-tester' },
        'full_name must be <org>/<repo>',
      ],
      [
        '/api/admin/issues/fixture%2Fapp/1/redispatch',
        { npc: 'npc-tester', reason: 5 },
        'reason must be a string',
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await post(path, body);
      expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    for (const [query, message] of [
      ['?limit=0', 'limit must be a positive integer'],
      ['?limit=501', 'limit must be at most 500'],
      ['?npc=npc-ghost', 'npc must be one of'],
      ['?org=nowhere', 'nowhere'],
      ['?since=yesterday', 'property since should not exist'],
    ]) {
      const response = await fetch(`${board.url}/api/admin/dispatches${query}`, {
        headers: headers(),
      });
      expect({ query, status: response.status }).toEqual({
        query,
        status: query === '?org=nowhere' ? 404 : 400,
      });
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    // Each refusal also names itself with a code and the params its text needs.
    const coded: [string, unknown, string, Record<string, string | number>][] = [
      ['/api/issues/preflight', {}, 'validation_failed', { field: 'repo', rule: 'required' }],
      [
        '/api/issues/preflight',
        { repo: 'nowhere/app' },
        'org_not_covered',
        { field: 'repo', org: 'nowhere' },
      ],
      [
        '/api/issues/preflight',
        { repo: 'fixture/ghost' },
        'repo_not_shown',
        { field: 'repo', repo: 'fixture/ghost' },
      ],
      [
        '/api/admin/issues/fixture%2Fapp/1/redispatch',
        { npc: 'npc-ghost' },
        'unknown_npc',
        {
          field: 'npc',
          npc: 'npc-ghost',
          allowed: expect.stringContaining('npc-builder') as string,
        },
      ],
      [
        '/api/issues/create',
        { ...task, requirement: 'x', override: true, override_reason: 'r'.repeat(501) },
        'validation_failed',
        { field: 'override_reason', rule: 'max_length', max: 500 },
      ],
    ];
    for (const [path, body, code, params] of coded) {
      const answer = (await (await post(path, body)).json()) as { code: string; params: object };
      expect({ path, code: answer.code, params: answer.params }).toMatchObject({
        path,
        code,
        params,
      });
    }
    const since = await fetch(`${board.url}/api/admin/dispatches?since=yesterday`, {
      headers: headers(),
    });
    expect(await since.json()).toMatchObject({
      code: 'unknown_query_parameter',
      params: { field: 'since' },
    });
    expect(await forgeWrites()).toBe(writes);
  });
});
