import { forgeClient, type HarnessForge, startForge } from '../forge-harness';
import {
  closeConnections,
  FUZZ_REQUESTS,
  FUZZ_ROUNDS,
  FUZZ_SEED,
  FuzzLedger,
  HOSTILE_JSON_VALUES,
  HOSTILE_WIRE_VALUES,
  nested,
  randomWireValue,
  type RawRequest,
  seededRandom,
  send,
  shuffle,
} from './fuzz-kit';

/**
 * The forge's routes fuzzed from its own route table (Fastify's, so every route it
 * serves, writes and git transport included): hostile values for each path parameter,
 * for the query and for JSON bodies, with the admin token and without one, against a
 * forge with the demo data. No answer may be a 5xx. `FUZZ_REQUESTS` and `FUZZ_ROUNDS`
 * make a larger run; `TEST_SEED` repeats one.
 */

interface Route {
  method: string;
  /** Fastify's pattern, e.g. `/:org/:repo/-/issues/:number`. */
  pattern: string;
}

interface FuzzCase {
  label: string;
  method: string;
  path: string;
  token: boolean;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The routes of `printRoutes()`: Fastify's radix tree, whose lines hold a path's next
 * part and, where a route ends, its methods (`├── :number (GET, HEAD, PATCH)`). The
 * flattened form (`commonPrefix: false`) leaves out wildcard routes that share a
 * prefix (`/-/git/compare/*`, `/-/git/raw/*`, …), so the tree is read as it is.
 */
function routesOf(tree: string, { head = false } = {}): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    // `/:slug|:org`: one node for two parameter names; the first is enough.
    const part = match[2].replace(/\|:\w+/g, '');
    stack.push(`${stack[depth - 1] ?? ''}${part}`);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && (head || method !== 'HEAD')) routes.push({ method, pattern: stack[depth] });
    }
  }
  return routes;
}

/** Properties write bodies of the platform's schema use, each given hostile values. */
const BODY_FIELDS = [
  'title',
  'body',
  'name',
  'color',
  'description',
  'state',
  'labels',
  'assignees',
];

