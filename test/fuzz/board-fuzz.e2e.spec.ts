import { Receiver } from '../alert-receiver';
import { startBoard, RunningBoard } from '../board-harness';
import { forgeClient, HarnessForge, startForge } from '../forge-harness';
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
  type RawAnswer,
} from './fuzz-kit';

/**
 * The board's routes fuzzed from its own OpenAPI document (`GET /api/docs`): every
 * operation, with hostile values for each path, query and body parameter, with and
 * without the admin token, against a real forge. No answer may be a 5xx; a 4xx carries the
 * error envelope; a request the board refuses (400, 401, 403, 413, 415, 429) makes no
 * platform call, and no refused request writes to the platform. `FUZZ_REQUESTS` and
 * `FUZZ_ROUNDS` make a larger run on demand; `TEST_SEED` repeats one.
 */

const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';
/** Refusals the board makes itself, before any platform call. */
const REFUSED_BEFORE_THE_PLATFORM = new Set([400, 401, 403, 413, 415, 429]);

interface Schema {
  type?: string;
  $ref?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

interface DocParameter {
  in: 'path' | 'query';
  name: string;
  schema: Schema;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}

interface OpenApi {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Schema> };
}

interface Operation {
  method: string;
  template: string;
  path: DocParameter[];
  query: DocParameter[];
  body: Schema | null;
  admin: boolean;
}

interface FuzzCase {
  label: string;
  method: string;
  path: string;
  token: string | null;
  headers?: Record<string, string>;
  body?: string;
}

