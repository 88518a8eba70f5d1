// Helpers shared by the benchmark scripts: start the built applications on free ports,
// run autocannon, print figures against their references. Benchmarks print; they never fail.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOARD_NODE_FLAGS, boardNodeEnv } from '../scripts/board-node-flags.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The quick set (`npm run bench -- --quick`, what CI runs): each benchmark measures the
 * same figures over less data or fewer seconds, so the whole set fits in 5 min.
 * `--quick` on one benchmark's own command line runs its short mode too.
 */
export const QUICK = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
export const forgeEntry = join(root, 'dist/server/server/forge/main.js');
export const boardEntry = join(root, 'dist/server/server/board/main.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `url` answers as `isReady` wants, or `child` exits. */
export async function waitFor(
  url,
  child,
  timeoutMs = 120_000,
  isReady = (response) => response.ok,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (isReady(response)) return;
    } catch {
      // not up yet
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stop a child process and wait for it to exit. */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

/** Requests per second of `url` after a one-second warm-up, with latency percentiles. */
export async function measure(url, seconds, connections, headers) {
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A process of ours, stopped with `stop()`. */
function start(entry, env, readyUrl, nodeFlags = []) {
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitFor(readyUrl, child).then(() => ({
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  }));
}

/** The built forge with the demo seed in a temporary data folder. */
export async function startForge(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-forge-'));
  const port = await freePort();
  const process_ = await start(
    forgeEntry,
    {
      FORGE_PORT: String(port),
      DATA_DIR: dataDir,
      FORGE_SEED: 'demo',
      FORGE_SIMULATE: 'off',
      ...env,
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  const token = readFileSync(join(dataDir, 'forge', 'admin-token'), 'utf8').trim();
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    dataDir,
    stop: async () => {
      await process_.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built forge serving a data folder written beforehand (see `buildForgeStore`). */
export async function startForgeOn(dataDir, token, env = {}) {
  const port = await freePort();
  const process_ = await start(
    forgeEntry,
    {
      FORGE_PORT: String(port),
      DATA_DIR: dataDir,
      FORGE_SEED: 'none',
      FORGE_ADMIN_TOKEN: token,
      FORGE_SIMULATE: 'off',
      ...env,
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  return { url: `http://127.0.0.1:${port}`, token, stop: process_.stop };
}

/** The built board pointed at a forge. */
export async function startBoard(forge, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-board-'));
  const port = await freePort();
  const process_ = await start(
    boardEntry,
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      PLATFORM_BASE_URL: forge.url,
      PLATFORM_TOKEN: forge.token,
      // One loopback client asking far more than any person would: no miss allowance.
      ANON_MISSES_PER_MINUTE: '0',
      ...boardNodeEnv(),
      ...env,
    },
    `http://127.0.0.1:${port}/healthz`,
    // The heap sizes the start script and the container give the board.
    BOARD_NODE_FLAGS,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    pid: process_.child.pid,
    stop: async () => {
      await process_.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process, in MB. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Requests per second of `url` over `seconds`. */
export async function rps(url, { connections = 10, seconds = 5, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Sum of the forge's API request counter (all routes), from its /metrics. */
export async function forgeRequestCount(forge, counts = () => true) {
  const text = await (await fetch(`${forge.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('forge_http_requests_total{')) continue;
    const route = /route="([^"]*)"/.exec(line)?.[1] ?? '';
    if (counts(route)) total += Number(line.split(' ').pop());
  }
  return total;
}

/**
 * Of a forge route: whether it is one of the per-issue or per-repository enrichment reads
 * (conversations, commits, NPC runs and their bills).
 */
export function isEnrichmentRead(route) {
  return /\/(comments|activities)$|\/git\/commits$|\/-\/build\/(logs|status\/:sn)$/.test(route);
}

/** One figure, its reference and the target, on one line. */
export function report(name, value, unit, reference, target) {
  const ratio = reference ? ` ratio ${(value / reference).toFixed(2)}` : '';
  console.log(
    `${name}: ${value.toFixed(1)} ${unit}${reference ? ` vs ${reference.toFixed(1)} ${unit}` : ''}${ratio}; target ${target}`,
  );
}

/** The forge's compiled storage layer, for benchmarks that build large data sets directly. */
export function forgeModules() {
  const dist = join(root, 'dist', 'server', 'server', 'forge');
  const require = createRequire(import.meta.url);
  return {
    ForgeDatabase: require(join(dist, 'storage', 'forge-database.js')).ForgeDatabase,
    UsersRepository: require(join(dist, 'users', 'users.repository.js')).UsersRepository,
    OrgsRepository: require(join(dist, 'orgs', 'orgs.repository.js')).OrgsRepository,
    ReposRepository: require(join(dist, 'repos', 'repos.repository.js')).ReposRepository,
    IssuesRepository: require(join(dist, 'issues', 'issues.repository.js')),
    LabelsRepository: require(join(dist, 'issues', 'labels.repository.js')).LabelsRepository,
    CommentsRepository: require(join(dist, 'issues', 'comments.repository.js')).CommentsRepository,
    converter: require(join(dist, 'issues', 'issue.converter.js')),
  };
}

/** The benchmarks' users, written into the forge's store: admin, two people, two NPCs. */
export function insertBenchUsers(users, at) {
  const user = (username, isNpc, isAdmin) =>
    users.insert({
      username,
      nickname: username,
      email: `${username}@bench.local`,
      bio: '',
      isNpc,
      isAdmin,
      createdAt: at,
    });
  return {
    admin: user('admin', false, true),
    people: [user('alice', false, false), user('bob', false, false)],
    npcs: [user('npc-builder', true, false), user('npc-tester', true, false)],
  };
}

/** An organization owned by `admin`, with `members` as developers; answers its id. */
export function insertBenchOrg(orgs, path, remark, { admin, members, at }) {
  const orgId = orgs.insert(
    { path, name: path, remark, description: '', site: '', email: '', createdAt: at },
    admin.id,
    50,
  );
  for (const member of members) orgs.setRole(orgId, member.id, 30);
  return orgId;
}

/**
 * A forge store of `orgs` organizations × `repos` repositories × `issues` issues, written
 * straight into SQLite at `dataRoot` (what the API would take minutes to create): users
 * admin, alice, bob, npc-builder and npc-tester; a third of the issues closed, half
 * assigned to an NPC, a fifth with an NPC comment. `createdAt(o, r, i)` dates issue i of
 * repository r of organization o; `labelled` adds an "in progress" label to every fourth.
 * Answers every issue as `{repo, number, closed}`.
 */
export function buildForgeStore(
  dataRoot,
  {
    orgs: orgCount,
    repos: repoCount,
    issues: issueCount,
    at,
    createdAt,
    title,
    body,
    labelled = false,
  },
) {
  const m = forgeModules();
  mkdirSync(dataRoot, { recursive: true });
  const db = new m.ForgeDatabase(join(dataRoot, 'forge.sqlite'));
  const users = new m.UsersRepository(db);
  const orgs = new m.OrgsRepository(db);
  const repos = new m.ReposRepository(db);
  const issues = new m.IssuesRepository.IssuesRepository(db);
  const labels = new m.LabelsRepository(db);
  const comments = new m.CommentsRepository(db);
  const made = [];
  db.transaction(() => {
    const { admin, people, npcs } = insertBenchUsers(users, at);
    for (let o = 0; o < orgCount; o++) {
      const orgId = insertBenchOrg(orgs, `org-${o}`, `Organization ${o}`, {
        admin,
        members: [...people, ...npcs],
        at,
      });
      for (let r = 0; r < repoCount; r++) {
        const repoId = repos.insert({
          namespaceId: orgId,
          name: `repo-${r}`,
          description: `Repository ${r}`,
          visibility: 'public',
          createdAt: at,
        });
        const label = labelled ? labels.insert(repoId, 'in progress', 'fbca04', '').id : null;
        for (let i = 0; i < issueCount; i++) {
          const created = createdAt(o, r, i);
          const closed = i % 3 === 0;
          const { id } = issues.insert({
            repoId,
            namespaceId: orgId,
            title: title(r, i),
            body: body(i),
            authorId: (i % 5 === 0 ? npcs : people)[i % 2].id,
            priority: String(i % 4),
            workMode: false,
            createdAt: created,
            state: closed ? 'closed' : 'open',
            stateReason: closed ? 'completed' : 'open',
            closedAt: closed ? created : null,
          });
          if (label !== null && i % 4 === 0) issues.addLabels(id, [label]);
          if (i % 2 === 0) issues.addAssignees(id, [npcs[i % 2].id]);
          if (i % 5 === 0) comments.insert(id, npcs[0].id, 'Picked this up.', created);
          made.push({ repo: `org-${o}/repo-${r}`, number: i + 1, closed });
        }
      }
    }
  });
  db.close();
  return made;
}

/**
 * A board on `clock` in this process, against the platform at `forgeUrl` (a forge also
 * run in this process): no timers of its own (`schedule: false`), retries without waits,
 * data in a temporary folder; `env` sets further variables. `modules` are the built
 * `createBoardApp` and `loadBoardConfig`, which each benchmark loads from dist.
 */
export async function startInProcessBoard(modules, { forgeUrl, token, clock, env = {}, prefix }) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix ?? 'bench-board-'));
  const config = modules.loadBoardConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    PLATFORM_BASE_URL: forgeUrl,
    PLATFORM_TOKEN: token,
    CREDITS_SOURCE: 'manual',
    ANON_MISSES_PER_MINUTE: '0',
    ...env,
  });
  const connection = {
    available: true,
    mode: 'remote',
    baseUrl: forgeUrl,
    token,
    webUrl: forgeUrl,
    gitBaseUrl: forgeUrl,
  };
  const app = await modules.createBoardApp(config, connection, {
    logger: false,
    clock,
    schedule: false,
    platform: { sleep: () => Promise.resolve() },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address();
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    config,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A forge on `clock` in this process over the store in `dataDir` (no seed, no simulator),
 * listening on a free port; `modules` are the built `createForgeApp` and `loadForgeConfig`.
 */
export async function startInProcessForge(modules, { dataDir, token, clock, extensions }) {
  const port = await freePort();
  const app = await modules.createForgeApp(
    modules.loadForgeConfig({
      FORGE_PORT: String(port),
      FORGE_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FORGE_SEED: 'none',
      FORGE_ADMIN_TOKEN: token,
      FORGE_SIMULATE: 'off',
      FORGE_EXTENSIONS: extensions,
    }),
    { logger: false, clock },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${port}` };
}
