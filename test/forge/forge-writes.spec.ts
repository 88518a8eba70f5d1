import { ErrCode } from '@shared/platform/types';
import type { PlatformTestClient } from '../platform-test-client';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { GitClient, remoteUrl } from './git-client';
import { call } from './http';

/**
 * The write operations the forge gained to answer every published one: issue labels
 * replaced and cleared, repository labels renamed and deleted, releases edited and
 * deleted, repository visibility and archiving, groups changed and deleted, pulls
 * edited and merged, images deleted. A scenario: each test builds on the last.
 */
describe('forge: published write operations', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let git: GitClient;
  let devToken: string;
  let guestToken: string;
  let work: string;

  const commit = async (file: string, content: string, message: string): Promise<void> => {
    git.write(work, file, content);
    await git.ok(['add', '-A'], work);
    await git.ok(['commit', '-q', '-m', message], work);
  };

  beforeAll(async () => {
    forge = await startForge({ seed: 'none' });
    admin = forgeClient(forge);
    git = new GitClient();
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    forge.createUser('dev');
    forge.setRole('acme', 'dev', 'Developer');
    devToken = forge.createToken('dev');
    forge.createUser('guest');
    forge.setRole('acme', 'guest', 'Guest');
    guestToken = forge.createToken('guest');
    work = git.dir('web');
    await git.ok(['init', '-q', '-b', 'main', work]);
    await commit('README.md', '# Web\n', 'First commit');
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'main'], work);
  });
  afterAll(async () => {
    git.cleanup();
    await forge.stop();
  });

  it('adds, replaces, clears and removes issue labels, answering one label', async () => {
    const issue = await admin.createIssue('acme/web', { title: 'Labelled', labels: ['bug'] });
    const at = `/acme/web/-/issues/${issue.number}/labels`;
    const added = await call(forge, 'POST', at, { body: { labels: ['ui', 'docs'] } });
    expect([added.status, (added.body as { name: string }).name]).toEqual([200, 'docs']);
    expect((await admin.listIssueLabels('acme/web', issue.number)).map((l) => l.name)).toEqual([
      'bug',
      'docs',
      'ui',
    ]);
    const replaced = await call(forge, 'PUT', at, { body: { labels: ['ops'] } });
    expect([replaced.status, (replaced.body as { name: string }).name]).toEqual([200, 'ops']);
    expect((await admin.listIssueLabels('acme/web', issue.number)).map((l) => l.name)).toEqual([
      'ops',
    ]);
    const removed = await call(forge, 'DELETE', `${at}/ops`);
    expect([removed.status, (removed.body as { name: string }).name]).toEqual([200, 'ops']);
    expect((await call(forge, 'DELETE', `${at}/ops`)).status).toBe(404);
    await call(forge, 'POST', at, { body: { labels: ['bug', 'ui'] } });
    const cleared = await call(forge, 'DELETE', at);
    expect([cleared.status, cleared.text]).toEqual([204, '']);
    expect(await admin.listIssueLabels('acme/web', issue.number)).toEqual([]);
    // A Guest may not label.
    expect((await call(forge, 'PUT', at, { token: guestToken, body: { labels: [] } })).status).toBe(
      403,
    );
  });

  it('renames and deletes repository labels, on the issues carrying them too', async () => {
    const issue = await admin.createIssue('acme/web', { title: 'Carrier', labels: ['old-name'] });
    const renamed = await call(forge, 'PATCH', '/acme/web/-/labels/old-name', {
      body: { new_name: 'new-name', color: 'ABCDEF', description: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'new-name',
      color: 'abcdef',
      description: 'Renamed',
    });
    expect((await admin.getIssue('acme/web', issue.number)).labels.map((l) => l.name)).toEqual([
      'new-name',
    ]);
    const clash = await call(forge, 'PATCH', '/acme/web/-/labels/new-name', {
      body: { new_name: 'bug' },
    });
    expect([clash.status, (clash.body as { errcode: number }).errcode]).toEqual([
      409,
      ErrCode.Conflict,
    ]);
    const badColor = await call(forge, 'PATCH', '/acme/web/-/labels/new-name', {
      body: { color: 'red' },
    });
    expect([badColor.status, badColor.text]).toEqual([400, expect.stringContaining('color')]);
    const deleted = await call(forge, 'DELETE', '/acme/web/-/labels/new-name');
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await admin.getIssue('acme/web', issue.number)).labels).toEqual([]);
    expect((await call(forge, 'DELETE', '/acme/web/-/labels/new-name')).status).toBe(404);
  });

  it('edits and deletes releases, keeping their tags', async () => {
    const release = await admin.createRelease('acme/web', {
      tag_name: 'v1.0.0',
      name: 'First',
      draft: true,
    });
    expect(release.published_at).toBe('');
    const at = `/acme/web/-/releases/${release.id}`;
    const edited = await call(forge, 'PATCH', at, {
      body: { name: 'One', body: 'Notes', draft: false, prerelease: true },
    });
    expect([edited.status, edited.text]).toEqual([200, '']);
    const read = (await call(forge, 'GET', at)).body as Record<string, unknown>;
    expect(read).toMatchObject({ name: 'One', body: 'Notes', draft: false, prerelease: true });
    expect(read['published_at']).not.toBe('');
    expect((await call(forge, 'PATCH', at, { body: { make_latest: 'maybe' } })).status).toBe(400);
    expect((await call(forge, 'PATCH', at, { token: guestToken, body: {} })).status).toBe(403);
    const deleted = await call(forge, 'DELETE', at);
    expect([deleted.status, deleted.text]).toEqual([200, '']);
    expect((await call(forge, 'GET', at)).status).toBe(404);
    expect((await admin.getTag('acme/web', 'v1.0.0')).name).toBe('v1.0.0');
    expect((await call(forge, 'DELETE', '/acme/web/-/releases/999999')).status).toBe(404);
  });

  it('sets visibility and archives a repository (Master role)', async () => {
    await admin.createRepo('acme', { name: 'site', visibility: 'public' });
    const settings = '/acme/site/-/settings';
    expect(
      (
        await call(forge, 'POST', `${settings}/set_visibility?visibility=Private`, {
          token: devToken,
        })
      ).status,
    ).toBe(403);
    const hidden = await call(forge, 'POST', `${settings}/set_visibility?visibility=Private`);
    expect([hidden.status, hidden.text]).toEqual([200, '']);
    expect((await admin.getRepo('acme/site')).visibility_level).toBe('Private');
    expect((await call(forge, 'GET', '/acme/site', { token: null })).status).not.toBe(200);
    expect(
      (await call(forge, 'POST', `${settings}/set_visibility?visibility=everyone`)).status,
    ).toBe(400);
    expect((await call(forge, 'POST', `${settings}/archive`)).status).toBe(200);
    expect((await admin.getRepo('acme/site')).status).toBe(1);
    expect((await call(forge, 'POST', `${settings}/unarchive`)).status).toBe(200);
    expect((await admin.getRepo('acme/site')).status).toBe(0);
  });

  it('changes groups, and deletes only empty ones, by the Owner', async () => {
    await admin.createGroup({ path: 'beta' });
    const changed = await call(forge, 'PUT', '/beta', {
      body: {
        remark: 'Beta team',
        description: 'Changed',
        site: 'https://beta.example',
        email: 'b@example.com',
        wechat_mp: 'ignored',
      },
    });
    expect([changed.status, changed.text]).toEqual([200, '']);
    expect(await admin.getOrganization('beta')).toMatchObject({
      remark: 'Beta team',
      description: 'Changed',
      site: 'https://beta.example',
      email: 'b@example.com',
    });
    expect((await call(forge, 'PUT', '/beta', { body: { domain: 'not a domain' } })).status).toBe(
      400,
    );
    await call(forge, 'POST', '/groups', { body: { path: 'beta/team' } });
    const sub = await call(forge, 'PUT', '/beta%2Fteam', { body: { remark: 'The team' } });
    expect(sub.status).toBe(200);
    expect((await call(forge, 'GET', '/beta%2Fteam')).body).toMatchObject({ remark: 'The team' });
    // Not empty: it holds a sub-group.
    const full = await call(forge, 'DELETE', '/beta');
    expect([full.status, (full.body as { errcode: number }).errcode]).toEqual([
      409,
      ErrCode.Conflict,
    ]);
    forge.setRole('beta', 'dev', 'Master');
    expect((await call(forge, 'DELETE', '/beta%2Fteam', { token: devToken })).status).toBe(403);
    const subGone = await call(forge, 'DELETE', '/beta%2Fteam');
    expect([subGone.status, subGone.text]).toEqual([200, '']);
    expect((await call(forge, 'DELETE', '/beta')).status).toBe(200);
    expect((await call(forge, 'GET', '/beta')).status).toBe(404);
    // A token without group-delete may not delete.
    await admin.createGroup({ path: 'gamma' });
    const manager = forge.createToken('admin', ['group-manage:rw', 'group-resource:r']);
    expect((await call(forge, 'DELETE', '/gamma', { token: manager })).status).toBe(403);
    expect((await call(forge, 'DELETE', '/acme')).status).toBe(409);
  });

  it('edits, closes and reopens a pull, by its author or a Developer', async () => {
    await git.ok(['checkout', '-q', '-b', 'feature'], work);
    await commit('feature.md', 'A feature\n', 'Add the feature');
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'feature'], work);
    const pull = await admin.createPull('acme/web', {
      base: 'main',
      head: 'feature',
      title: 'Feature',
    });
    const at = `/acme/web/-/pulls/${pull.number}`;
    const edited = await call(forge, 'PATCH', at, {
      body: { title: 'The feature', body: 'Adds it.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'The feature', body: 'Adds it.', state: 'open' });
    expect(edited.body).toHaveProperty('reviewers');
    const closed = await call(forge, 'PATCH', at, { token: devToken, body: { state: 'closed' } });
    expect((closed.body as { state: string }).state).toBe('closed');
    expect(
      (await call(forge, 'PATCH', at, { token: guestToken, body: { title: 'x' } })).status,
    ).toBe(403);
    expect((await call(forge, 'PATCH', at, { body: { state: 'merged' } })).status).toBe(400);
    const reopened = await call(forge, 'PATCH', at, { body: { state: 'open' } });
    expect((reopened.body as { state: string }).state).toBe('open');
  });

  it('merges a pull into its base: a merge commit, the pull merged, the push recorded', async () => {
    const pulls = (await call(forge, 'GET', '/acme/web/-/pulls')).body as { number: string }[];
    const number = pulls[0].number;
    const before = (await admin.getBranch('acme/web', 'main')).commit.sha;
    expect(
      (
        await call(forge, 'PUT', `/acme/web/-/pulls/${number}/merge`, {
          token: guestToken,
          body: {},
        })
      ).status,
    ).toBe(403);
    const merged = await call(forge, 'PUT', `/acme/web/-/pulls/${number}/merge`, {
      body: {
        merge_style: 'merge',
        commit_title: 'Merge the feature',
        commit_message: 'Reviewed.',
      },
    });
    expect(merged.status).toBe(200);
    const answer = merged.body as { merged: boolean; message: string; sha: string };
    expect(answer.merged).toBe(true);
    const main = await admin.getCommit('acme/web', 'main');
    expect(main.sha).toBe(answer.sha);
    expect(main.commit.message).toBe('Merge the feature\n\nReviewed.\n');
    expect(main.parents.map((parent) => parent.sha)).toEqual([
      before,
      (await admin.getBranch('acme/web', 'feature')).commit.sha,
    ]);
    expect((await call(forge, 'GET', `/acme/web/-/pulls/${number}`)).body).toMatchObject({
      state: 'merged',
    });
    // Merged once: a second merge, or reopening, is a conflict.
    expect(
      (await call(forge, 'PUT', `/acme/web/-/pulls/${number}/merge`, { body: {} })).status,
    ).toBe(409);
    expect(
      (await call(forge, 'PATCH', `/acme/web/-/pulls/${number}`, { body: { state: 'open' } }))
        .status,
    ).toBe(409);
    expect(
      (
        await call(forge, 'PUT', `/acme/web/-/pulls/${number}/merge`, {
          body: { merge_style: 'octopus' },
        })
      ).status,
    ).toBe(400);
    // A clone sees the merge.
    const clone = git.dir('after-merge');
    await git.ok(['clone', '-q', remoteUrl(forge, 'acme/web'), clone]);
    expect(await git.ok(['log', '-1', '--format=%s'], clone)).toBe('Merge the feature\n');
  });

  it('squashes, and refuses a conflicting merge with 409', async () => {
    await git.ok(['checkout', '-q', 'main'], work);
    await git.ok(['pull', '-q', remoteUrl(forge, 'acme/web'), 'main'], work);
    await git.ok(['checkout', '-q', '-b', 'left'], work);
    await commit('README.md', '# Left\n', 'Left edit');
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'left'], work);
    await git.ok(['checkout', '-q', 'main'], work);
    await git.ok(['checkout', '-q', '-b', 'right'], work);
    await commit('README.md', '# Right\n', 'Right edit');
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'right'], work);
    const left = await admin.createPull('acme/web', { base: 'main', head: 'left', title: 'Left' });
    const right = await admin.createPull('acme/web', {
      base: 'main',
      head: 'right',
      title: 'Right',
    });
    const squashed = await call(forge, 'PUT', `/acme/web/-/pulls/${left.number}/merge`, {
      token: devToken,
      body: { merge_style: 'squash', commit_title: 'Left, squashed' },
    });
    expect(squashed.status).toBe(200);
    const main = await admin.getCommit('acme/web', 'main');
    expect([main.commit.message, main.parents.length]).toEqual(['Left, squashed\n', 1]);
    const conflict = await call(forge, 'PUT', `/acme/web/-/pulls/${right.number}/merge`, {
      body: { merge_style: 'merge', commit_title: 'Right' },
    });
    expect([conflict.status, (conflict.body as { errcode: number }).errcode]).toEqual([
      409,
      ErrCode.Conflict,
    ]);
    expect((await admin.getCommit('acme/web', 'main')).sha).toBe(main.sha);
  });

  it('locks a branch against pushes, merges and deletion, for a Master to unlock', async () => {
    const locks = '/acme/web/-/git/branch-locks';
    expect((await call(forge, 'POST', `${locks}/left`, { token: devToken })).status).toBe(403);
    expect((await call(forge, 'POST', `${locks}/no-such-branch`)).status).toBe(404);
    const locked = await call(forge, 'POST', `${locks}/left`);
    expect([locked.status, locked.text]).toEqual([201, '']);
    expect((await call(forge, 'POST', `${locks}/left`)).status).toBe(201);
    const isLocked = async (branch: string): Promise<unknown> =>
      ((await call(forge, 'GET', `/acme/web/-/git/branches/${branch}`)).body as { locked: boolean })
        .locked;
    expect(await isLocked('left')).toBe(true);
    const listed = (await call(forge, 'GET', '/acme/web/-/git/branches')).body as {
      name: string;
      locked: boolean;
    }[];
    expect(listed.filter((branch) => branch.locked).map((branch) => branch.name)).toEqual(['left']);

    await git.ok(['checkout', '-q', 'left'], work);
    await commit('LEFT.md', 'more\n', 'More on the left');
    for (const token of [devToken, forge.adminToken]) {
      const push = await git.run(['push', '-q', remoteUrl(forge, 'acme/web', token), 'left'], work);
      expect(push.code).not.toBe(0);
      expect(push.stderr).toContain('the branch is locked');
    }
    expect((await call(forge, 'DELETE', '/acme/web/-/git/branches/left')).status).toBe(403);
    await call(forge, 'POST', `${locks}/main`);
    const pulls = (await call(forge, 'GET', '/acme/web/-/pulls')).body as { number: string }[];
    const merge = await call(forge, 'PUT', `/acme/web/-/pulls/${pulls[0].number}/merge`, {
      body: {},
    });
    expect(merge.status).toBe(403);

    const unlocked = await call(forge, 'DELETE', `${locks}/left`);
    expect([unlocked.status, unlocked.text]).toEqual([204, '']);
    expect((await call(forge, 'DELETE', `${locks}/left`)).status).toBe(404);
    await git.ok(['push', '-q', remoteUrl(forge, 'acme/web', devToken), 'left'], work);
    expect(await isLocked('left')).toBe(false);
  });

  it("gives the board's platform client the published answers of the writes it makes", async () => {
    const dev = forgeClient(forge, devToken);
    const issue = await dev.createIssue('acme/web', { title: 'Dispatched', labels: ['npc-task'] });
    const assigned = await dev.addAssignees('acme/web', issue.number, ['dev']);
    expect(assigned.assignees.map((user) => user.username)).toEqual(['dev']);
    const replaced = await dev.replaceAssignees('acme/web', issue.number, ['admin']);
    expect(replaced.assignees.map((user) => user.username)).toEqual(['admin']);
    expect((await dev.removeAssignees('acme/web', issue.number, ['admin'])).assignees).toEqual([]);
    const label = await dev.addIssueLabels('acme/web', issue.number, ['npc-review']);
    expect(label.name).toBe('npc-review');
    expect((await dev.removeIssueLabel('acme/web', issue.number, 'npc-task')).name).toBe(
      'npc-task',
    );
    const comment = await dev.createComment('acme/web', issue.number, 'Picked up.');
    expect(comment.body).toBe('Picked up.');
    expect((await admin.createBranch('acme/web', { name: 'from-client' })).name).toBe(
      'from-client',
    );
    expect((await admin.createGroup({ path: 'delta', remark: 'Delta' })).remark).toBe('Delta');
  });
});
