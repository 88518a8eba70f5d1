import type { PlatformTestClient } from '../platform-test-client';
import { ManualClock } from '../../server/forge/common/clock';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const T0 = '2025-03-10T10:00:00.000Z';
const MINUTE = 60_000;

interface Activity {
  id: string;
  type: string;
  actor: { username: string };
  created_at: string;
  payload: { action?: string; assignees?: string[]; state_reason?: string; issue?: unknown };
}

describe('forge: issue activities for assignment and close', () => {
  let clock: ManualClock;
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  const repo = 'acme/tracker';

  const activities = async (number: number): Promise<Activity[]> => {
    const response = await call(forge, 'GET', `/${repo}/-/issues/${number}/activities`);
    expect(response.status).toBe(200);
    return response.body as Activity[];
  };
  /** The issue events as `action [assignees] @minutes after T0`. */
  const story = async (number: number): Promise<string[]> =>
    (await activities(number))
      .filter((activity) => activity.type === 'IssueEvent')
      .map(
        (activity) =>
          `${activity.payload.action ?? ''}${
            activity.payload.assignees ? ` [${activity.payload.assignees.join(',')}]` : ''
          }${activity.payload.state_reason ? ` ${activity.payload.state_reason}` : ''} @${
            (Date.parse(activity.created_at) - Date.parse(T0)) / MINUTE
          }`,
      );

  beforeEach(async () => {
    clock = new ManualClock(T0);
    forge = await startForge({ seed: 'none', clock });
    admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'tracker', visibility: 'public' });
    forge.createUser('erin');
    forge.createUser('npc-one', { npc: true });
    forge.createUser('npc-two', { npc: true });
    for (const user of ['erin', 'npc-one', 'npc-two']) forge.setRole('acme', user, 'Developer');
  });
  afterEach(() => forge.stop());

  it('records who was assigned at creation, right after the opening', async () => {
    await admin.createIssue(repo, { title: 'With assignees', assignees: ['npc-one', 'erin'] });
    await admin.createIssue(repo, { title: 'Without assignees' });
    const first = await activities(1);
    expect(first.map((a) => a.payload.action)).toEqual(['opened', 'assigned']);
    expect(first[1].payload.assignees?.sort()).toEqual(['erin', 'npc-one']);
    expect(first[1].payload.issue).toEqual({ number: '1', title: 'With assignees' });
    expect(first[1].actor.username).toBe('admin');
    expect(await story(2)).toEqual(['opened @0']);
  });

  it('records additions, replacements and removals with the users each one names', async () => {
    await admin.createIssue(repo, { title: 'Reassigned' });
    clock.advance(10 * MINUTE);
    await admin.addAssignees(repo, 1, ['npc-one']);
    clock.advance(10 * MINUTE);
    // Adding someone already assigned changes nothing, so it records nothing.
    await admin.addAssignees(repo, 1, ['npc-one']);
    clock.advance(10 * MINUTE);
    await admin.replaceAssignees(repo, 1, ['npc-two', 'erin']);
    clock.advance(10 * MINUTE);
    await admin.removeAssignees(repo, 1, ['erin', 'ghost']);
    expect(await story(1)).toEqual([
      'opened @0',
      'assigned [npc-one] @10',
      'unassigned [npc-one] @30',
      'assigned [erin,npc-two] @30',
      'unassigned [erin] @40',
    ]);
  });

  it('keeps the published activity fields on assignment records', async () => {
    await admin.createIssue(repo, { title: 'Fields', assignees: ['npc-one'] });
    const [, assigned] = await activities(1);
    expect(Object.keys(assigned).sort()).toEqual(
      ['actor', 'actor_access_role', 'created_at', 'id', 'payload', 'submitted_at', 'type'].sort(),
    );
    expect(assigned.type).toBe('IssueEvent');
  });

  it('records the reason of each close', async () => {
    await admin.createIssue(repo, { title: 'Done' });
    await admin.createIssue(repo, { title: 'Dropped' });
    clock.advance(5 * MINUTE);
    await admin.updateIssue(repo, 1, { state: 'closed' });
    await admin.updateIssue(repo, 2, { state: 'closed', state_reason: 'not_planned' });
    clock.advance(5 * MINUTE);
    await admin.updateIssue(repo, 2, { state: 'open' });
    expect(await story(1)).toEqual(['opened @0', 'closed completed @5']);
    expect(await story(2)).toEqual(['opened @0', 'closed not_planned @5', 'reopened @10']);
  });

  it('refuses a bad assignment with 400 naming the field and records nothing', async () => {
    await admin.createIssue(repo, { title: 'Guarded' });
    const refused = await call(forge, 'POST', `/${repo}/-/issues/1/assignees`, {
      body: { assignees: ['ghost'] },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { errmsg: string }).errmsg).toContain('assignees');
    expect(await story(1)).toEqual(['opened @0']);
  });
});