describe('forge fuzz: every route of its route table', () => {
  let forge: HarnessForge;
  let routes: Route[];
  const valid: Record<string, string> = {};
  const ledger = new FuzzLedger();

  beforeAll(async () => {
    forge = await startForge();
    routes = routesOf(forge.app.getHttpAdapter().getInstance().printRoutes());
    const client = forgeClient(forge);
    const [group] = await client.listUserGroups();
    const [repo] = await client.listRepos(group.path);
    const [issue] = await client.listIssues(repo.path, { state: 'open' });
    Object.assign(valid, {
      org: group.path,
      slug: group.path,
      sub: 'sub',
      repo: repo.path.split('/')[1],
      number: String(issue.number),
      name: 'bug',
      assignee: 'npc-tester',
      comment_id: '1',
      id: '1',
      review_id: '1',
      date: '2026-11-01',
      key: 'k',
      file: 'x.svg',
    });
  }, 120_000);

  afterAll(async () => {
    closeConnections();
    await forge?.stop();
  });

  function pathOf(route: Route, replace: Record<string, string> = {}): string {
    return route.pattern
      .replace(/:(\w+)/g, (_, name: string) => replace[name] ?? valid[name] ?? 'x')
      .replace(/\*$/, replace['*'] ?? 'x');
  }

  function casesOf(route: Route, random: () => number): FuzzCase[] {
    const name = `${route.method} ${route.pattern}`;
    const writes = route.method !== 'GET';
    const values = (): string[] => [
      ...HOSTILE_WIRE_VALUES,
      ...Array.from({ length: FUZZ_ROUNDS }, () => randomWireValue(random)),
    ];
    const json = { 'content-type': 'application/json' };
    const plain = (label: string, path: string, token = true): FuzzCase => ({
      label,
      method: route.method,
      path,
      token,
      ...(writes ? { headers: json, body: '{}' } : {}),
    });
    const cases: FuzzCase[] = [
      plain(`${name} as routed`, pathOf(route)),
      plain(`${name} without a token`, pathOf(route), false),
    ];
    const parameters = [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
    if (route.pattern.endsWith('*')) parameters.push('*');
    for (const parameter of parameters) {
      for (const value of values()) {
        cases.push(
          plain(
            `${name} ${parameter}=${value.slice(0, 40)}`,
            pathOf(route, { [parameter]: value }),
          ),
        );
      }
    }
    for (const query of [
      ...values().flatMap((value) => [`page=${value}`, `page_size=${value}`, `state=${value}`]),
      'page=1&page=2',
      'unknown=1',
      '__proto__[polluted]=1',
    ]) {
      cases.push(plain(`${name} query ${query.slice(0, 60)}`, `${pathOf(route)}?${query}`));
    }
    if (writes) {
      for (const field of BODY_FIELDS) {
        for (const value of HOSTILE_JSON_VALUES) {
          cases.push({
            ...plain(`${name} body ${field}=${JSON.stringify(value)?.slice(0, 40)}`, pathOf(route)),
            body: JSON.stringify({ [field]: value }),
          });
        }
      }
      const bodies: [string, string, string][] = [
        ['an array', 'application/json', '[]'],
        ['null', 'application/json', 'null'],
        ['broken JSON', 'application/json', '{"title":'],
        ['nesting past the limit', 'application/json', JSON.stringify({ x: nested(100) })],
        ['two megabytes', 'application/json', JSON.stringify({ body: 'a'.repeat(2 << 20) })],
        ['text/plain', 'text/plain', '{"title":"x"}'],
        ['a form', 'application/x-www-form-urlencoded', 'title=x'],
        ['an odd charset', 'application/json; charset=latin-9', '{}'],
      ];
      for (const [what, type, body] of bodies) {
        cases.push({
          ...plain(`${name} body: ${what}`, pathOf(route)),
          headers: { 'content-type': type },
          body,
        });
      }
    }
    return cases;
  }

  it('reads its routes from the route table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(125);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', pattern: '/:org/:repo/-/issues' },
        { method: 'DELETE', pattern: '/:org/:repo/-/issues/:number/labels/:name' },
        { method: 'GET', pattern: '/user/groups' },
        { method: 'GET', pattern: '/:org/:repo/-/git/compare/*' },
        { method: 'DELETE', pattern: '/:org/:repo/-/files/*' },
      ]),
    );
    // A wildcard always follows a `/`: `/-/git/tags*` would be a route misread.
    expect(routes.filter((route) => /[^/]\*/.test(route.pattern))).toEqual([]);
  });

  it('answers every generated request without a 5xx', async () => {
    const random = seededRandom(FUZZ_SEED);
    // An equal share of the requests for every route, its two plain cases always among
    // them; reads first, then writes, so deleting writes (a repository, a branch) come
    // last and the reads meet the demo data as seeded.
    const share = Math.max(2, Math.ceil(FUZZ_REQUESTS / routes.length));
    const sampled = (route: Route): FuzzCase[] => {
      const [routed, anonymous, ...rest] = casesOf(route, random);
      return [routed, anonymous, ...shuffle(rest, random).slice(0, share - 2)];
    };
    const byKind = (writes: boolean): FuzzCase[] =>
      shuffle(
        routes.filter((route) => (route.method !== 'GET') === writes).flatMap(sampled),
        random,
      );
    const cases = [...byKind(false), ...byKind(true)];
    const all = routes.reduce((sum, route) => sum + casesOf(route, random).length, 0);
    for (const fuzz of cases) {
      const answer = await send(forge.baseUrl, {
        method: fuzz.method,
        path: fuzz.path,
        headers: {
          accept: 'application/json',
          ...(fuzz.token ? { authorization: `Bearer ${forge.adminToken}` } : {}),
          ...fuzz.headers,
        },
        body: fuzz.body,
      });
      ledger.record(fuzz.label, answer);
    }
    process.stdout.write(
      `${ledger.summary(`forge fuzz (seed ${FUZZ_SEED}, ${all} cases, ${routes.length} routes)`)}\n`,
    );
    expect(ledger.findings).toEqual([]);
    expect(ledger.sent).toBe(cases.length);
  }, 900_000);
});

