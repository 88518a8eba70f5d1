import { ManualClock } from '../../server/forge/common/clock';
import { IssuePropertiesRepository } from '../../server/forge/issues/issue-properties.repository';
import { ReposRepository } from '../../server/forge/repos/repos.repository';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const T0 = '2025-03-10T10:00:00.000Z';

interface Property {
  key: string;
  name: string;
  type: string;
  value: string;
}

describe('forge: custom issue properties', () => {
  let clock: ManualClock;
  let forge: HarnessForge;
  const repo = 'acme/tracker';

  const properties = async (number: number, token?: string | null): Promise<Property[]> => {
    const response = await call(forge, 'GET', `/${repo}/-/issues/${number}/property`, { token });
    expect(response.status).toBe(200);
    return response.body as Property[];
  };
  const update = (number: number, body: unknown, token?: string) =>
    call(forge, 'PATCH', `/${repo}/-/issues/${number}/property`, { body, token });

  beforeEach(async () => {
    clock = new ManualClock(T0);
    forge = await startForge({ seed: 'none', clock });
    const admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'tracker', visibility: 'public' });
    await admin.createIssue(repo, { title: 'Carries properties' });
    // The repository's definitions: the forge publishes no operation that makes them.
    const repoId = forge.app.get(ReposRepository).idOf('acme', 'tracker') as number;
    const defined = forge.app.get(IssuePropertiesRepository);
    defined.define(repoId, { key: 'component', name: 'Component', type: 'string' });
    defined.define(repoId, { key: 'estimate', name: 'Estimate', type: 'number' });
    defined.define(repoId, { key: 'due_date', name: 'Due date', type: 'date' });
  });
  afterEach(() => forge.stop());

  it('sets the values that fit a defined key and names the keys that failed', async () => {
    expect(await properties(1)).toEqual([]);
    clock.advance(60_000);
    const result = await update(1, {
      properties: [
        { key: 'estimate', value: '2.5' },
        { key: 'unknown', value: 'x' },
        { key: 'component', value: 'api' },
        { key: 'due_date', value: '2025-02-30' },
      ],
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      success_count: 2,
      failed_count: 2,
      failed_keys: ['unknown', 'due_date'],
    });
    // In the repository's order, with the definition's name and type; anonymous readers too.
    const expected = [
      { key: 'component', name: 'Component', type: 'string', value: 'api' },
      { key: 'estimate', name: 'Estimate', type: 'number', value: '2.5' },
    ];
    expect(await properties(1, null)).toEqual(expected);
    const issue = await call(forge, 'GET', `/${repo}/-/issues/1`);
    expect(issue.body).toMatchObject({
      properties: expected,
      updated_at: '2025-03-10T10:01:00.000Z',
    });

    // An empty value clears one; a full success sends no failed_keys.
    const cleared = await update(1, {
      properties: [
        { key: 'component', value: '' },
        { key: 'due_date', value: '2025-03-31' },
      ],
    });
    expect(cleared.body).toEqual({ success_count: 2, failed_count: 0 });
    expect((await properties(1)).map((p) => `${p.key}=${p.value}`)).toEqual([
      'estimate=2.5',
      'due_date=2025-03-31',
    ]);
  });

  it('refuses malformed bodies, unknown issues and callers without the Reporter role', async () => {
    for (const body of [
      {},
      { properties: [] },
      { properties: [{ key: 'estimate', value: 3 }] },
      { properties: [{ value: 'x' }] },
    ]) {
      const refused = await update(1, body);
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/properties/);
    }
    // A field the published form does not have is ignored, as the platform does.
    const extra = await update(1, { properties: [{ key: 'estimate', value: '' }], extra: true });
    expect([extra.status, extra.body]).toEqual([200, { success_count: 1, failed_count: 0 }]);
    expect((await update(9, { properties: [{ key: 'estimate', value: '3' }] })).status).toBe(404);
    expect((await call(forge, 'GET', `/${repo}/-/issues/9/property`)).status).toBe(404);

    forge.createUser('guest');
    forge.setRole('acme', 'guest', 'Guest');
    const guest = await update(
      1,
      { properties: [{ key: 'estimate', value: '3' }] },
      forge.createToken('guest'),
    );
    expect(guest.status).toBe(403);
    expect(await properties(1)).toEqual([]);
  });
});