describe('board fuzz: every operation of the OpenAPI document', () => {
  let forge: HarnessForge;
  let board: RunningBoard;
  let receiver: Receiver;
  let doc: OpenApi;
  /** Valid path values by parameter name (already encoded). */
  const valid: Record<string, string> = {};
  /** Valid bodies by schema name. */
  let bodies: Record<string, Record<string, unknown>> = {};
  const ledger = new FuzzLedger();

  beforeAll(async () => {
    forge = await startForge();
    receiver = await new Receiver().start();
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: forge.seedEpoch!,
        env: {
          ADMIN_TOKEN,
          ANON_MISSES_PER_MINUTE: '0',
          // The channels it makes deliver to a receiver on loopback.
          ALERTS_ALLOW_HTTP: 'true',
          ALERTS_ALLOW_PRIVATE_HOSTS: 'true',
        },
      },
    );
    doc = (await (await fetch(`${board.url}/api/docs`)).json()) as OpenApi;

    const [org] = (
      (await (await fetch(`${board.url}/api/meta`)).json()) as { covered_orgs: string[] }
    ).covered_orgs;
    const repo = (await forgeClient(forge).listRepos(org)).find(
      (r) => r.visibility_level === 'Public',
    )!.path;
    const [, name] = repo.split('/');
    const [issue] = (await (
      await fetch(`${board.url}/api/repos/${org}/${name}/issues`)
    ).json()) as { number: number }[];
    bodies = {
      CreateIssueDto: { repo, requirement: 'Fuzz the board', npc: 'npc-tester', work_mode: false },
      PreflightDto: { repo, requirement: 'Fuzz the board', npc: 'npc-tester' },
      RedispatchDto: { npc: 'npc-tester', reason: 'fuzz' },
      StopRunDto: { repo, sn: 'cnb-fuzz-none', reason: 'fuzz' },
      SettingsDto: { credit_alert_threshold: 40 },
      CreateChannelDto: { name: 'fuzz', kind: 'webhook', url: `${receiver.url}/hook` },
      UpdateChannelDto: { name: 'fuzz again' },
      CreateSilenceDto: {
        rule: 'npc_stuck',
        until: new Date(forge.seedEpoch!.getTime() + 86_400_000).toISOString(),
        note: 'fuzz',
      },
    };
    const channel = (await admin('POST', '/api/admin/alerts/channels', bodies['CreateChannelDto']))
      .id as string;
    const silence = (await admin('POST', '/api/admin/alerts/silences', bodies['CreateSilenceDto']))
      .id as string;
    Object.assign(valid, {
      slug: org,
      org,
      repo: name,
      full_name: encodeURIComponent(repo),
      number: String(issue.number),
      handle: 'npc-builder',
      channel,
      silence,
    });
  }, 120_000);

  afterAll(async () => {
    closeConnections();
    await board?.stop();
    await forge?.stop();
    await receiver?.stop();
  });

  async function admin(
    method: string,
    path: string,
    body: unknown,
  ): Promise<Record<string, unknown>> {
    const response = await fetch(board.url + path, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status !== 201)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  /** Platform calls so far, and the writes among them (the forge's own counters). */
  async function platformCalls(): Promise<{ all: number; writes: number }> {
    let all = 0;
    let writes = 0;
    for (const [key, count] of await forge.metrics()) {
      const [method, route] = key.split(' ');
      if (route.includes('metrics')) continue;
      all += count;
      if (method !== 'GET' && method !== 'HEAD') writes += count;
    }
    return { all, writes };
  }

  /** Waits until the platform calls a valid request started have all been made. */
  async function settled(): Promise<{ all: number; writes: number }> {
    let last = await platformCalls();
    for (let i = 0; i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const now = await platformCalls();
      if (now.all === last.all) return now;
      last = now;
    }
    return last;
  }

  function operations(): Operation[] {
    const out: Operation[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const parameters = op.parameters ?? [];
        const body = op.requestBody?.content['application/json']?.schema ?? null;
        out.push({
          method: method.toUpperCase(),
          template,
          path: parameters.filter((p) => p.in === 'path'),
          query: parameters.filter((p) => p.in === 'query'),
          body,
          admin: (op.security ?? []).length > 0,
        });
      }
    }
    return out;
  }

  function schemaName(schema: Schema): string {
    return (schema.$ref ?? '').split('/').pop() ?? '';
  }

  function validPathValue(op: Operation, name: string): string {
    if (name === 'id')
      return op.template.includes('silences') ? valid['silence'] : valid['channel'];
    const value = valid[name];
    if (value === undefined) throw new Error(`No valid value for path parameter "${name}"`);
    return value;
  }

  function pathOf(op: Operation, replace: Record<string, string> = {}): string {
    return op.template.replace(/\{(\w+)\}/g, (_, name: string) =>
      name in replace ? replace[name] : validPathValue(op, name),
    );
  }

  function jsonCase(op: Operation, label: string, body: unknown): FuzzCase {
    return {
      label,
      method: op.method,
      path: pathOf(op),
      token: op.admin ? ADMIN_TOKEN : null,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
  }

  /** Every case of one operation. */
  function casesOf(op: Operation, random: () => number): FuzzCase[] {
    const token = op.admin ? ADMIN_TOKEN : null;
    const name = `${op.method} ${op.template}`;
    const base = op.body ? bodies[schemaName(op.body)] : undefined;
    if (op.body && !base) throw new Error(`${name}: no valid body for ${schemaName(op.body)}`);
    const withBody = (c: FuzzCase): FuzzCase =>
      base && c.body === undefined
        ? { ...c, headers: { 'content-type': 'application/json' }, body: JSON.stringify(base) }
        : c;
    const values = (): string[] => [
      ...HOSTILE_WIRE_VALUES,
      ...Array.from({ length: FUZZ_ROUNDS }, () => randomWireValue(random)),
    ];
    const cases: FuzzCase[] = [
      { label: `${name} as documented`, method: op.method, path: pathOf(op), token },
      {
        label: `${name} without a token`,
        method: op.method,
        path: pathOf(op),
        token: null,
      },
      {
        label: `${name} with a wrong token`,
        method: op.method,
        path: pathOf(op),
        token: 'not-the-admin-token',
      },
      {
        label: `${name} by an undocumented method`,
        method: op.method === 'PATCH' ? 'PUT' : 'PATCH',
        path: pathOf(op),
        token,
      },
    ];
    for (const parameter of op.path) {
      for (const value of values()) {
        cases.push({
          label: `${name} path ${parameter.name}=${value.slice(0, 40)}`,
          method: op.method,
          path: pathOf(op, { [parameter.name]: value }),
          token,
        });
      }
    }
    const queries = [
      ...op.query.flatMap((parameter) => [
        ...values().map((value) => `${parameter.name}=${value}`),
        `${parameter.name}=1&${parameter.name}=2`,
        `${parameter.name}[]=x`,
        `${parameter.name}[a]=x`,
        parameter.name,
      ]),
      'unknown=1',
      '=1',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '&&&&',
      `q=${'x'.repeat(10_000)}`,
    ];
    for (const query of queries) {
      cases.push({
        label: `${name} query ${query.slice(0, 60)}`,
        method: op.method,
        path: `${pathOf(op)}?${query}`,
        token,
      });
    }
    if (base) cases.push(...bodyCases(op, base));
    return cases.map(withBody);
  }

  function bodyCases(op: Operation, base: Record<string, unknown>): FuzzCase[] {
    const name = `${op.method} ${op.template}`;
    const schema = doc.components.schemas[schemaName(op.body!)];
    const cases: FuzzCase[] = [];
    for (const property of Object.keys(schema.properties ?? {})) {
      for (const value of HOSTILE_JSON_VALUES) {
        cases.push(
          jsonCase(op, `${name} body ${property}=${JSON.stringify(value)?.slice(0, 40)}`, {
            ...base,
            [property]: value,
          }),
        );
      }
      const { [property]: _left, ...without } = base;
      cases.push(jsonCase(op, `${name} body without ${property}`, without));
    }
    const whole: [string, string | undefined, string | undefined][] = [
      ['an extra field', 'application/json', JSON.stringify({ ...base, unknown_field: 1 })],
      ['a prototype key', 'application/json', `{"__proto__":{"polluted":true},"npc":"x"}`],
      ['an array', 'application/json', '[]'],
      ['a string', 'application/json', '"x"'],
      ['null', 'application/json', 'null'],
      ['a number', 'application/json', '1'],
      ['broken JSON', 'application/json', '{"repo":'],
      ['an empty JSON body', 'application/json', ''],
      ['nesting past the limit', 'application/json', JSON.stringify({ ...base, x: nested(100) })],
      ['two megabytes', 'application/json', JSON.stringify({ ...base, x: 'a'.repeat(2 << 20) })],
      ['text/plain', 'text/plain', JSON.stringify(base)],
      ['a form', 'application/x-www-form-urlencoded', 'repo=a%2Fb&npc=x'],
      ['multipart', 'multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
      ['an odd charset', 'application/json; charset=latin-9', JSON.stringify(base)],
      ['no content type', undefined, JSON.stringify(base)],
      ['no body at all', undefined, undefined],
    ];
    for (const [what, type, body] of whole) {
      cases.push({
        label: `${name} body: ${what}`,
        method: op.method,
        path: pathOf(op),
        token: op.admin ? ADMIN_TOKEN : null,
        headers: type === undefined ? {} : { 'content-type': type },
        body: body ?? '',
      });
    }
    return cases;
  }

  function envelopeProblem(answer: RawAnswer): string | null {
    if (answer.status < 400 || answer.status >= 500) return null;
    try {
      const body = JSON.parse(answer.body) as { statusCode?: unknown; message?: unknown };
      if (body.statusCode !== answer.status) return `envelope says ${String(body.statusCode)}`;
      if (typeof body.message !== 'string' || body.message.length === 0) return 'no message';
      return null;
    } catch {
      return `a ${answer.status} without the JSON envelope: ${answer.body.slice(0, 80)}`;
    }
  }

  it('answers every generated request without a 5xx, and refuses without calling the platform', async () => {
    const random = seededRandom(FUZZ_SEED);
    const all = operations().flatMap((op) => casesOf(op, random));
    // The documented reads go first: they fill the caches the board's checks read (the
    // covered organizations, their repositories), as a board in use has them.
    const warm = all.filter((c) => c.method === 'GET' && c.label.endsWith(' as documented'));
    const rest = shuffle(
      all.filter((c) => !warm.includes(c)),
      random,
    );
    const cases = [...warm, ...rest].slice(0, FUZZ_REQUESTS);
    expect(operations().length).toBeGreaterThanOrEqual(30);

    let calls = await platformCalls();
    for (const fuzz of cases) {
      const answer = await send(board.url, {
        method: fuzz.method,
        path: fuzz.path,
        headers: {
          accept: 'application/json',
          ...(fuzz.token ? { authorization: `Bearer ${fuzz.token}` } : {}),
          ...fuzz.headers,
        },
        body: fuzz.body,
      });
      ledger.record(fuzz.label, answer);
      const problem = envelopeProblem(answer);
      if (problem) ledger.finding(fuzz.label, problem);
      const after = REFUSED_BEFORE_THE_PLATFORM.has(answer.status)
        ? await platformCalls()
        : await settled();
      if (REFUSED_BEFORE_THE_PLATFORM.has(answer.status) && after.all !== calls.all) {
        ledger.finding(
          fuzz.label,
          `refused with ${answer.status} after ${after.all - calls.all} platform calls`,
        );
      }
      if (answer.status >= 400 && after.writes !== calls.writes) {
        ledger.finding(
          fuzz.label,
          `refused with ${answer.status} after ${after.writes - calls.writes} platform writes`,
        );
      }
      calls = after;
    }

    process.stdout.write(
      `${ledger.summary(`board fuzz (seed ${FUZZ_SEED}, ${all.length} cases)`)}\n`,
    );
    expect(ledger.findings).toEqual([]);
    expect(ledger.sent).toBe(cases.length);
    // The corpus reaches past validation too: documented requests are answered.
    expect([...ledger.byStatus.keys()].some((status) => status < 300)).toBe(true);
  }, 600_000);
});