/** Where a route's parameters point: into a repository, or at an organization. */
type Target = 'repository' | 'organization';

interface Asked {
  route: Route;
  target: Target;
}

/**
 * What a route's parameters name. The routes on `:org/:repo` hold a repository, but for
 * a path that is no repository `GET` and `DELETE /:org/:repo` answer for the sub-group of
 * that path, `PUT /:org/:sub` changes one, and `/:org/:sub/-/sub-groups` lists one's.
 */
function targetsOf({ method, pattern }: Route): Target[] {
  if (pattern === '/:org/:repo') {
    if (method === 'PUT') return ['organization'];
    return method === 'PATCH' ? ['repository'] : ['repository', 'organization'];
  }
  if (pattern === '/:org/:repo/-/sub-groups') return ['organization'];
  if (/\/:org\/:repo(\/|$)/.test(pattern)) return ['repository'];
  if (/\/:(org|slug)(\/|$)/.test(pattern)) return ['organization'];
  return [];
}

/**
 * Organization reads an outsider is let through: organizations have no visibility of
 * their own, so any signed-in user reads an organization's or a sub-group's record and
 * its sub-groups, and the lists across an organization hold only what the caller may
 * read (public repositories; the sub-groups the caller reaches). None may show a private
 * repository of the organization. Every other organization route refuses an outsider.
 */
const OUTSIDER_ORG_READS = new Set([
  '/:org',
  '/:org/:repo',
  '/:org/-/sub-groups',
  '/:org/:repo/-/sub-groups',
  '/:org/-/repos',
  '/:org/-/issues',
  '/:org/-/pulls',
  '/user/groups/:slug',
  '/user/groups/:slug/:sub',
]);

/**
 * Routes and route×method pairs (HEAD included) of each target when this net was made:
 * fewer means routes went missing from the reading of the table, not that they are safe.
 */
const COVERED = {
  repository: { routes: 73, pairs: 157 },
  organization: { routes: 11, pairs: 27 },
};

/** A 1×1 GIF: the smallest image an image attachment takes. */
const PIXEL_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

/**
 * The forge refuses a caller when a service asks the route's context for the grant
 * (`ctx.granted()`); a route whose service never asks answers anyone. Every repository
 * and organization route of the route table, with each of its methods, is asked with
 * parameters, queries and bodies that name what exists, so that only the access check
 * stands between the caller and a 2xx: by an outsider (a signed-in user with every
 * scope and no role) of a private repository and of an organization whose repositories
 * are all private, and anonymously for a missing repository and organization.
 */
