/**
 * Conformance of the forge to the platform's published schema: every GET operation of
 * the extract (a fixture beside this file) is called against a forge with the demo data
 * and its answer checked for status, content type and, where a 200 schema is
 * published, shape and types with ajv (every published property required, extra ones
 * allowed, described value sets enforced, lists holding at least one item). Archives
 * are checked to be real archives. Prints `N/M operations conform; fields present A/B;
 * type errors T`.
 *
 * Operations that do not conform yet are listed in KNOWN_GAPS and run as
 * `it.failing`: fixing one makes its test fail until it leaves the list, so the list
 * can only shrink.
 */
import { writeFileSync } from 'node:fs';
import { startForge, type HarnessForge } from '../forge-harness';
import { demoParams, JSON_TYPES, type Answer, type Params } from './demo-params';
import { KNOWN_GAPS } from './known-gaps';
import {
  publishedOperations,
  ResponseValidator,
  type PublishedOperation,
} from './published-schema';

interface Outcome {
  conform: boolean;
  problems: string[];
  present: number;
  expected: number;
  typeErrors: number;
}

const operations = publishedOperations();
const validator = new ResponseValidator();
const outcomes = new Map<string, Outcome>();

describe('conformance of the forge to the published platform schema', () => {
  let forge: HarnessForge;
  let params: Params;

  const get = async (route: string, token = forge.adminToken): Promise<Answer> => {
    const response = await fetch(forge.baseUrl + route, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? '';
    let body: unknown = undefined;
    if (JSON_TYPES.test(contentType)) {
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        body = undefined;
      }
    }
    return { status: response.status, contentType, bytes, body };
  };
  const list = async (route: string): Promise<Record<string, unknown>[]> => {
    const answer = await get(route);
    return Array.isArray(answer.body) ? (answer.body as Record<string, unknown>[]) : [];
  };

  beforeAll(async () => {
    forge = await startForge();
    params = await demoParams(get, list);
    // The caller's own issues: those of a user with assigned issues.
    if (params['assignee']) params['user_token'] = forge.createToken(params['assignee']);
  }, 120_000);

  afterAll(async () => {
    await forge?.stop();
    let conform = 0;
    let present = 0;
    let expected = 0;
    let typeErrors = 0;
    for (const outcome of outcomes.values()) {
      if (outcome.conform) conform += 1;
      present += outcome.present;
      expected += outcome.expected;
      typeErrors += outcome.typeErrors;
    }
    // CONFORMANCE_REPORT=<file> keeps every operation's problems, for working on the gaps.
    const report = process.env['CONFORMANCE_REPORT'];
    if (report) writeFileSync(report, JSON.stringify(Object.fromEntries(outcomes), null, 1));
    process.stdout.write(
      `\n${conform}/${operations.length} operations conform; fields present ${present}/${expected}; type errors ${typeErrors}\n`,
    );
  });

  for (const published of operations) {
    const name = `GET ${published.path}`;
    const run = KNOWN_GAPS.has(published.path) ? it.failing : it;
    run(`${name} answers as published`, async () => {
      const outcome = await check(published, params, (route) =>
        get(route, published.path === '/user/issues' ? params['user_token'] : undefined),
      );
      outcomes.set(published.path, outcome);
      expect(outcome.problems).toEqual([]);
    });
  }

  it('accepts every published query parameter at its published default (or first value)', async () => {
    const refused: string[] = [];
    for (const published of operations) {
      const route = concreteRoute(published, params);
      if (!route) continue;
      const query = (published.operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && !parameter.required)
        .filter((parameter) => !new URLSearchParams(route.split('?')[1] ?? '').has(parameter.name))
        .flatMap((parameter) => {
          const value = parameter.default ?? parameter.enum?.[0];
          return value === undefined || value === ''
            ? []
            : [
                `${parameter.name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
              ];
        });
      if (query.length === 0) continue;
      const separator = route.includes('?') ? '&' : '?';
      const answer = await get(
        `${route}${separator}${query.join('&')}`,
        published.path === '/user/issues' ? params['user_token'] : undefined,
      );
      if (answer.status === 400)
        refused.push(`${published.path}: ${answer.bytes.toString('utf8').slice(0, 160)}`);
    }
    expect(refused).toEqual([]);
  });

  it('lists no known gap that is not a published operation', () => {
    const paths = new Set(operations.map((op) => op.path));
    expect([...KNOWN_GAPS].filter((gap) => !paths.has(gap))).toEqual([]);
  });
});

/** Call one operation with demo parameters and check its answer. */
async function check(
  published: PublishedOperation,
  params: Params,
  get: (route: string) => Promise<Answer>,
): Promise<Outcome> {
  const outcome: Outcome = { conform: false, problems: [], present: 0, expected: 0, typeErrors: 0 };
  const route = concreteRoute(published, params);
  if (!route) {
    outcome.problems.push('the demo data holds nothing to call it with');
    return outcome;
  }
  const answer = await get(route);
  if (answer.status !== published.status) {
    outcome.problems.push(`${route}: status ${answer.status}, published ${published.status}`);
    return outcome;
  }
  const schema = published.schema;
  if (published.path.includes('/-/git/archive')) {
    if (!isArchive(answer.bytes)) outcome.problems.push(`${route}: not a zip or gzip archive`);
  } else if (published.status === 302) {
    if (!answer.bytes || answer.status !== 302) outcome.problems.push(`${route}: no redirect`);
  } else if (schema && schema['type'] === 'string') {
    if (answer.bytes.length === 0) outcome.problems.push(`${route}: empty raw answer`);
  } else if (published.status === 200) {
    if (!JSON_TYPES.test(answer.contentType))
      outcome.problems.push(`${route}: content type ${answer.contentType}`);
    if (schema) {
      const { errors } = validator.validate(schema, answer.body);
      outcome.typeErrors = errors.filter((error) => error.keyword !== 'required').length;
      outcome.problems.push(...errors.slice(0, 8).map((error) => `${route}: ${error.message}`));
      const counted = validator.count(schema, answer.body);
      outcome.present = counted.present;
      outcome.expected = counted.expected;
      if (schema['type'] === 'array' && (!Array.isArray(answer.body) || answer.body.length === 0))
        outcome.problems.push(`${route}: the list is empty`);
    }
  }
  outcome.conform = outcome.problems.length === 0;
  return outcome;
}

/** Zip (PK\3\4) or gzip (1f 8b). */
function isArchive(bytes: Buffer): boolean {
  return (
    (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) ||
    (bytes[0] === 0x1f && bytes[1] === 0x8b)
  );
}

/** The path with every parameter filled from the demo data, plus required query parameters. */
function concreteRoute(published: PublishedOperation, params: Params): string | null {
  const pulls = published.path.includes('/-/pulls/');
  let missing = false;
  const route = published.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const key =
      pulls && ['number', 'comment_id', 'assignee'].includes(name)
        ? `pull_${name}`
        : published.path.includes('/-/git/archive/') && name === 'ref_with_path'
          ? 'archive_ref'
          : name;
    const value = params[key];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  if (missing) return null;
  const query = (published.operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map(
      (parameter) =>
        `${parameter.name}=${encodeURIComponent(params[`query_${parameter.name}`] ?? '')}`,
    );
  const extra = published.path === '/user/issues' ? ['state=all'] : [];
  const all = [...query, ...extra];
  return all.length > 0 ? `${route}?${all.join('&')}` : route;
}
