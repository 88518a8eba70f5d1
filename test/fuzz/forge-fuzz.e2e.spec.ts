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
 * The routes of `printRoutes({ commonPrefix: false })`: a tree whose lines hold a path's
 * next part and, where a route ends, its methods (`├── /:number (GET, HEAD, PATCH)`).
 */
function routesOf(tree: string): Route[] {
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
      if (method && method !== 'HEAD') routes.push({ method, pattern: stack[depth] });
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
    routes = routesOf(
      forge.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }),
    );
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
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', pattern: '/:org/:repo/-/issues' },
        { method: 'DELETE', pattern: '/:org/:repo/-/issues/:number/labels/:name' },
        { method: 'GET', pattern: '/user/groups' },
      ]),
    );
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