describe('forge fuzz: every repository and organization route refuses outsiders', () => {
  let forge: HarnessForge;
  let asked: Asked[];
  let outsiderToken: string;
  /** The private organization's repositories (`org/name`): no outsider's answer may show one. */
  let privatePaths: string[];
  /** Values that fill a route inside the private repository. */
  const values: Record<string, string> = {};

  /** An admin request that must succeed; its JSON answer. */
  async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await send(forge.baseUrl, {
      method,
      path,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${forge.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 300)
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    return (answer.body === '' ? undefined : JSON.parse(answer.body)) as T;
  }

  /** Attach a file or an image as the admin; its `key` and `name`. */
  async function upload(
    repo: string,
    kind: 'files' | 'imgs',
    name: string,
    bytes: Buffer,
  ): Promise<[string, string]> {
    const { upload_url: url, assets } = await admin<{
      upload_url: string;
      assets: { path: string };
    }>('POST', `/${repo}/-/upload/${kind}`, { name, size: bytes.length });
    const { pathname, search } = new URL(url);
    const put = await send(forge.baseUrl, {
      method: 'PUT',
      path: `${pathname}${search}`,
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    if (put.status >= 300) throw new Error(`PUT ${pathname} answered ${put.status}: ${put.body}`);
    const [key, stored] = assets.path.split('/').slice(-2);
    return [key, stored];
  }

  /** The demo repository with the most to point at: pulls and releases first, then issues. */
  async function richestRepo(): Promise<string> {
    let best = { path: '', score: -1 };
    for (const group of await admin<{ path: string }[]>('GET', '/user/groups?page_size=100')) {
      const repos = await admin<{ path: string }[]>('GET', `/${group.path}/-/repos?page_size=100`);
      for (const { path } of repos) {
        const count = async (list: string): Promise<number> =>
          (await admin<unknown[]>('GET', `/${path}/-/${list}`)).length;
        const pulls = await count('pulls?state=all&page_size=100');
        const releases = await count('releases');
        const issues = await count('issues?state=all&page_size=100');
        const score = Math.min(pulls, 1) * 1000 + Math.min(releases, 1) * 100 + issues;
        if (score > best.score) best = { path, score };
      }
    }
    return best.path;
  }

  beforeAll(async () => {
    forge = await startForge();
    asked = routesOf(forge.app.getHttpAdapter().getInstance().printRoutes(), {
      head: true,
    }).flatMap((route) => targetsOf(route).map((target) => ({ route, target })));
    forge.createUser('outsider');
    outsiderToken = forge.createToken('outsider');

    const repo = await richestRepo();
    const [org, name] = repo.split('/');
    // A private organization: every repository in it private, and a sub-group.
    privatePaths = (await admin<{ path: string }[]>('GET', `/${org}/-/repos?page_size=100`)).map(
      (listed) => listed.path,
    );
    for (const path of privatePaths)
      await admin('POST', `/${path}/-/settings/set_visibility?visibility=private`);
    const subGroups = await admin<{ path: string }[]>('GET', `/${org}/-/sub-groups`);
    if (!subGroups.some((group) => group.path === `${org}/team`))
      await admin('POST', '/groups', { path: `${org}/team` });

    type Id = { id: number | string };
    type Numbered = { number: number | string; state: string };
    const issues = await admin<Numbered[]>('GET', `/${repo}/-/issues?state=all&page_size=100`);
    let issue = String(issues[0]?.number ?? 1);
    let comment = '1';
    for (const candidate of issues) {
      const comments = await admin<Id[]>('GET', `/${repo}/-/issues/${candidate.number}/comments`);
      if (comments.length === 0) continue;
      issue = String(candidate.number);
      comment = String(comments[0].id);
      break;
    }
    const [activity] = await admin<Id[]>('GET', `/${repo}/-/issues/${issue}/activities`);
    const [label] = await admin<{ name: string }[]>('GET', `/${repo}/-/labels`);
    const pulls = await admin<Numbered[]>('GET', `/${repo}/-/pulls?state=all&page_size=100`);
    const pull = String((pulls.find((p) => p.state === 'open') ?? pulls[0])?.number ?? 1);
    // A comment and a review on the pull, made when the demo has none.
    const pullComment =
      (await admin<Id[]>('GET', `/${repo}/-/pulls/${pull}/comments`))[0] ??
      (await admin<Id>('POST', `/${repo}/-/pulls/${pull}/comments`, { body: 'A note' }));
    const review =
      (await admin<Id[]>('GET', `/${repo}/-/pulls/${pull}/reviews`))[0] ??
      (await admin<Id>('POST', `/${repo}/-/pulls/${pull}/reviews`, {
        event: 'comment',
        body: 'A review',
      }));
    const [release] = await admin<(Id & { tag_name: string; assets: (Id & { name: string })[] })[]>(
      'GET',
      `/${repo}/-/releases`,
    );
    const [tag] = await admin<{ name: string }[]>('GET', `/${repo}/-/git/tags`);
    const head = await admin<{ name: string }>('GET', `/${repo}/-/git/head`);
    const branches = await admin<{ name: string }[]>('GET', `/${repo}/-/git/branches`);
    const other = (branches.find((branch) => branch.name !== head.name) ?? head).name;
    const [commit] = await admin<{ sha: string }[]>('GET', `/${repo}/-/git/commits`);
    const { sn } =
      (await admin<{ data: { sn: string }[] }>('GET', `/${repo}/-/build/logs`)).data[0] ??
      (await admin<{ sn: string }>('POST', `/${repo}/-/build/start`, { branch: head.name }));
    const { pipelinesStatus } = await admin<{
      pipelinesStatus: Record<string, { id: string; stages: { id: string }[] }>;
    }>('GET', `/${repo}/-/build/status/${sn}`);
    const [pipeline] = Object.values(pipelinesStatus);
    const assets = release?.assets ?? [];
    const [fileKey, fileName] = await upload(repo, 'files', 'notes.txt', Buffer.from('notes'));
    const [imageKey, imageName] = await upload(repo, 'imgs', 'pixel.gif', PIXEL_GIF);
    Object.assign(values, {
      org,
      repo: name,
      sub: 'team',
      number: issue,
      comment_id: comment,
      id: String(activity?.id ?? 1),
      name: label?.name ?? 'bug',
      assignee: 'admin',
      pull,
      pull_comment_id: String(pullComment.id),
      review_id: String(review.id),
      release_id: String(release?.id ?? 1),
      asset_id: String(assets[0]?.id ?? 1),
      tag: release?.tag_name ?? tag?.name ?? 'v1',
      asset: assets[0]?.name ?? 'x',
      branch: head.name,
      other,
      sha: commit.sha,
      sha1: commit.sha,
      sn,
      pipelineId: pipeline?.id ?? '1',
      stageId: pipeline?.stages[0]?.id ?? '1',
      date: (forge.seedEpoch ?? new Date()).toISOString().slice(0, 10),
      fileKey,
      fileName,
      imageKey,
      imageName,
    });
  }, 300_000);

  afterAll(async () => {
    closeConnections();
    await forge?.stop();
  });

  /** A route's path for a target, from the values of a repository. */
  function pathOf({ pattern }: Route, target: Target, from: Record<string, string>): string {
    const v = { ...from };
    if (target === 'organization') {
      // `:slug` names the organization; `:repo` (as `:sub`) its sub-group.
      Object.assign(v, { slug: v.org, repo: v.sub });
    } else {
      if (pattern.includes('/-/pulls/'))
        Object.assign(v, { number: v.pull, comment_id: v.pull_comment_id });
      if (pattern.includes('/-/files/')) Object.assign(v, { key: v.fileKey, name: v.fileName });
      if (pattern.includes('/-/imgs/')) Object.assign(v, { key: v.imageKey, name: v.imageName });
    }
    const wildcards: [RegExp, string][] = [
      [/\/-\/git\/contents\/\*$/, 'README.md'],
      [/\/-\/git\/raw\/\*$/, `${v.branch}/README.md`],
      [/\/-\/git\/(commits|commit-statuses)\/\*$/, v.sha],
      [/\/-\/git\/(compare|archive-compare-changed-files)\/\*$/, `${v.branch}...${v.other}`],
      [/\/-\/git\/archive\/\*$/, `${v.branch}.zip`],
      [/\/-\/git\/(tags|tag-annotations)\/\*$/, v.tag],
      [/\/-\/git\/(branches|branch-locks)\/\*$/, v.other],
      [/\/-\/releases\/tags\/\*$/, v.tag],
      [/\/-\/releases\/download\/\*$/, `${v.tag}/${v.asset}`],
      [/\/-\/files\/\*$/, `${v.fileKey}/${v.fileName}`],
      [/\/-\/imgs\/\*$/, `${v.imageKey}/${v.imageName}`],
    ];
    const rest = wildcards.find(([match]) => match.test(pattern))?.[1] ?? 'x';
    return pattern
      .replace(/:(\w+)/g, (_, parameter: string) => encodeURIComponent(v[parameter] ?? 'x'))
      .replace(/\*$/, rest);
  }

  /** The query a route needs before it reaches its access check. */
  function queryOf({ pattern }: Route, v: Record<string, string>): string {
    if (pattern.endsWith('/info/refs')) return '?service=git-upload-pack';
    if (pattern.endsWith('/set_visibility')) return '?visibility=public';
    if (pattern.endsWith('/-/pull-in-batch')) return `?n=${v.pull}`;
    return '';
  }

  /** A body the route takes, so that what stops the caller is the access check, not the input. */
  function bodyOf({ method, pattern }: Route, v: Record<string, string>): unknown {
    const end = pattern.replace(/^\/:org(\/:repo)?/, '');
    const bodies: [string, RegExp, unknown][] = [
      ['PUT', /^$/, { description: 'changed' }],
      ['PATCH', /^$/, { description: 'changed' }],
      ['POST', /^\/-\/repos$/, { name: 'fresh', visibility: 'private' }],
      ['POST', /^\/-\/build\/start$/, { branch: v.branch }],
      ['POST', /^\/-\/issues$/, { title: 'An outsider opens an issue' }],
      ['PATCH', /^\/-\/issues\/:number$/, { title: 'An outsider edits' }],
      ['POST', /^\/-\/issues\/:number\/labels$/, { labels: [v.name] }],
      ['PUT', /^\/-\/issues\/:number\/labels$/, { labels: [v.name] }],
      ['PATCH', /^\/-\/issues\/:number\/property$/, { properties: [{ key: 'k', value: 'v' }] }],
      ['POST', /^\/-\/issues\/:number\/assignees$/, { assignees: ['admin'] }],
      ['PATCH', /^\/-\/issues\/:number\/assignees$/, { assignees: ['admin'] }],
      ['DELETE', /^\/-\/issues\/:number\/assignees$/, { assignees: ['admin'] }],
      ['POST', /\/comments$/, { body: 'An outsider comments' }],
      ['PATCH', /\/comments\/:comment_id$/, { body: 'An outsider edits' }],
      ['POST', /^\/-\/labels$/, { name: 'outsider', color: 'ff0000' }],
      ['PATCH', /^\/-\/labels\/:name$/, { color: '00ff00' }],
      ['POST', /^\/-\/pulls$/, { base: v.branch, head: v.other, title: 'An outsider pulls' }],
      ['PATCH', /^\/-\/pulls\/:number$/, { title: 'An outsider edits' }],
      ['POST', /^\/-\/pulls\/:number\/reviews$/, { event: 'comment', body: 'An outsider' }],
      ['POST', /^\/-\/git\/blobs$/, { content: 'x', encoding: 'utf-8' }],
      ['POST', /^\/-\/git\/branches$/, { name: 'outsider', start_point: v.branch }],
      ['POST', /^\/-\/git\/tags$/, { name: 'outsider', target: v.branch }],
      ['POST', /^\/-\/releases$/, { tag_name: 'outsider', target_commitish: v.branch }],
      ['PATCH', /^\/-\/releases\/:release_id$/, { name: 'An outsider edits' }],
      ['POST', /^\/-\/upload\/files$/, { name: 'outsider.txt', size: 5 }],
      ['POST', /^\/-\/upload\/imgs$/, { name: 'outsider.png', size: 5 }],
    ];
    return bodies.find(([m, match]) => m === method && match.test(end))?.[2] ?? {};
  }

  /** The request asking a route for a target, as the holder of `token` or anonymously. */
  function requestOf(
    { route, target }: Asked,
    v: Record<string, string>,
    token: string | null,
  ): RawRequest {
    const path = `${pathOf(route, target, v)}${queryOf(route, v)}`;
    const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const git = /\/git-(upload-pack|receive-pack)$/.exec(route.pattern);
    if (git) {
      return {
        method: route.method,
        path,
        headers: { 'content-type': `application/x-git-${git[1]}-request`, ...auth },
        body: '0000',
      };
    }
    const reads = route.method === 'GET' || route.method === 'HEAD';
    return {
      method: route.method,
      path,
      headers: {
        accept: 'application/json',
        ...auth,
        ...(reads ? {} : { 'content-type': 'application/json' }),
      },
      body: reads ? undefined : JSON.stringify(bodyOf(route, v)),
    };
  }

  /** `METHOD pattern (target: path)`: what a finding names. */
  const labelOf = ({ route, target }: Asked, request: RawRequest): string =>
    `${route.method} ${route.pattern} (${target}: ${request.path})`;

  it('asks every repository and organization route of the route table', () => {
    const count = (target: Target) => {
      const pairs = asked.filter((ask) => ask.target === target);
      return { routes: new Set(pairs.map((ask) => ask.route.pattern)).size, pairs: pairs.length };
    };
    const covered = { repository: count('repository'), organization: count('organization') };
    process.stdout.write(
      `forge access net: ${covered.repository.routes} repository routes ` +
        `(${covered.repository.pairs} route×method pairs), ${covered.organization.routes} ` +
        `organization routes (${covered.organization.pairs} pairs)\n`,
    );
    expect(covered.repository.routes).toBeGreaterThanOrEqual(COVERED.repository.routes);
    expect(covered.repository.pairs).toBeGreaterThanOrEqual(COVERED.repository.pairs);
    expect(covered.organization.routes).toBeGreaterThanOrEqual(COVERED.organization.routes);
    expect(covered.organization.pairs).toBeGreaterThanOrEqual(COVERED.organization.pairs);
    const pairs = asked.map(({ route, target }) => `${target} ${route.method} ${route.pattern}`);
    expect(pairs).toEqual(
      expect.arrayContaining([
        'repository GET /:org/:repo/-/git/compare/*',
        'repository DELETE /:org/:repo/-/imgs/*',
        'repository HEAD /:org/:repo/-/releases/download/*',
        'repository POST /:org/:repo/git-receive-pack',
        'repository GET /events/:org/:repo/-/:date',
        'organization PUT /:org/:repo',
        'organization GET /:org/:repo/-/sub-groups',
        'organization GET /user/groups/:slug/:sub',
        'organization DELETE /:org',
      ]),
    );
  });

  it('answers an outsider of a private repository or organization with no 2xx', async () => {
    const ledger = new FuzzLedger();
    for (const ask of asked) {
      const request = requestOf(ask, values, outsiderToken);
      const answer = await send(forge.baseUrl, request);
      const label = labelOf(ask, request);
      ledger.record(label, answer);
      const { route, target } = ask;
      const read = route.method === 'GET' || route.method === 'HEAD';
      if (target === 'organization' && read && OUTSIDER_ORG_READS.has(route.pattern)) {
        const shown = privatePaths.filter((path) => answer.body.includes(path));
        if (shown.length > 0) ledger.finding(label, `shows ${shown.join(', ')}`);
      } else if (answer.status < 300) {
        ledger.finding(label, `answered ${answer.status}`);
      } else if (answer.status !== 403) {
        // Input refused before the access check would hide a route that never asks for it.
        ledger.finding(
          label,
          `answered ${answer.status}, not the refusal: ${answer.body.slice(0, 120)}`,
        );
      }
    }
    process.stdout.write(
      `${ledger.summary(`forge access net, outsider (${asked.length} asks)`)}\n`,
    );
    expect(ledger.findings).toEqual([]);
    expect(ledger.sent).toBe(asked.length);
  }, 300_000);

  it('answers an anonymous caller for a missing repository or organization with no 2xx', async () => {
    const ledger = new FuzzLedger();
    for (const ask of asked) {
      const missing =
        ask.target === 'repository'
          ? { ...values, repo: 'no-such-repo' }
          : { ...values, org: 'no-such-org', sub: 'no-such-team' };
      const request = requestOf(ask, missing, null);
      const answer = await send(forge.baseUrl, request);
      const label = labelOf(ask, request);
      ledger.record(label, answer);
      if (answer.status < 300) ledger.finding(label, `answered ${answer.status}`);
      else if (answer.status !== 401 && answer.status !== 404)
        ledger.finding(
          label,
          `answered ${answer.status}, not the refusal: ${answer.body.slice(0, 120)}`,
        );
    }
    process.stdout.write(
      `${ledger.summary(`forge access net, anonymous (${asked.length} asks)`)}\n`,
    );
    expect(ledger.findings).toEqual([]);
    expect(ledger.sent).toBe(asked.length);
  }, 300_000);
});
