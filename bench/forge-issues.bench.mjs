// Forge issue-list throughput against a bare node:http handler doing the same work.
//
//   npm run build:server && node bench/forge-issues.bench.mjs [--seconds 5] [--connections 10]
//
// One repository holds 10,000 issues (labels, assignees, comments). Both servers read the
// same SQLite file with the forge's own repository classes and wire converters from dist/,
// so they run the very same SQL: the repository lookup, the page query, the count, and the
// labels and assignees of the page. The forge adds what the bare handler skips: routing,
// the bearer-token lookup, access checks, validation, hooks and metrics. Prints one line
// per figure and the ratio; never exits non-zero on a slow result (benchmarks do not fail CI).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  forgeModules,
  freePort,
  insertBenchOrg,
  insertBenchUsers,
  measure,
  stopChild,
  waitFor,
  QUICK,
} from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist', 'server', 'server', 'forge');
const ISSUES = 10_000;
const ROUTE = '/bench/big/-/issues?page=1&page_size=100';
const TOKEN = 'bench-admin-token-0123456789abcdef';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

// ------------------------------------------------------------------ bare handler (child mode)

/** `--bare <db> <port> <publicUrl>`: serve the issue page with no framework at all. */
function serveBare(dbFile, port, publicUrl) {
  const m = forgeModules();
  const db = new m.ForgeDatabase(dbFile);
  const orgs = new m.OrgsRepository(db);
  const repos = new m.ReposRepository(db);
  const issues = new m.IssuesRepository.IssuesRepository(db);
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const [, owner, name] = url.pathname.split('/');
    const namespace = orgs.namespace(owner);
    const repo = namespace && repos.byName(namespace.id, name);
    if (!repo) {
      response.writeHead(404).end();
      return;
    }
    const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get('page_size') ?? 10)));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const { rows, total } = issues.list({
      scope: { repoId: repo.id },
      labelsOperator: 'AND',
      orderBy: '-created_at',
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const ids = rows.map((row) => row.id);
    const labels = issues.labelsOf(ids);
    const assignees = issues.assigneesOf(ids);
    const body = JSON.stringify(
      rows.map((row) =>
        m.converter.toPlatformIssue(
          row,
          labels.get(row.id) ?? [],
          assignees.get(row.id) ?? [],
          publicUrl,
          false,
        ),
      ),
    );
    response
      .writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'x-total-count': String(total),
      })
      .end(body);
  });
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
}

// ------------------------------------------------------------------ data set

function buildDatabase(dataRoot) {
  const m = forgeModules();
  const db = new m.ForgeDatabase(path.join(dataRoot, 'forge.sqlite'));
  const users = new m.UsersRepository(db);
  const orgs = new m.OrgsRepository(db);
  const repos = new m.ReposRepository(db);
  const issues = new m.IssuesRepository.IssuesRepository(db);
  const labels = new m.LabelsRepository(db);
  const comments = new m.CommentsRepository(db);
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  db.transaction(() => {
    const at = new Date(start).toISOString();
    const { admin, people, npcs } = insertBenchUsers(users, at);
    const orgId = insertBenchOrg(orgs, 'bench', 'Bench', {
      admin,
      members: [...people, ...npcs],
      at,
    });
    const repoId = repos.insert({
      namespaceId: orgId,
      name: 'big',
      description: 'Ten thousand issues',
      visibility: 'public',
      createdAt: at,
    });
    const labelIds = ['bug', 'enhancement', 'documentation', 'in progress', 'npc-task'].map(
      (name, i) =>
        labels.insert(repoId, name, ['d73a4a', 'a2eeef', '0075ca', 'fbca04', '5319e7'][i], '').id,
    );
    for (let i = 0; i < ISSUES; i++) {
      const created = new Date(start + i * 60_000).toISOString();
      const author = i % 5 === 0 ? npcs[i % 2] : people[i % 2];
      const { id } = issues.insert({
        repoId,
        namespaceId: orgId,
        title: `Issue ${i + 1}: something to look at in the ${['api', 'web', 'docs'][i % 3]}`,
        body: `Steps to reproduce issue ${i + 1}.\n\n1. Open the page\n2. Wait\n\nExpected: it works.`,
        authorId: author.id,
        priority: String(i % 4),
        workMode: false,
        createdAt: created,
        state: i % 3 === 0 ? 'closed' : 'open',
        stateReason: i % 3 === 0 ? 'completed' : 'open',
        closedAt: i % 3 === 0 ? created : null,
      });
      issues.addLabels(id, [labelIds[i % 3], ...(i % 4 === 0 ? [labelIds[4]] : [])]);
      if (i % 2 === 0) issues.addAssignees(id, [npcs[i % 2].id]);
      if (i % 5 === 0) comments.insert(id, npcs[0].id, 'Picked this up.', created);
    }
  });
  const plan = (() => {
    const { sql, params } = m.IssuesRepository.issuePageSql({
      scope: { repoId: 1 },
      labelsOperator: 'AND',
      orderBy: '-created_at',
      limit: 100,
      offset: 0,
    });
    return db.explain(sql, [...params, 100, 0]);
  })();
  db.close();
  return plan;
}

