import { startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

interface Group {
  path: string;
  name: string;
  remark: string;
  domain: string;
  access_role: string;
  member_count: number;
  all_member_count: number;
  sub_group_count: number;
  all_sub_group_count: number;
  has_sub_group: boolean;
  sub_repo_count: number;
  all_sub_repo_count: number;
}

describe('forge: sub-groups', () => {
  let forge: HarnessForge;

  const list = async (route: string, token?: string): Promise<Group[]> => {
    const response = await call(forge, 'GET', route, { token });
    expect(response.status).toBe(200);
    return response.body as Group[];
  };
  const paths = async (route: string, token?: string): Promise<string[]> =>
    (await list(route, token)).map((group) => group.path);

  beforeEach(async () => {
    forge = await startForge({ seed: 'none' });
    expect((await call(forge, 'POST', '/groups', { body: { path: 'acme' } })).status).toBe(201);
    expect(
      (
        await call(forge, 'POST', '/acme/-/repos', {
          body: { name: 'tracker', visibility: 'public' },
        })
      ).status,
    ).toBe(201);
  });
  afterEach(() => forge.stop());

  it('creates a sub-group from a path under an existing organization', async () => {
    const created = await call(forge, 'POST', '/groups', {
      body: { path: 'acme/team', remark: 'The team', description: 'Maintainers' },
    });
    // 201 with no body, as published; the group reads back by its path.
    expect([created.status, created.text]).toEqual([201, '']);
    expect((await call(forge, 'GET', '/acme%2Fteam')).body).toMatchObject({
      path: 'acme/team',
      name: 'team',
      remark: 'The team',
      access_role: 'Owner',
      has_sub_group: false,
    });
    const nested = await call(forge, 'POST', '/groups', { body: { path: 'acme/team/core' } });
    expect(nested.status).toBe(201);

    // The top-level list leaves sub-groups out; the organization counts them.
    const top = await list('/user/groups');
    expect(top.map((group) => group.path)).toEqual(['acme']);
    expect(top[0]).toMatchObject({
      sub_group_count: 1,
      all_sub_group_count: 2,
      has_sub_group: true,
      sub_repo_count: 1,
      all_sub_repo_count: 1,
    });
    expect(await paths('/user/orgs')).toEqual(['acme']);

    // Direct children only, whether the parent is named with an encoded or a plain slash.
    expect(await paths('/acme/-/sub-groups')).toEqual(['acme/team']);
    expect(await paths('/acme%2Fteam/-/sub-groups')).toEqual(['acme/team/core']);
    expect(await paths('/acme/team/-/sub-groups')).toEqual(['acme/team/core']);
    expect(await paths('/acme/-/sub-groups?search=zzz')).toEqual([]);
    expect(await paths('/user/groups/acme')).toEqual(['acme/team']);
    expect(await paths('/user/groups/acme/team')).toEqual(['acme/team/core']);

    const one = await call(forge, 'GET', '/acme%2Fteam');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ path: 'acme/team', sub_group_count: 1 });
  });

  it('lists the sub-groups a user reaches through a role in them or above them', async () => {
    await call(forge, 'POST', '/groups', { body: { path: 'acme/team' } });
    await call(forge, 'POST', '/groups', { body: { path: 'acme/ops' } });
    forge.createUser('erin');
    forge.createUser('dan');
    forge.setRole('acme', 'erin', 'Developer');
    forge.setRole('acme/ops', 'dan', 'Reporter');
    const erin = forge.createToken('erin');
    const dan = forge.createToken('dan');

    const erinSees = await list('/user/groups/acme', erin);
    expect(erinSees.map((group) => `${group.path} ${group.access_role}`)).toEqual([
      'acme/ops Developer',
      'acme/team Developer',
    ]);
    // Dan holds a role in one sub-group only: it, and no top-level organization.
    expect(await paths('/user/groups', dan)).toEqual([]);
    expect(
      (await list('/user/groups/acme', dan)).map((group) => `${group.path} ${group.access_role}`),
    ).toEqual(['acme/ops Reporter']);
    // `access` is the least role level: 30 is Developer.
    expect(await paths('/user/groups/acme?access=30', dan)).toEqual([]);
    expect(await paths('/user/groups/acme?access=30', erin)).toEqual(['acme/ops', 'acme/team']);

    // Members are counted once however many groups hold them.
    forge.setRole('acme/team', 'erin', 'Master');
    const [acme] = await list('/user/groups');
    expect(acme.member_count).toBe(2); // admin and erin
    expect(acme.all_member_count).toBe(3); // and dan, through acme/ops
    const page = await call(forge, 'GET', '/user/groups/acme?page=2&page_size=1', { token: erin });
    expect((page.body as Group[]).map((group) => group.path)).toEqual(['acme/team']);
    expect(page.headers.get('x-total-count')).toBe('2');
  });

  it('refuses a sub-group without a parent, without the Master role, or with a bound domain', async () => {
    const missing = await call(forge, 'POST', '/groups', { body: { path: 'nowhere/team' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errparam: { field: 'path' } });
    expect(missing.text).toContain('nowhere');

    forge.createUser('erin');
    forge.setRole('acme', 'erin', 'Developer');
    const developer = await call(forge, 'POST', '/groups', {
      token: forge.createToken('erin'),
      body: { path: 'acme/team' },
    });
    expect(developer.status).toBe(403);
    expect(developer.text).toContain('Master');

    const domain = await call(forge, 'POST', '/groups', {
      body: { path: 'acme/team', bind_domain: 'team.example.com' },
    });
    expect(domain.status).toBe(400);
    expect(domain.text).toContain('bind_domain');

    const badName = await call(forge, 'POST', '/groups', { body: { path: 'acme/-team' } });
    expect(badName.status).toBe(400);
    expect(badName.text).toContain('path');

    expect((await call(forge, 'POST', '/groups', { body: { path: 'acme/team' } })).status).toBe(
      201,
    );
    const twice = await call(forge, 'POST', '/groups', { body: { path: 'acme/team' } });
    expect(twice.status).toBe(409);

    expect((await call(forge, 'GET', '/acme/-/sub-groups?access=x')).status).toBe(400);
    expect((await call(forge, 'GET', '/nowhere/-/sub-groups')).status).toBe(404);
    expect(await paths('/acme/-/sub-groups')).toEqual(['acme/team']);
  });

  it('binds a top-level organization to a domain, and refuses one that is no domain', async () => {
    const bound = await call(forge, 'POST', '/groups', {
      body: { path: 'globex', bind_domain: 'globex.example.com' },
    });
    expect(bound.status).toBe(201);
    expect(((await call(forge, 'GET', '/globex')).body as Group).domain).toBe('globex.example.com');
    const bad = await call(forge, 'POST', '/groups', {
      body: { path: 'initech', bind_domain: 'not a domain' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('bind_domain');
  });
});
