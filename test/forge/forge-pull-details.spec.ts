import { expect } from '@jest/globals';
import type {
  ApiPull,
  ApiPullRequest,
  ApiPullRequestComment,
  ApiPullReview,
  ApiRelease,
} from '@shared/platform/published';
import { startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

/** Pull request details and the published write counterparts, on the demo data. */
describe('forge: pull request details, reviews, comments and release make_latest', () => {
  let forge: HarnessForge;
  let repo: string;
  let pull: ApiPullRequest;

  beforeAll(async () => {
    forge = await startForge();
    // The demo's showcase repository: the one whose pull #1 has an assignee.
    for (const org of (await call(forge, 'GET', '/user/groups?page_size=100')).body as {
      path: string;
    }[]) {
      for (const candidate of (await call(forge, 'GET', `/${org.path}/-/repos?page_size=100`))
        .body as {
        path: string;
      }[]) {
        const pulls = (await call(forge, 'GET', `/${candidate.path}/-/pulls?state=all`))
          .body as ApiPullRequest[];
        const found = pulls.find((item) => item.number === '1' && item.assignees.length > 0);
        if (found) {
          repo = candidate.path;
          pull = found;
          return;
        }
      }
    }
    throw new Error('The demo has no pull with an assignee');
  }, 120_000);
  afterAll(() => forge.stop());

  it('filters pulls by author, assignee, label and base branch, any or all of them', async () => {
    const numbers = async (query: string): Promise<string[]> =>
      (
        (await call(forge, 'GET', `/${repo}/-/pulls?state=all&${query}`)).body as ApiPullRequest[]
      ).map((item) => item.number);
    const assignee = pull.assignees[0].username;
    const label = pull.labels[0].name;
    expect(await numbers(`authors=${pull.author.username}`)).toContain('1');
    expect(await numbers(`assignees=${assignee}`)).toEqual(['1']);
    expect(await numbers(`labels=${encodeURIComponent(label)}`)).toEqual(['1']);
    expect(
      await numbers(`labels=${encodeURIComponent(label)},nope&labels_operator=contains_all`),
    ).toEqual([]);
    expect(
      await numbers(`labels=${encodeURIComponent(label)},nope&labels_operator=contains_any`),
    ).toEqual(['1']);
    expect(await numbers('base_ref=no-such-branch')).toEqual([]);
    expect(await numbers('authors=nobody-at-all')).toEqual([]);
    const bad = await call(forge, 'GET', `/${repo}/-/pulls?order_by=sideways`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errparam: { field: 'order_by' } });
  });

  it('comments on a pull (201), reads the comment by id and lists it', async () => {
    const created = await call(forge, 'POST', `/${repo}/-/pulls/1/comments`, {
      body: { body: 'Checked on staging.' },
    });
    expect(created.status).toBe(201);
    const comment = created.body as ApiPullRequestComment;
    expect(comment).toMatchObject({ body: 'Checked on staging.', author: { username: 'admin' } });
    expect((await call(forge, 'GET', `/${repo}/-/pulls/1/comments/${comment.id}`)).body).toEqual(
      comment,
    );
    const list = (await call(forge, 'GET', `/${repo}/-/pulls/1/comments`))
      .body as ApiPullRequestComment[];
    expect(list.map((item) => item.id)).toContain(comment.id);
    expect((await call(forge, 'GET', `/${repo}/-/pulls/1/comments/999999`)).status).toBe(404);
    expect(
      (await call(forge, 'POST', `/${repo}/-/pulls/1/comments`, { body: { body: '' } })).status,
    ).toBe(400);
  });

  it('edits a pull comment: its author or a Reporter, with the published body alone', async () => {
    const org = repo.split('/')[0];
    forge.createUser('guest-writer');
    forge.createUser('guest-reader');
    forge.setRole(org, 'guest-writer', 'Guest');
    forge.setRole(org, 'guest-reader', 'Guest');
    const writer = forge.createToken('guest-writer');
    const created = await call(forge, 'POST', `/${repo}/-/pulls/1/comments`, {
      token: writer,
      body: { body: 'First thoughts.' },
    });
    expect(created.status).toBe(201);
    const id = (created.body as ApiPullRequestComment).id;
    const route = `/${repo}/-/pulls/1/comments/${id}`;

    const own = await call(forge, 'PATCH', route, {
      token: writer,
      body: { body: 'Second thoughts.' },
    });
    expect([own.status, (own.body as ApiPullRequestComment).body]).toEqual([
      200,
      'Second thoughts.',
    ]);
    const other = await call(forge, 'PATCH', route, {
      token: forge.createToken('guest-reader'),
      body: { body: 'Not mine.' },
    });
    expect(other.status).toBe(403);
    const byAdmin = await call(forge, 'PATCH', route, { body: { body: 'Tidied.' } });
    expect(byAdmin.status).toBe(200);
    expect(((await call(forge, 'GET', route)).body as ApiPullRequestComment).body).toBe('Tidied.');

    expect((await call(forge, 'PATCH', route, { body: { body: '' } })).status).toBe(400);
    // Fields the form does not publish are ignored, as the platform does.
    const extra = await call(forge, 'PATCH', route, { body: { body: 'Tidied again.', extra: 1 } });
    expect([extra.status, (extra.body as ApiPullRequestComment).body]).toEqual([
      200,
      'Tidied again.',
    ]);
    expect(
      (await call(forge, 'PATCH', `/${repo}/-/pulls/1/comments/999999`, { body: { body: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('reviews a pull: approvals count as reviewer state, outsiders are refused, reasons are required', async () => {
    const approved = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      body: { event: 'APPROVE' },
    });
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({ state: 'approved', author: { username: 'admin' } });
    const detail = (await call(forge, 'GET', `/${repo}/-/pulls/1`)).body as ApiPull;
    expect(detail.reviewers).toContainEqual(
      expect.objectContaining({
        review_state: 'approved',
        user: expect.objectContaining({ username: 'admin' }),
      }),
    );
    const reviews = (await call(forge, 'GET', `/${repo}/-/pulls/1/reviews`))
      .body as ApiPullReview[];
    expect(reviews.map((review) => review.id)).toContain((approved.body as ApiPullReview).id);

    const empty = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      body: { event: 'REQUEST_CHANGES' },
    });
    expect(empty.status).toBe(400);
    const badEvent = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      body: { event: 'MAYBE' },
    });
    expect(badEvent.status).toBe(400);
    forge.createUser('passer-by');
    const outsider = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      token: forge.createToken('passer-by'),
      body: { event: 'COMMENT', body: 'drive-by' },
    });
    expect([401, 403]).toContain(outsider.status);

    const withLine = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      body: { event: 'COMMENT', comments: [{ path: 'README.md', line: 2, body: 'Typo here.' }] },
    });
    expect(withLine.status).toBe(201);
    const lines = await call(
      forge,
      'GET',
      `/${repo}/-/pulls/1/reviews/${(withLine.body as ApiPullReview).id}/comments`,
    );
    expect(lines.body).toEqual([
      expect.objectContaining({
        path: 'README.md',
        start_line: 2,
        end_line: 2,
        body: 'Typo here.',
      }),
    ]);
  });

  it('takes the published review form: lower-case events, line ranges on either side, file comments', async () => {
    const review = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      body: {
        event: 'request_changes',
        body: 'Two things.',
        comments: [
          {
            path: 'README.md',
            subject_type: 'line',
            start_line: 3,
            end_line: 5,
            start_side: 'left',
            end_side: 'right',
            body: 'This range reads oddly.',
          },
          { path: 'docs/guide.md', subject_type: 'file', body: 'Split this file?' },
        ],
      },
    });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({ state: 'changes_requested', body: 'Two things.' });
    const comments = await call(
      forge,
      'GET',
      `/${repo}/-/pulls/1/reviews/${(review.body as ApiPullReview).id}/comments`,
    );
    expect(comments.body).toEqual([
      expect.objectContaining({
        path: 'README.md',
        subject_type: 'line',
        start_line: 3,
        end_line: 5,
        start_side: 'left',
        end_side: 'right',
        review_state: 'changes_requested',
      }),
      expect.objectContaining({
        path: 'docs/guide.md',
        subject_type: 'file',
        start_line: 0,
        end_line: 0,
      }),
    ]);
    const approved = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, {
      body: { event: 'approve' },
    });
    expect(approved.body).toMatchObject({ state: 'approved' });

    const refusals: [unknown, string][] = [
      [{ event: 'pending', body: 'draft' }, 'event'],
      [
        { event: 'comment', comments: [{ path: 'a.md', body: 'x', start_line: 4, end_line: 2 }] },
        'end_line',
      ],
      [{ event: 'comment', comments: [{ path: 'a.md', body: 'x' }] }, 'start_line'],
      [
        { event: 'comment', comments: [{ path: 'a.md', body: 'x', line: 1, start_side: 'up' }] },
        'start_side',
      ],
      [
        { event: 'comment', comments: [{ path: 'a.md', body: 'x', subject_type: 'hunk' }] },
        'subject_type',
      ],
    ];
    for (const [body, field] of refusals) {
      const refused = await call(forge, 'POST', `/${repo}/-/pulls/1/reviews`, { body });
      expect([refused.status, refused.text]).toEqual([400, expect.stringContaining(field)]);
    }
  });

  it('takes the published pull and issue comment forms: head_repo, work_mode', async () => {
    const same = await call(forge, 'POST', `/${repo}/-/pulls`, {
      body: { base: 'main', head: 'fidelity/head-repo', title: 'Same repository', head_repo: repo },
    });
    expect(same.status).toBe(201);
    const elsewhere = await call(forge, 'POST', `/${repo}/-/pulls`, {
      body: { base: 'main', head: 'fidelity/other', title: 'Fork', head_repo: 'someone/else' },
    });
    expect([elsewhere.status, elsewhere.text]).toEqual([400, expect.stringContaining('head_repo')]);

    const issues = (await call(forge, 'GET', `/${repo}/-/issues?state=all`)).body as {
      number: string;
    }[];
    const number = issues[0].number;
    const comment = await call(forge, 'POST', `/${repo}/-/issues/${number}/comments`, {
      body: { body: 'Noted while working.', work_mode: true },
    });
    expect(comment.status).toBe(201);
    const id = (comment.body as { id: string }).id;
    // The edit form is the body alone.
    const edited = await call(forge, 'PATCH', `/${repo}/-/issues/${number}/comments/${id}`, {
      body: { body: 'Noted.' },
    });
    expect(edited.body).toMatchObject({ id, body: 'Noted.' });
    // A field the edit form does not publish is ignored, as the platform does.
    const ignored = await call(forge, 'PATCH', `/${repo}/-/issues/${number}/comments/${id}`, {
      body: { body: 'Noted again.', work_mode: true },
    });
    expect([ignored.status, (ignored.body as { body: string }).body]).toEqual([
      200,
      'Noted again.',
    ]);
  });

  it('creates releases with make_latest: false keeps the latest, true takes it over', async () => {
    const before = (await call(forge, 'GET', `/${repo}/-/releases/latest`)).body as ApiRelease;
    const notLatest = await call(forge, 'POST', `/${repo}/-/releases`, {
      body: { tag_name: 'v9.0.0-side', make_latest: 'false' },
    });
    expect(notLatest.status).toBe(201);
    expect(notLatest.body).toMatchObject({ is_latest: false });
    expect(((await call(forge, 'GET', `/${repo}/-/releases/latest`)).body as ApiRelease).id).toBe(
      before.id,
    );
    const latest = await call(forge, 'POST', `/${repo}/-/releases`, {
      body: { tag_name: 'v9.1.0', make_latest: 'true' },
    });
    expect(latest.body).toMatchObject({ is_latest: true });
    const byId = (await call(forge, 'GET', `/${repo}/-/releases/${(latest.body as ApiRelease).id}`))
      .body;
    expect(byId).toMatchObject({ tag_name: 'v9.1.0', is_latest: true });
    const refused = await call(forge, 'POST', `/${repo}/-/releases`, {
      body: { tag_name: 'v9.2.0', make_latest: 'yes' },
    });
    expect(refused.status).toBe(400);
  });

  it('redirects an asset download to its bytes and counts it', async () => {
    const releases = (await call(forge, 'GET', `/${repo}/-/releases?page_size=100`))
      .body as ApiRelease[];
    const release = releases.find((item) => item.assets.length > 0) as ApiRelease;
    const asset = release.assets[0];
    const download = await fetch(`${forge.baseUrl}${asset.path}`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${forge.adminToken}` },
    });
    expect(download.status).toBe(302);
    const bytes = await fetch(`${forge.baseUrl}${download.headers.get('location') as string}`, {
      headers: { authorization: `Bearer ${forge.adminToken}` },
    });
    expect(bytes.status).toBe(200);
    const { createHash } = await import('node:crypto');
    expect(
      createHash('sha256')
        .update(Buffer.from(await bytes.arrayBuffer()))
        .digest('hex'),
    ).toBe(asset.hash_value);
    const again = (await call(forge, 'GET', `/${repo}/-/releases/${release.id}/assets/${asset.id}`))
      .body;
    expect(again).toMatchObject({ download_count: asset.download_count + 1 });
  });
});