// ------------------------------------------------------------------ runner

async function main() {
  if (process.argv[2] === '--bare') {
    serveBare(process.argv[3], Number(process.argv[4]), process.argv[5]);
    return;
  }
  if (!fs.existsSync(path.join(dist, 'main.js'))) {
    console.log('forge-issues: skipped, the server is not built (run npm run build:server first)');
    return;
  }
  const seconds = option('seconds', QUICK ? 2 : 5);
  const connections = option('connections', 10);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-'));
  const children = [];
  try {
    const built = Date.now();
    const plan = buildDatabase(path.join(dataDir, 'forge'));
    console.log(`forge-issues: ${ISSUES} issues written in ${Date.now() - built} ms`);
    console.log(`forge-issues: query plan of the page query: ${plan.join(' ; ')}`);

    const forgePort = await freePort();
    const publicUrl = `http://127.0.0.1:${forgePort}`;
    const forge = spawn(process.execPath, [path.join(dist, 'main.js')], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        FORGE_PORT: String(forgePort),
        FORGE_HOST: '127.0.0.1',
        FORGE_SEED: 'none',
        FORGE_ADMIN_TOKEN: TOKEN,
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(forge);
    await waitFor(`${publicUrl}/healthz`, forge);

    const barePort = await freePort();
    const bare = spawn(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--bare',
        path.join(dataDir, 'forge', 'forge.sqlite'),
        String(barePort),
        publicUrl,
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(bare);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor(bareUrl + ROUTE, bare);

    const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
    const [forgeBody, bareBody] = await Promise.all([
      fetch(publicUrl + ROUTE, { headers }).then((r) => r.text()),
      fetch(bareUrl + ROUTE).then((r) => r.text()),
    ]);
    console.log(
      `forge-issues: same 100-issue page from both: ${forgeBody === bareBody ? 'yes' : 'NO'} (${forgeBody.length} bytes)`,
    );

    const reference = await measure(bareUrl + ROUTE, seconds, connections, {});
    const measured = await measure(publicUrl + ROUTE, seconds, connections, headers);
    const ratio = measured.rps / reference.rps;
    console.log(
      `forge-issues: bare node:http, same SQL: ${reference.rps.toFixed(0)} req/s (p50 ${reference.p50} ms, p99 ${reference.p99} ms, errors ${reference.errors})`,
    );
    console.log(
      `forge-issues: forge GET ${ROUTE}: ${measured.rps.toFixed(0)} req/s (p50 ${measured.p50} ms, p99 ${measured.p99} ms, errors ${measured.errors})`,
    );
    console.log(
      `forge-issues: ratio forge / bare: ${ratio.toFixed(2)} (target >= 0.5) ${ratio >= 0.5 ? 'ok' : 'BELOW TARGET'}`,
    );
  } finally {
    await Promise.all(children.map(stopChild));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`forge-issues: failed: ${error?.stack ?? error}`);
  process.exitCode = 0;
});
