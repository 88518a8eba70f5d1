/**
 * Conformance of the forge's write operations to the platform's published answers:
 * every write operation of PUBLISHED_WRITES is called against a forge with the demo
 * data, as a client generated from the published schema calls it (the published
 * request body in full, plus a field the schema does not know, which must be ignored;
 * `Accept: application/vnd.cnb.api+json`), and its answer checked for status, content
 * type and, where a body is published, shape and types with the GET suite's validator
 * (every published property required, extra ones allowed, described value sets
 * enforced); where the published answer has no body, the answer must have none. Each
 * test prepares what it writes to through the API itself, so the tests pass in any
 * order. Prints `N/M write operations conform`.
 *
 * Operations that do not conform yet are listed in KNOWN_WRITE_GAPS and run as
 * `it.failing`: fixing one makes its test fail until it leaves the list.
 */
import { startForge, type HarnessForge } from '../forge-harness';
import { demoParams, JSON_TYPES, type Answer, type Params } from './demo-params';
import { KNOWN_WRITE_GAPS } from './known-gaps';
import { ResponseValidator } from './published-schema';
import { PUBLISHED_WRITES, writeKey, type PublishedWrite } from './published-writes';

type Method = PublishedWrite['method'] | 'GET';

/** What a scenario gets: the demo's parameters and a client as generated clients call. */
interface Context {
  params: Params;
  /** A name not used before in this run. */
  unique(prefix: string): string;
  send(method: Method, route: string, body?: Record<string, unknown>): Promise<Answer>;
  /** Like send, but fails the test unless the answer has this status; returns the body. */
  must(
    status: number,
    method: Method,
    route: string,
    body?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
}

/** A field no published form has: the platform ignores such fields, and so must the forge. */
const UNKNOWN = { conformance_unknown_field: 'ignored' };

const validator = new ResponseValidator();
const outcomes = new Map<string, string[]>();

describe('conformance of the forge write operations to the published platform schema', () => {
  let forge: HarnessForge;
  let context: Context;

  beforeAll(async () => {
    forge = await startForge();
    let counter = 0;
    const send = async (
      method: Method,
      route: string,
      body?: Record<string, unknown>,
    ): Promise<Answer> => {
      const response = await fetch(forge.baseUrl + route, {
        method,
        headers: {
          authorization: `Bearer ${forge.adminToken}`,
          accept: 'application/vnd.cnb.api+json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify({ ...body, ...UNKNOWN }) : undefined,
        redirect: 'manual',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? '';
      let parsed: unknown = undefined;
      if (JSON_TYPES.test(contentType)) {
        try {
          parsed = JSON.parse(bytes.toString('utf8'));
        } catch {
          parsed = undefined;
        }
      }
      return { status: response.status, contentType, bytes, body: parsed };
    };
    const get = (route: string): Promise<Answer> => send('GET', route);
    const list = async (route: string): Promise<Record<string, unknown>[]> => {
      const answer = await get(route);
      return Array.isArray(answer.body) ? (answer.body as Record<string, unknown>[]) : [];
    };
    context = {
      params: await demoParams(get, list),
      unique: (prefix) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`,
      send,
      must: async (status, method, route, body) => {
        const answer = await send(method, route, body);
        if (answer.status !== status) {
          throw new Error(
            `preparing: ${method} ${route} answered ${answer.status}, not ${status}: ${answer.bytes.toString('utf8').slice(0, 200)}`,
          );
        }
        return (answer.body ?? {}) as Record<string, unknown>;
      },
    };
  }, 120_000);

  afterAll(async () => {
    await forge?.stop();
    const conform = [...outcomes.values()].filter((problems) => problems.length === 0).length;
    process.stdout.write(`\n${conform}/${PUBLISHED_WRITES.length} write operations conform\n`);
  });

  for (const published of PUBLISHED_WRITES) {
    const key = writeKey(published);
    const run = KNOWN_WRITE_GAPS.has(key) ? it.failing : it;
    run(`${key} answers as published`, async () => {
      const scenario = SCENARIOS[key];
      if (!scenario) throw new Error(`no scenario calls ${key}`);
      const problems: string[] = [];
      outcomes.set(key, ['did not finish']);
      try {
        const answer = await scenario(context);
        problems.push(...checkAnswer(published, answer));
      } catch (error) {
        problems.push((error as Error).message);
      }
      outcomes.set(key, problems);
      expect(problems).toEqual([]);
    });
  }

  it('has a scenario for every published write operation, and none for another', () => {
    const keys = PUBLISHED_WRITES.map(writeKey);
    expect(keys.filter((key) => !SCENARIOS[key])).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((key) => !keys.includes(key))).toEqual([]);
    expect([...KNOWN_WRITE_GAPS].filter((gap) => !keys.includes(gap))).toEqual([]);
  });
});

/** Status, content type, and shape (or absence) of a write's answer. */
function checkAnswer(published: PublishedWrite, answer: Answer): string[] {
  const text = answer.bytes.toString('utf8');
  if (answer.status !== published.status) {
    return [`status ${answer.status}, published ${published.status}: ${text.slice(0, 200)}`];
  }
  if (!published.schema) {
    return answer.bytes.length === 0
      ? []
      : [`a body where none is published: ${text.slice(0, 200)}`];
  }
  const problems: string[] = [];
  if (!JSON_TYPES.test(answer.contentType)) problems.push(`content type ${answer.contentType}`);
  const { errors } = validator.validate(published.schema, answer.body);
  problems.push(...errors.slice(0, 8).map((error) => error.message));
  return problems;
}

const day = (offset: number): string =>
  new Date(Date.UTC(2030, 0, 1 + offset)).toISOString().slice(0, 10);

/** A new issue in the demo repository; returns its number. */
async function newIssue(ctx: Context, labels: string[] = []): Promise<string> {
  const issue = await ctx.must(201, 'POST', `/${ctx.params['repo']}/-/issues`, {
    title: ctx.unique('Conformance issue'),
    labels,
  });
  return String(issue['number']);
}

/** A new branch at the default branch's head; returns its name. */
async function newBranch(ctx: Context): Promise<string> {
  const name = ctx.unique('conformance/branch');
  await ctx.must(201, 'POST', `/${ctx.params['repo']}/-/git/branches`, {
    name,
    start_point: ctx.params['branch'],
  });
  return name;
}

/** A new repository in the demo organization; returns its path. */
async function newRepo(ctx: Context): Promise<string> {
  const name = ctx.unique('conformance-repo');
  await ctx.must(201, 'POST', `/${ctx.params['slug']}/-/repos`, { name, visibility: 'public' });
  return `${ctx.params['slug']}/${name}`;
}

/** A new release on a new tag; returns its id. */
async function newRelease(ctx: Context): Promise<string> {
  const repo = ctx.params['repo'];
  const release = await ctx.must(201, 'POST', `/${repo}/-/releases`, {
    tag_name: ctx.unique('v0.0.0-conformance'),
    target_commitish: ctx.params['branch'],
    name: 'Conformance release',
  });
  return String(release['id']);
}

/** A new build on the default branch, still running; returns its serial number. */
async function newBuild(ctx: Context): Promise<string> {
  const build = await ctx.must(200, 'POST', `/${ctx.params['repo']}/-/build/start`, {});
  return String(build['sn']);
}

/** A new pull from a branch holding an older commit than the default branch's head. */
async function newPull(ctx: Context): Promise<string> {
  const repo = ctx.params['repo'];
  const head = ctx.unique('conformance/pull');
  // The demo's oldest commit: behind the default branch, so the pull is mergeable.
  await ctx.must(201, 'POST', `/${repo}/-/git/branches`, {
    name: head,
    start_point: ctx.params['oldest_sha'] ?? ctx.params['branch'],
  });
  const pull = await ctx.must(201, 'POST', `/${repo}/-/pulls`, {
    base: ctx.params['branch'],
    head,
    head_repo: repo,
    title: ctx.unique('Conformance pull'),
    body: 'Opened by the write conformance suite.',
  });
  return String(pull['number']);
}

/** The path of a stored upload (`…/-/files/<key>/<name>` → `<key>/<name>`). */
async function newUpload(ctx: Context, kind: 'files' | 'imgs'): Promise<string> {
  const repo = ctx.params['repo'];
  const bytes =
    kind === 'imgs'
      ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
      : Buffer.from('conformance notes\n');
  const name = kind === 'imgs' ? 'conformance.png' : 'conformance.txt';
  const upload = await ctx.must(200, 'POST', `/${repo}/-/upload/${kind}`, {
    name,
    size: bytes.length,
  });
  const put = await fetch(String(upload['upload_url']), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`preparing: the upload PUT answered ${put.status}`);
  const assets = upload['assets'] as Record<string, unknown>;
  return String(assets['path']).split(`/-/${kind}/`)[1];
}

type Scenario = (ctx: Context) => Promise<Answer>;

/** How each published write operation is called, keyed `METHOD path`. */
const SCENARIOS: Record<string, Scenario> = {
  // ------------------------------------------------------------------ issues
  'POST /{repo}/-/issues': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/issues`, {
      title: ctx.unique('Conformance issue'),
      body: 'Created by the write conformance suite.',
      assignees: [ctx.params['assignee']],
      labels: ['conformance'],
      priority: 'P1',
      start_date: day(0),
      end_date: day(7),
      invisible: false,
      work_mode: false,
    }),
  'PATCH /{repo}/-/issues/{number}': async (ctx) =>
    ctx.send('PATCH', `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}`, {
      title: 'Conformance issue, edited',
      body: 'Edited.',
      state: 'closed',
      state_reason: 'completed',
      priority: 'P2',
      start_date: day(1),
      end_date: day(8),
    }),
  'POST /{repo}/-/issues/{number}/labels': async (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}/labels`, {
      labels: ['conformance', 'conformance-extra'],
    }),
  'PUT /{repo}/-/issues/{number}/labels': async (ctx) =>
    ctx.send(
      'PUT',
      `/${ctx.params['repo']}/-/issues/${await newIssue(ctx, ['conformance'])}/labels`,
      { labels: ['conformance-extra'] },
    ),
  'DELETE /{repo}/-/issues/{number}/labels': async (ctx) =>
    ctx.send(
      'DELETE',
      `/${ctx.params['repo']}/-/issues/${await newIssue(ctx, ['conformance'])}/labels`,
    ),
  'DELETE /{repo}/-/issues/{number}/labels/{name}': async (ctx) =>
    ctx.send(
      'DELETE',
      `/${ctx.params['repo']}/-/issues/${await newIssue(ctx, ['conformance/scoped'])}/labels/${encodeURIComponent('conformance/scoped')}`,
    ),
  'POST /{repo}/-/issues/{number}/comments': async (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}/comments`, {
      body: 'A comment from the write conformance suite.',
      work_mode: false,
    }),
  'PATCH /{repo}/-/issues/{number}/comments/{comment_id}': async (ctx) => {
    const at = `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}/comments`;
    const comment = await ctx.must(201, 'POST', at, { body: 'Before.' });
    return ctx.send('PATCH', `${at}/${String(comment['id'])}`, { body: 'After.' });
  },
  'POST /{repo}/-/issues/{number}/assignees': async (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}/assignees`, {
      assignees: [ctx.params['assignee']],
    }),
  'PATCH /{repo}/-/issues/{number}/assignees': async (ctx) =>
    ctx.send('PATCH', `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}/assignees`, {
      assignees: [ctx.params['assignee']],
    }),
  'DELETE /{repo}/-/issues/{number}/assignees': async (ctx) => {
    const at = `/${ctx.params['repo']}/-/issues/${await newIssue(ctx)}/assignees`;
    await ctx.must(201, 'POST', at, { assignees: [ctx.params['assignee']] });
    return ctx.send('DELETE', at, { assignees: [ctx.params['assignee']] });
  },
  'PATCH /{repo}/-/issues/{number}/property': async (ctx) => {
    const at = `/${ctx.params['repo']}/-/issues/${ctx.params['number']}/property`;
    const answer = await ctx.send('GET', at);
    const known = ((answer.body as { key: string; type: string }[] | undefined) ?? []).find(
      (property) => property.type === 'string',
    );
    // One key the repository defines and one it does not: every published field is sent.
    return ctx.send('PATCH', at, {
      properties: [
        { key: known?.key ?? 'missing', value: 'conformance' },
        { key: 'no-such-property', value: 'x' },
      ],
    });
  },
  // ------------------------------------------------------------------ repository labels
  'POST /{repo}/-/labels': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/labels`, {
      name: ctx.unique('conformance-label'),
      color: 'ff0000',
      description: 'Made by the write conformance suite.',
    }),
  'PATCH /{repo}/-/labels/{name}': async (ctx) => {
    const name = ctx.unique('conformance-label');
    await ctx.must(201, 'POST', `/${ctx.params['repo']}/-/labels`, { name, color: '00ff00' });
    return ctx.send('PATCH', `/${ctx.params['repo']}/-/labels/${name}`, {
      new_name: `${name}-renamed`,
      color: '0000ff',
      description: 'Renamed.',
    });
  },
  'DELETE /{repo}/-/labels/{name}': async (ctx) => {
    const name = ctx.unique('conformance-label');
    await ctx.must(201, 'POST', `/${ctx.params['repo']}/-/labels`, { name, color: '00ff00' });
    return ctx.send('DELETE', `/${ctx.params['repo']}/-/labels/${name}`);
  },
  // ------------------------------------------------------------------ branches, tags, blobs
  'POST /{repo}/-/git/branches': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/git/branches`, {
      name: ctx.unique('conformance/branch'),
      start_point: ctx.params['branch'],
    }),
  'DELETE /{repo}/-/git/branches/{branch}': async (ctx) =>
    ctx.send(
      'DELETE',
      `/${ctx.params['repo']}/-/git/branches/${encodeURIComponent(await newBranch(ctx))}`,
    ),
  'POST /{repo}/-/git/branch-locks/{branch}': async (ctx) =>
    ctx.send(
      'POST',
      `/${ctx.params['repo']}/-/git/branch-locks/${encodeURIComponent(await newBranch(ctx))}`,
    ),
  'DELETE /{repo}/-/git/branch-locks/{branch}': async (ctx) => {
    const at = `/${ctx.params['repo']}/-/git/branch-locks/${encodeURIComponent(await newBranch(ctx))}`;
    await ctx.must(201, 'POST', at);
    return ctx.send('DELETE', at);
  },
  'POST /{repo}/-/git/tags': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/git/tags`, {
      name: ctx.unique('conformance-tag'),
      target: ctx.params['branch'],
      message: 'Tagged by the write conformance suite.',
    }),
  'DELETE /{repo}/-/git/tags/{tag}': async (ctx) => {
    const name = ctx.unique('conformance-tag');
    await ctx.must(201, 'POST', `/${ctx.params['repo']}/-/git/tags`, {
      name,
      target: ctx.params['branch'],
    });
    return ctx.send('DELETE', `/${ctx.params['repo']}/-/git/tags/${name}`);
  },
  'POST /{repo}/-/git/blobs': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/git/blobs`, {
      content: 'conformance\n',
      encoding: 'utf-8',
    }),
  // ------------------------------------------------------------------ releases
  'POST /{repo}/-/releases': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/releases`, {
      tag_name: ctx.unique('v0.0.0-conformance'),
      target_commitish: ctx.params['branch'],
      name: 'Conformance release',
      body: 'Released by the write conformance suite.',
      draft: false,
      prerelease: true,
      make_latest: 'false',
    }),
  'PATCH /{repo}/-/releases/{release_id}': async (ctx) =>
    ctx.send('PATCH', `/${ctx.params['repo']}/-/releases/${await newRelease(ctx)}`, {
      name: 'Conformance release, edited',
      body: 'Edited.',
      draft: false,
      prerelease: false,
      make_latest: 'false',
    }),
  'DELETE /{repo}/-/releases/{release_id}': async (ctx) =>
    ctx.send('DELETE', `/${ctx.params['repo']}/-/releases/${await newRelease(ctx)}`),
  // ------------------------------------------------------------------ repositories
  'POST /{slug}/-/repos': (ctx) =>
    ctx.send('POST', `/${ctx.params['slug']}/-/repos`, {
      name: ctx.unique('conformance-repo'),
      description: 'Made by the write conformance suite.',
      license: 'MIT',
      visibility: 'public',
    }),
  'PATCH /{repo}': async (ctx) =>
    ctx.send('PATCH', `/${await newRepo(ctx)}`, {
      description: 'Edited.',
      license: 'Apache-2.0',
      site: 'https://example.com',
      topics: ['conformance', 'writes'],
    }),
  'DELETE /{repo}': async (ctx) => ctx.send('DELETE', `/${await newRepo(ctx)}`),
  'POST /{repo}/-/settings/set_visibility': async (ctx) =>
    ctx.send('POST', `/${await newRepo(ctx)}/-/settings/set_visibility?visibility=Private`),
  'POST /{slug}/-/settings/archive': async (ctx) =>
    ctx.send('POST', `/${await newRepo(ctx)}/-/settings/archive`),
  'POST /{slug}/-/settings/unarchive': async (ctx) => {
    const repo = await newRepo(ctx);
    await ctx.must(200, 'POST', `/${repo}/-/settings/archive`);
    return ctx.send('POST', `/${repo}/-/settings/unarchive`);
  },
  // ------------------------------------------------------------------ groups
  'POST /groups': (ctx) => {
    const path = ctx.unique('conformance-group');
    return ctx.send('POST', '/groups', {
      path,
      remark: 'Conformance group',
      description: 'Made by the write conformance suite.',
      bind_domain: `${path}.example.com`,
    });
  },
  'PUT /{group}': async (ctx) => {
    const path = ctx.unique('conformance-group');
    await ctx.must(201, 'POST', '/groups', { path });
    return ctx.send('PUT', `/${path}`, {
      description: 'Edited.',
      remark: 'Conformance group, edited',
      site: 'https://example.com',
      email: 'group@example.com',
      domain: `${path}.example.com`,
      wechat_mp: '',
      readme_repo_id: '',
      readme_repo_path: '',
    });
  },
  'DELETE /{group}': async (ctx) => {
    const path = ctx.unique('conformance-group');
    await ctx.must(201, 'POST', '/groups', { path });
    return ctx.send('DELETE', `/${path}`);
  },
  // ------------------------------------------------------------------ pulls
  'POST /{repo}/-/pulls': async (ctx) => {
    const repo = ctx.params['repo'];
    const head = await newBranch(ctx);
    return ctx.send('POST', `/${repo}/-/pulls`, {
      base: ctx.params['branch'],
      head,
      head_repo: repo,
      title: ctx.unique('Conformance pull'),
      body: 'Opened by the write conformance suite.',
    });
  },
  'PATCH /{repo}/-/pulls/{number}': async (ctx) =>
    ctx.send('PATCH', `/${ctx.params['repo']}/-/pulls/${await newPull(ctx)}`, {
      title: 'Conformance pull, edited',
      body: 'Edited.',
      state: 'closed',
    }),
  'PUT /{repo}/-/pulls/{number}/merge': async (ctx) =>
    ctx.send('PUT', `/${ctx.params['repo']}/-/pulls/${await newPull(ctx)}/merge`, {
      merge_style: 'merge',
      commit_title: 'Merge the conformance pull',
      commit_message: 'Merged by the write conformance suite.',
    }),
  'POST /{repo}/-/pulls/{number}/comments': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/pulls/${ctx.params['pull_number']}/comments`, {
      body: 'A pull comment from the write conformance suite.',
    }),
  'PATCH /{repo}/-/pulls/{number}/comments/{comment_id}': async (ctx) => {
    const at = `/${ctx.params['repo']}/-/pulls/${ctx.params['pull_number']}/comments`;
    const comment = await ctx.must(201, 'POST', at, { body: 'Before.' });
    return ctx.send('PATCH', `${at}/${String(comment['id'])}`, { body: 'After.' });
  },
  'POST /{repo}/-/pulls/{number}/reviews': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/pulls/${ctx.params['pull_number']}/reviews`, {
      event: 'comment',
      body: 'A review from the write conformance suite.',
    }),
  // ------------------------------------------------------------------ builds
  'POST /{repo}/-/build/start': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/build/start`, {
      branch: ctx.params['branch'],
      tag: ctx.params['tag'],
      sha: ctx.params['sha'],
      config: 'main:\n  api_trigger_conformance:\n    - stages: []\n',
      env: { CONFORMANCE: '1' },
      event: 'api_trigger_conformance',
      sync: 'false',
    }),
  'POST /{repo}/-/build/stop/{sn}': async (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/build/stop/${await newBuild(ctx)}`),
  'DELETE /{repo}/-/build/logs/{sn}': async (ctx) =>
    ctx.send('DELETE', `/${ctx.params['repo']}/-/build/logs/${await newBuild(ctx)}`),
  // ------------------------------------------------------------------ uploads
  'POST /{repo}/-/upload/files': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/upload/files`, {
      name: 'conformance.txt',
      size: 18,
      ext: { purpose: 'conformance' },
    }),
  'POST /{repo}/-/upload/imgs': (ctx) =>
    ctx.send('POST', `/${ctx.params['repo']}/-/upload/imgs`, {
      name: 'conformance.png',
      size: 12,
      ext: { purpose: 'conformance' },
    }),
  'DELETE /{repo}/-/files/{filePath}': async (ctx) =>
    ctx.send('DELETE', `/${ctx.params['repo']}/-/files/${await newUpload(ctx, 'files')}`),
  'DELETE /{repo}/-/imgs/{imgPath}': async (ctx) =>
    ctx.send('DELETE', `/${ctx.params['repo']}/-/imgs/${await newUpload(ctx, 'imgs')}`),
};
