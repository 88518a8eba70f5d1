import { expect } from '@jest/globals';
import type { PlatformIssue } from '@shared/platform/types';
import {
  PlatformConflictError,
  PlatformForbiddenError,
  PlatformInvalidError,
  PlatformNotFoundError,
} from '../../server/board/platform/platform.errors';
import type { PlatformTestClient } from '../platform-test-client';
import { ManualClock } from '../../server/forge/common/clock';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const T0 = '2025-03-10T10:00:00.000Z';
const DAY = 86_400_000;
const numbers = (issues: PlatformIssue[]): number[] => issues.map((issue) => Number(issue.number));

describe('forge: issues, labels, assignees and comments', () => {
  let clock: ManualClock;
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let erin: PlatformTestClient;
  const repo = 'acme/tracker';

  // Every test gets the same fixture on a fresh forge and clock: six issues, whatever ran before.
  beforeEach(async () => {
    clock = new ManualClock(T0);
    forge = await startForge({ seed: 'none', clock });
    admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'tracker', visibility: 'public' });
    forge.createUser('erin');
    forge.createUser('npc-one', { npc: true });
    forge.createUser('outsider');
    forge.setRole('acme', 'erin', 'Developer');
    forge.setRole('acme', 'npc-one', 'Developer');
    erin = forgeClient(forge, forge.createToken('erin'));

    const create = async (
      client: PlatformTestClient,
      body: Parameters<PlatformTestClient['createIssue']>[1],
    ): Promise<void> => {
      clock.advance(60_000);
      await client.createIssue(repo, body);
    };
    await create(admin, {
      title: 'Login fails on Safari',
      labels: ['bug'],
      assignees: ['npc-one'],
      priority: 'P2',
    });
    await create(erin, { title: 'Add dark mode', labels: ['enhancement'], priority: 'P1' });
    await create(admin, {
      title: 'Crash on empty config',
      labels: ['bug', 'urgent'],
      assignees: ['erin'],
    });
    await create(erin, {
      title: 'Docs: install guide',
      labels: ['documentation'],
      assignees: ['npc-one', 'erin'],
    });
    await create(admin, { title: 'Search treats 100%_done literally', body: 'needle in the body' });
    clock.set(new Date(Date.parse(T0) + DAY));
    await admin.updateIssue(repo, 2, { state: 'closed' });
    clock.set(new Date(Date.parse(T0) + 2 * DAY));
    await admin.createComment(repo, 3, 'Looking into it');
    clock.set(new Date(Date.parse(T0) + 3 * DAY));
    await admin.updateIssue(repo, 1, { title: 'Login fails on Safari 17' });
    await admin.createIssue(repo, {
      title: 'Fresh',
      labels: ['brand-new'],
      assignees: ['erin'],
      work_mode: true,
    });
    await admin.updateIssue(repo, 6, { state: 'closed', state_reason: 'not_planned' });
  });
  afterEach(() => forge.stop());

  const list = async (query: object): Promise<number[]> =>
    numbers(await admin.listIssues(repo, query));

  it('creates issues (201) with labels created on the fly and assignees with a role', async () => {
    const created = await call(forge, 'POST', `/${repo}/-/issues`, {
      body: { title: 'Newer', labels: ['brand-new-too'], assignees: ['erin'], work_mode: true },
    });
    expect(created.status).toBe(201);
    const issue = created.body as PlatformIssue;
    expect(issue).toMatchObject({
      number: '7',
      state: 'open',
      state_reason: 'open',
      comment_count: 0,
      body: '',
    });
    expect(issue.labels).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        name: 'brand-new-too',
        color: 'ededed',
        description: '',
      }),
    ]);
    expect(issue.assignees.map((user) => user.username)).toEqual(['erin']);
    expect(issue.author).toMatchObject({ username: 'admin', is_npc: false, freeze: false });
    expect((await admin.getIssue(repo, 7)).title).toBe('Newer');
  });

  it('filters by state (no state means every state)', async () => {
    expect(numbers(await admin.listIssues(repo))).toEqual([6, 5, 4, 3, 2, 1]);
    expect(numbers(await admin.listIssues(repo, { state: 'open' }))).toEqual([5, 4, 3, 1]);
    expect(numbers(await admin.listIssues(repo, { state: 'closed' }))).toEqual([6, 2]);
    expect((await call(forge, 'GET', `/${repo}/-/issues?state=all`)).body).toHaveLength(6);
  });

  it('filters by keyword in title and body, with LIKE wildcards taken literally', async () => {
    expect(await list({ keyword: 'safari' })).toEqual([1]);
    expect(await list({ keyword: '%_' })).toEqual([5]);
    expect(await list({ keyword: 'needle' })).toEqual([5]);
    expect(await list({ keyword: '3' })).toEqual([3]);
  });

  it('filters by labels with any of them (default, contains_any) or all (contains_all), ignoring case', async () => {
    expect(await list({ labels: 'bug' })).toEqual([3, 1]);
    expect(await list({ labels: 'BUG,urgent', labels_operator: 'AND' })).toEqual([3]);
    expect(await list({ labels: 'bug,documentation', labels_operator: 'AND' })).toEqual([]);
    expect(await list({ labels: 'bug,documentation' })).toEqual([4, 3, 1]);
    expect(
      (
        await call(
          forge,
          'GET',
          `/${repo}/-/issues?labels=bug,documentation&labels_operator=contains_all`,
        )
      ).body,
    ).toEqual([]);
    expect(
      (
        (
          await call(
            forge,
            'GET',
            `/${repo}/-/issues?labels=bug,documentation&labels_operator=contains_any`,
          )
        ).body as PlatformIssue[]
      ).map((issue) => Number(issue.number)),
    ).toEqual([4, 3, 1]);
  });

  it('filters by authors, assignees (with - for unassigned) and priority', async () => {
    expect(await list({ authors: 'erin' })).toEqual([4, 2]);
    expect(await list({ authors: 'erin,admin' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await list({ assignees: 'npc-one' })).toEqual([4, 1]);
    expect(await list({ assignees: '-' })).toEqual([5, 2]);
    expect(await list({ assignees: 'erin,-' })).toEqual([6, 5, 4, 3, 2]);
    expect(await list({ priority: 'P2' })).toEqual([1]);
    expect(await list({ priority: 'P1,P2' })).toEqual([2, 1]);
  });

  it('filters by update and close days (UTC, both ends inclusive)', async () => {
    expect(await list({ updated_time_begin: '2025-03-11', order_by: 'created_at' })).toEqual([
      1, 2, 3, 6,
    ]);
    expect(await list({ updated_time_end: '2025-03-10' })).toEqual([5, 4]);
    expect(
      await list({ updated_time_begin: '2025-03-12', updated_time_end: '2025-03-12' }),
    ).toEqual([3]);
    expect(await list({ close_time_begin: '2025-03-11', close_time_end: '2025-03-11' })).toEqual([
      2,
    ]);
    expect(await list({ close_time_end: '2025-03-10' })).toEqual([]);
  });

  it('orders by created_at both ways, updated_at and last_acted_at', async () => {
    expect(await list({ order_by: 'created_at' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await list({ order_by: '-created_at' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await list({ order_by: '-updated_at' })).toEqual([6, 1, 3, 2, 5, 4]);
    expect(await list({ order_by: '-last_acted_at' })).toEqual([6, 1, 3, 2, 5, 4]);
  });

  it('refuses bad list input with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['state=maybe', 'state'],
      ['order_by=title', 'order_by'],
      ['updated_time_begin=2025-02-31', 'updated_time_begin'],
      ['close_time_end=yesterday', 'close_time_end'],
      ['page=1.5', 'page'],
      ['page_size=ten', 'page_size'],
      ['labels_operator=XOR', 'labels_operator'],
    ]) {
      const response = await call(forge, 'GET', `/${repo}/-/issues?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errcode: 400, errparam: { field } });
      expect((response.body as { errmsg: string }).errmsg).toContain(field);
    }
  });

  it('clamps paging and reports the total', async () => {
    const page = async (query: string) => {
      const response = await call(
        forge,
        'GET',
        `/${repo}/-/issues?state=all&order_by=created_at&${query}`,
      );
      return {
        numbers: numbers(response.body as PlatformIssue[]),
        total: response.headers.get('x-total-count'),
      };
    };
    expect(await page('page_size=2&page=2')).toEqual({ numbers: [3, 4], total: '6' });
    expect(await page('page_size=2&page=-3')).toEqual({ numbers: [1, 2], total: '6' });
    expect((await page('page_size=0')).numbers).toHaveLength(6);
    expect((await page('page_size=1000')).numbers).toHaveLength(6);
    expect(await page('page_size=4&page=9')).toEqual({ numbers: [], total: '6' });
  });

  it('lists issues organization-wide with the repository path, members seeing private ones', async () => {
    await admin.createRepo('acme', { name: 'hidden', visibility: 'private' });
    await admin.createIssue('acme/hidden', { title: 'Private matter' });
    const all = await admin.listOrgIssues('acme', { order_by: 'created_at', state: 'open' });
    expect(all.map((issue) => `${issue.repo?.path}#${issue.number}`)).toEqual(
      [
        'acme/tracker#1',
        'acme/tracker#2',
        'acme/tracker#3',
        'acme/tracker#4',
        'acme/tracker#5',
        'acme/tracker#6',
        'acme/hidden#1',
      ].filter((key) => !['acme/tracker#2', 'acme/tracker#6'].includes(key)),
    );
    const outsider = forgeClient(forge, forge.createToken('outsider'));
    expect(
      (await outsider.listOrgIssues('acme')).every((issue) => issue.repo?.path === 'acme/tracker'),
    ).toBe(true);
    expect(
      (await admin.listOrgIssues('acme', { labels: 'bug' })).map((issue) => issue.number),
    ).toEqual(['3', '1']);
    expect(
      (await admin.listOrgIssues('acme', { state: 'closed' })).map((issue) => issue.number),
    ).toEqual(['6', '2']);
  });

  it('keeps comment_count exact, moves last_acted_at, and pages and sorts comments', async () => {
    clock.set(new Date(Date.parse(T0) + 4 * DAY));
    for (const text of ['one', 'two', 'three']) {
      clock.advance(1000);
      const comment = await erin.createComment(repo, 4, { body: text });
      expect(comment).toMatchObject({ body: text, author: { username: 'erin' } });
    }
    const issue = await admin.getIssue(repo, 4);
    expect(issue.comment_count).toBe(3);
    expect(issue.last_acted_at).toBe(new Date(Date.parse(T0) + 4 * DAY + 3000).toISOString());
    expect((await admin.listComments(repo, 4)).map((c) => c.body)).toEqual(['one', 'two', 'three']);
    expect((await admin.listComments(repo, 4, { sort: '-created_at' })).map((c) => c.body)).toEqual(
      ['three', 'two', 'one'],
    );
    expect(
      (await admin.listComments(repo, 4, { page: 2, page_size: 2 })).map((c) => c.body),
    ).toEqual(['three']);
    const empty = await call(forge, 'POST', `/${repo}/-/issues/4/comments`, { body: { body: '' } });
    expect(empty.status).toBe(400);
    expect((await admin.getIssue(repo, 4)).comment_count).toBe(3);
  });

  it('adds and removes issue labels, and lists and creates repository labels', async () => {
    await admin.addIssueLabels(repo, 5, ['Docs', 'documentation']);
    expect((await admin.listIssueLabels(repo, 5)).map((label) => label.name)).toEqual([
      'Docs',
      'documentation',
    ]);
    await admin.removeIssueLabel(repo, 5, 'docs');
    expect((await admin.listIssueLabels(repo, 5)).map((label) => label.name)).toEqual([
      'documentation',
    ]);
    await expect(admin.removeIssueLabel(repo, 5, 'docs')).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
    const label = await admin.createRepoLabel(repo, {
      name: 'type/infra',
      color: 'AABBCC',
      description: 'Infra',
    });
    expect(label).toMatchObject({ name: 'type/infra', color: 'aabbcc' });
    await expect(
      admin.createRepoLabel(repo, { name: 'TYPE/INFRA', color: '000000' }),
    ).rejects.toBeInstanceOf(PlatformConflictError);
    await expect(
      admin.createRepoLabel(repo, { name: 'x', color: '#00ff00' }),
    ).rejects.toBeInstanceOf(PlatformInvalidError);
    await admin.addIssueLabels(repo, 5, ['type/infra']);
    await admin.removeIssueLabel(repo, 5, 'type/infra');
    expect((await admin.listRepoLabels(repo, { keyword: 'infra' })).map((l) => l.name)).toEqual([
      'type/infra',
    ]);
  });

  it('adds, replaces and removes assignees, only users with a role, at most eight', async () => {
    expect((await admin.getAssignees(repo, 5)).map((u) => u.username)).toEqual([]);
    await admin.addAssignees(repo, 5, ['npc-one']);
    await admin.addAssignees(repo, 5, ['erin']);
    expect((await admin.getAssignees(repo, 5)).map((u) => u.username)).toEqual(['erin', 'npc-one']);
    await admin.replaceAssignees(repo, 5, ['erin']);
    expect((await admin.getAssignees(repo, 5)).map((u) => u.username)).toEqual(['erin']);
    await admin.removeAssignees(repo, 5, ['erin']);
    expect(await admin.getAssignees(repo, 5)).toEqual([]);
    await expect(admin.addAssignees(repo, 5, ['outsider'])).rejects.toBeInstanceOf(
      PlatformInvalidError,
    );
    await expect(admin.addAssignees(repo, 5, ['ghost'])).rejects.toBeInstanceOf(
      PlatformInvalidError,
    );
    const nine = Array.from({ length: 9 }, (_, i) => `user${i}`);
    const tooMany = await call(forge, 'POST', `/${repo}/-/issues`, {
      body: { title: 'x', assignees: nine },
    });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { errmsg: string }).errmsg).toContain('assignees');
  });

  it('closes with a reason, reopens, and refuses contradicting reasons', async () => {
    expect(await admin.updateIssue(repo, 3, { state: 'closed' })).toMatchObject({
      state: 'closed',
      state_reason: 'completed',
    });
    expect((await admin.getRepo(repo)).open_issue_count).toBe(3);
    expect(await admin.updateIssue(repo, 3, { state: 'open' })).toMatchObject({
      state: 'open',
      state_reason: 'reopened',
    });
    expect((await admin.getRepo(repo)).open_issue_count).toBe(4);
    await expect(admin.updateIssue(repo, 3, { state_reason: 'completed' })).rejects.toBeInstanceOf(
      PlatformInvalidError,
    );
  });

  it('lets authors edit their issues, and refuses others without the Reporter role (7)', async () => {
    forge.setRole('acme', 'outsider', 'Guest');
    const guest = forgeClient(forge, forge.createToken('outsider'));
    const own = await guest.createIssue(repo, { title: 'Guest idea' });
    expect(
      (await guest.updateIssue(repo, own.number, { title: 'Guest idea, refined' })).title,
    ).toBe('Guest idea, refined');
    await expect(guest.updateIssue(repo, 1, { title: 'hijack' })).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    await expect(guest.updateIssue(repo, own.number, { priority: 'P3' })).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    await expect(guest.addIssueLabels(repo, 1, ['x'])).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    const readOnly = forgeClient(forge, forge.createToken('admin', ['repo-issue:r']));
    await expect(readOnly.createIssue(repo, { title: 'x' })).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    await expect(readOnly.createComment(repo, 1, 'x')).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
  });

  it('refuses triage fields in a creation below Reporter (7), creating neither issue nor label', async () => {
    forge.createUser('stranger');
    const stranger = forgeClient(forge, forge.createToken('stranger'));
    const before = (await admin.listIssues(repo)).length;
    const labelsBefore = (await call(forge, 'GET', `/${repo}/-/labels?page_size=100`)).body;
    for (const extra of [
      { assignees: ['npc-one'], labels: ['npc-task'] },
      { labels: ['made-up-by-an-outsider'] },
      { assignees: ['npc-one'] },
      { priority: 'P0' as const },
      { work_mode: true },
    ]) {
      for (const client of [stranger, forgeClient(forge, forge.createToken('outsider'))]) {
        const refused = client.createIssue(repo, { title: 'Dispatched?', ...extra });
        await expect(refused).rejects.toBeInstanceOf(PlatformForbiddenError);
        await expect(refused).rejects.toMatchObject({
          message: expect.stringContaining('Reporter'),
        });
      }
    }
    expect((await admin.listIssues(repo)).length).toBe(before);
    expect((await call(forge, 'GET', `/${repo}/-/labels?page_size=100`)).body).toEqual(
      labelsBefore,
    );
    // A plain issue stays open to anyone who can see the public repository.
    expect((await stranger.createIssue(repo, { title: 'Plain report' })).assignees).toEqual([]);
    await admin.updateIssue(repo, before + 1, { state: 'closed' });
  });

  it('validates create bodies with 400 naming the field', async () => {
    for (const [body, field] of [
      [{}, 'title'],
      [{ title: 5 }, 'title'],
      [{ title: 'x', labels: 'bug' }, 'labels'],
      [{ title: 'x', labels: ['a,b'] }, 'labels'],
      [{ title: 'x', work_mode: 'yes' }, 'work_mode'],
      [{ title: 'x', assignees: [1] }, 'assignees'],
    ] as const) {
      const response = await call(forge, 'POST', `/${repo}/-/issues`, { body });
      expect(response.status).toBe(400);
      expect((response.body as { errmsg: string }).errmsg).toContain(field);
    }
    await expect(admin.getIssue(repo, 999)).rejects.toBeInstanceOf(PlatformNotFoundError);
    expect((await call(forge, 'GET', `/${repo}/-/issues/0`)).status).toBe(400);
  });

  it('returns all 250 issues of a repository through the client pager, in order, without duplicates', async () => {
    await admin.createRepo('acme', { name: 'bulk', visibility: 'public' });
    // In batches: equal timestamps are ordered by creation (the id breaks ties).
    for (let batch = 0; batch < 10; batch++) {
      clock.advance(1000);
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          admin.createIssue('acme/bulk', { title: `Bulk ${batch * 25 + i + 1}` }),
        ),
      );
    }
    const before = await forge.requestCount({ route: '/:org/:repo/-/issues', method: 'GET' });
    const issues = await admin.listIssues('acme/bulk');
    expect(numbers(issues)).toEqual(Array.from({ length: 250 }, (_, i) => 250 - i));
    expect(await forge.requestCount({ route: '/:org/:repo/-/issues', method: 'GET' })).toBe(
      before + 3,
    );
    expect(
      numbers(await admin.listIssues('acme/bulk', { order_by: 'created_at' })).slice(0, 3),
    ).toEqual([1, 2, 3]);
    expect((await admin.getRepo('acme/bulk')).open_issue_count).toBe(250);
  });
});
