// The board's platform calls for NPC runs, and how soon a new run shows on the task board.
// 10 organizations × 40 repositories × 20 issues, with 2,000 NPC runs a day in the forge
// (5 a repository a day): 32 days of history written straight into the forge's store
// (`issue.comment@npc` builds whose `eventUrl` names an open NPC-assigned issue), and new
// runs arriving at that rate as the simulated clock moves, each started as the platform
// starts one: a comment mentioning the task's NPC, posted through the forge's API (which
// moves the issue and starts the build). Board and forge run in this process on one
// injected clock; platform calls take no simulated time (background reads finish before
// the clock moves on). The board's timers run on that clock: the sync cycle every cache
// life and the alert evaluation every ALERT_EVAL_MINUTES (credit snapshots, which read no
// builds, are left out). Viewers load every task board page (`/api/issues?npc=true`,
// unfiltered and for each organization) every minute.
//
// Calls: after the cold load (the first 10 simulated minutes), one simulated hour (15
// minutes in the quick set, printed per hour all the same) of the board's calls to
// `build/logs` and `build/status/{sn}`, split into list reads, bills of runs that ended
// before the hour (the history's backlog) and bills of runs that ended within it; also how
// many list reads read a repository a second time at the same moment. The reference,
// measured in the same run: every repository's builds of the last 31 days read once through
// the platform API (100 a page), its pages × 12, i.e. reading them again every 5-minute
// cache life. Target: ≤ 0.2 of the reference.
//
// Time to marker: a page filtered to one organization modelled as the app runs it
// (client/src/app/user/tasks/tasks.page.ts, core/live-updates.service.ts, core/api.service.ts):
// one change stream (`GET /api/events`); an `issues` or `runs` change for its organization
// (or a `reset`) reloads it 1 s later (COALESCE_MS); an answer naming pending enrichments
// (`X-Board-Pending`) is asked again after 1.5, 2, 3, 5, 5 and then 10 s, 29 times at most
// (PENDING_FOLLOW_MS), each reload starting that series again; no timer otherwise (the
// stream is up). A run is started on a task that page shows at a known simulated time, and
// the clock moves in steps of at most 5 s until the page's answer shows `runs.running`
// with that run's `sn`. Five samples (three in the quick set) at different points of the
// sync cycle, each followed until the run ends (it can no longer show as going then) or
// for at most 65 simulated minutes (15 in the quick set). Target: ≤ one cache life + 10 s
// (310 s). Prints figures, the process's RSS and the runtime; never fails.
//
//   node bench/board-runs.bench.mjs                 10 × 40 × 20, 2,000 runs a day
//   node bench/board-runs.bench.mjs 5 10 20         organizations, repositories, issues
//   node bench/board-runs.bench.mjs --quick         5 × 10 × 20, 250 runs a day
//   PLATFORM_MAX_CALLS_PER_HOUR=200000 node bench/board-runs.bench.mjs
//                                  (a budget the cold load fits in: the steady state past it)
//   FORGE_EXTENSIONS=off node bench/board-runs.bench.mjs
//                                  (a platform without organization-wide issue lists)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { seededRandom } from '../test/seeded-shuffle.mjs';
import {
  buildForgeStore,
  forgeModules,
  QUICK,
  root,
  sleep,
  startInProcessBoard,
  startInProcessForge,
} from './lib.mjs';

const runStarted = Date.now();
const [ORGS, REPOS, ISSUES] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'))
  .map(Number);
const size = {
  orgs: ORGS || (QUICK ? 5 : 10),
  repos: REPOS || (QUICK ? 10 : 40),
  issues: ISSUES || 20,
};
/** NPC runs a repository a day: 2,000 a day over 400 repositories. */
const RUNS_PER_REPO_DAY = 5;
/** Days of history before the clock starts (the board holds 31). */
const HISTORY_DAYS = 32;
const TOKEN = 'bench-admin-token-runs-0123456789ab';
const TTL_MS = 300_000;
const BUDGET = Number(process.env.PLATFORM_MAX_CALLS_PER_HOUR ?? 3000);
const EXTENSIONS = process.env.FORGE_EXTENSIONS ?? 'on';
const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const COLD_MINUTES = 10;
const WINDOW_MINUTES = QUICK ? 15 : 60;
const VIEWERS = 2;
const SAMPLES = QUICK ? 3 : 5;
const SAMPLE_MAX_MS = (QUICK ? 15 : 65) * MINUTE;
/** Where in the sync cycle each sample's run starts: seconds after a cycle. */
const SAMPLE_OFFSETS_S = [37, 131, 223, 271, 89];
const STEP_MS = 5 * SECOND;
const TARGET_MARKER_S = TTL_MS / 1000 + 10;
// The app's page behaviour (client/src/app/core/live-updates.service.ts, api.service.ts).
const COALESCE_MS = 1_000;
const PENDING_FOLLOW_MS = [1_500, 2_000, 3_000, 5_000, 5_000, ...Array(24).fill(10_000)];

buildIfStale('server');
const require = createRequire(import.meta.url);
const dist = join(root, 'dist', 'server', 'server');
const { createForgeApp } = require(join(dist, 'forge', 'forge-app.js'));
const { loadForgeConfig } = require(join(dist, 'forge', 'config', 'forge-config.js'));
const { BuildsRepository } = require(join(dist, 'forge', 'builds', 'builds.repository.js'));
const { BuildsService } = require(join(dist, 'forge', 'builds', 'builds.service.js'));
const { planBuild, seedOf } = require(join(dist, 'forge', 'builds', 'build-plan.js'));
const { planLength } = require(join(dist, 'forge', 'builds', 'build-status.js'));
const { createBoardApp } = require(join(dist, 'board', 'board-app.js'));
const { loadBoardConfig } = require(join(dist, 'board', 'config', 'board-config.js'));
const { ManualClock } = require(join(dist, 'common', 'clock.js'));
const { SyncCycle } = require(join(dist, 'board', 'sync', 'sync-cycle.js'));
const { AlertsService } = require(join(dist, 'board', 'alerts', 'alerts.service.js'));
const { BackgroundReads } = require(join(dist, 'board', 'sync', 'background-reads.js'));

const epoch = Date.parse('2026-11-02T00:00:00.000Z');
const iso = (ms) => new Date(ms).toISOString();

// Seeded: the same run every time.
const random = seededRandom(0x5eed);
const pick = (list) => list[Math.floor(random() * list.length)];

/** One commit every repository's runs run on: a bare repository copied into each one's place. */
function gitTemplate(folder) {
  const dir = join(folder, 'template.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--template=', '-b', 'main', dir]);
  const stamp = `${Math.floor(epoch / 1000) - 40 * 86_400} +0000`;
  const message = 'Initial commit\n';
  const readme = '# Bench repository\n';
  const stream =
    `commit refs/heads/main\nauthor Alice <alice@bench.local> ${stamp}\n` +
    `committer Alice <alice@bench.local> ${stamp}\n` +
    `data ${Buffer.byteLength(message)}\n${message}\n` +
    `M 100644 inline README.md\ndata ${Buffer.byteLength(readme)}\n${readme}\ndone\n`;
  execFileSync('git', ['fast-import', '--quiet', '--done'], { cwd: dir, input: stream });
  const sha = execFileSync('git', ['rev-parse', 'refs/heads/main'], { cwd: dir }).toString().trim();
  return { dir, sha, title: message.trim() };
}

/**
 * The forge's store: organizations, repositories and issues (buildForgeStore), a git
 * repository with one commit for each, and the runs of the last HISTORY_DAYS days on the
 * open NPC-assigned issues. Answers those tasks by repository, and each history run's end.
 */
function buildDatabase(dataDir) {
  const forgeRoot = join(dataDir, 'forge');
  buildForgeStore(forgeRoot, {
    ...size,
    at: iso(epoch - 60 * DAY),
    createdAt: (o, r, i) =>
      iso(epoch - 40 * DAY + (o * size.repos * size.issues + r * size.issues + i) * 1000),
    title: (r, i) => `Task ${i + 1} of repo ${r}`,
    body: (i) => `What task ${i + 1} asks for.`,
  });
  const commit = gitTemplate(dataDir);
  const m = forgeModules();
  const db = new m.ForgeDatabase(join(forgeRoot, 'forge.sqlite'));
  const tasks = db.all(
    `SELECT i.id, i.number, i.title, r.id AS repo_id, n.path || '/' || r.name AS repo,
       u.id AS npc_id, u.username AS npc
     FROM issues i JOIN repos r ON r.id = i.repo_id JOIN namespaces n ON n.id = r.namespace_id
     JOIN issue_assignees a ON a.issue_id = i.id JOIN users u ON u.id = a.user_id
     WHERE i.state = 'open' AND u.is_npc = 1 ORDER BY i.id`,
  );
  const people = db.all(`SELECT id FROM users WHERE username IN ('alice', 'bob')`);
  const byRepo = new Map();
  for (const task of tasks) {
    if (!byRepo.has(task.repo)) byRepo.set(task.repo, []);
    byRepo.get(task.repo).push(task);
  }
  for (const repo of byRepo.keys()) {
    const [owner, name] = repo.split('/');
    mkdirSync(join(forgeRoot, 'repos', owner), { recursive: true });
    cpSync(commit.dir, join(forgeRoot, 'repos', owner, `${name}.git`), { recursive: true });
  }
  const builds = new BuildsRepository(db);
  const ends = new Map();
  db.transaction(() => {
    for (const [repo, repoTasks] of byRepo) {
      for (let day = 0; day < HISTORY_DAYS; day++) {
        for (let k = 0; k < RUNS_PER_REPO_DAY; k++) {
          const task = pick(repoTasks);
          const startsAt = epoch - (day + 1) * DAY + Math.floor(random() * DAY);
          const createdAt = iso(startsAt);
          const sn = builds.nextSn(task.repo_id, createdAt);
          const { plan, outcome } = planBuild(seedOf(sn), { kind: 'npc' });
          const endsAt = startsAt + planLength(plan);
          builds.insert({
            repoId: task.repo_id,
            sn,
            event: 'issue.comment@npc',
            eventUrl: `/${repo}/-/issues/${task.number}`,
            userId: pick(people).id,
            npcId: task.npc_id,
            issueId: task.id,
            pullId: null,
            sha: commit.sha,
            commitTitle: commit.title,
            sourceRef: 'main',
            targetRef: 'main',
            title: `${task.npc}: ${task.title}`,
            plan,
            outcome,
            createdAt,
            charged: endsAt <= epoch,
          });
          ends.set(sn, endsAt);
        }
      }
    }
  });
  db.close();
  return { byRepo, ends };
}

/** The forge's request counts by `METHOD route`, from its /metrics. */
async function forgeCalls(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const byRoute = new Map();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('forge_http_requests_total{')) continue;
    const count = Number(line.split(' ').pop());
    const key = `${/method="([^"]*)"/.exec(line)?.[1]} ${/route="([^"]*)"/.exec(line)?.[1]}`;
    byRoute.set(key, (byRoute.get(key) ?? 0) + count);
    if (!key.startsWith('POST ')) total += count;
  }
  return { total, byRoute };
}
const LIST_ROUTE = 'GET /:org/:repo/-/build/logs';
const BILL_ROUTE = 'GET /:org/:repo/-/build/status/:sn';
const between = (before, after, key) =>
  (after.byRoute.get(key) ?? 0) - (before.byRoute.get(key) ?? 0);

/**
 * The reference: every repository's builds of the last 31 days read once through the
 * platform API, 100 a page, as a board reading them every cache life would; answers pages.
 */
async function readEveryRepository(forgeUrl, repos, now) {
  const day = iso(now - 31 * DAY).slice(0, 10);
  let pages = 0;
  let builds = 0;
  for (const repo of repos) {
    for (let page = 1; ; page++) {
      const response = await fetch(
        `${forgeUrl}/${repo}/-/build/logs?createTime=${day}&page=${page}&page_size=100`,
        { headers: { authorization: `Bearer ${TOKEN}` } },
      );
      const { data, total } = await response.json();
      pages += 1;
      builds += data.length;
      if (data.length < 100 || page * 100 >= total) break;
    }
  }
  return { pages, builds };
}

function startBoard(forgeUrl, clock) {
  return startInProcessBoard(
    { createBoardApp, loadBoardConfig },
    {
      forgeUrl,
      token: TOKEN,
      clock,
      prefix: 'bench-runs-board-',
      env: { CACHE_TTL_MS: String(TTL_MS), PLATFORM_MAX_CALLS_PER_HOUR: String(BUDGET) },
    },
  );
}

/** `GET /api/events` as an `EventSource` reads it: each `change` or `reset` to `onEvent`. */
async function openChangeStream(url, onEvent) {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: { accept: 'text/event-stream' },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(frame)?.[1];
          const data = /^data: ?(.*)$/m.exec(frame)?.[1] ?? '';
          if (event === 'change') onEvent(JSON.parse(data));
          else if (event === 'reset') onEvent({ topic: 'reset', org: null });
        }
      }
    } catch {
      // closed
    }
  })();
  return { close: () => controller.abort() };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-runs-'));
const seeded = Date.now();
const { byRepo, ends } = buildDatabase(dataDir);
const repos = [...byRepo.keys()];
const taskCount = [...byRepo.values()].reduce((sum, list) => sum + list.length, 0);
const runsPerDay = repos.length * RUNS_PER_REPO_DAY;
console.log(
  `${size.orgs} organizations × ${size.repos} repositories × ${size.issues} issues ` +
    `(${taskCount} open NPC-assigned tasks), ${runsPerDay} NPC runs a day: ` +
    `${ends.size} runs of ${HISTORY_DAYS} days written in ${((Date.now() - seeded) / 1000).toFixed(1)} s; ` +
    `budget ${BUDGET} calls an hour, organization-wide lists ${EXTENSIONS}`,
);

const clock = new ManualClock(new Date(epoch));
const { app: forgeApp, url: forgeUrl } = await startInProcessForge(
  { createForgeApp, loadForgeConfig },
  { dataDir, token: TOKEN, clock, extensions: EXTENSIONS },
);
const forgeBuilds = forgeApp.get(BuildsRepository);

// What the board read, observed on the forge's own service (not changed): each list read
// (repository, page, simulated time) and each bill read (run, simulated time).
const listed = [];
const billed = [];
{
  const service = forgeApp.get(BuildsService);
  const list = service.list.bind(service);
  const status = service.status.bind(service);
  service.list = (ctx, query) => {
    listed.push({
      repo: `${ctx.owner}/${ctx.name}`,
      page: query.page ?? 1,
      at: clock.now().getTime(),
    });
    return list(ctx, query);
  };
  service.status = (ctx, sn) => {
    billed.push({ sn, at: clock.now().getTime() });
    return status(ctx, sn);
  };
}

let board = null;
let stream = null;
try {
  // The reference, before the board makes a call.
  const reference = await readEveryRepository(forgeUrl, repos, epoch);
  const referencePerHour = reference.pages * (HOUR / TTL_MS);
  console.log(
    `reading every repository's builds once: ${reference.pages} list calls for ` +
      `${reference.builds} builds (${repos.length} repositories, ` +
      `${(reference.pages / repos.length).toFixed(1)} pages each); every cache life: ` +
      `${referencePerHour} calls an hour`,
  );

  board = await startBoard(forgeUrl, clock);
  const sync = board.app.get(SyncCycle);
  const alerts = board.app.get(AlertsService);
  const reads = board.app.get(BackgroundReads);
  const pages = [
    '/api/issues?npc=true',
    ...Array.from({ length: size.orgs }, (_, o) => `/api/issues?npc=true&org=org-${o}`),
  ];

  // The page the time to marker is read from, as the app runs it (see the header).
  let page = null;
  stream = await openChangeStream(`${board.url}/api/events`, (change) => {
    if (!page || !['issues', 'runs', 'reset'].includes(change.topic)) return;
    if (change.org !== null && change.org !== page.org) return;
    page.liveAt ??= clock.now().getTime() + COALESCE_MS;
  });

  /** Load `page` once: what it shows, and its follow-up if the answer names pending work. */
  async function loadPage() {
    const response = await fetch(`${board.url}${page.path}`);
    const body = await response.json();
    const pending = (response.headers.get('x-board-pending') ?? '').trim();
    page.data = Array.isArray(body) ? body : [];
    page.pending = pending;
    page.followAt =
      pending !== '' && page.followIndex < PENDING_FOLLOW_MS.length
        ? clock.now().getTime() + PENDING_FOLLOW_MS[page.followIndex++]
        : null;
    page.loads += 1;
    page.onAnswer?.(page.data);
  }

  let nextMinute = epoch;
  let nextSync = epoch + TTL_MS;
  const evalMs = board.config.alertEvalMinutes * MINUTE;
  let nextEval = epoch + evalMs;
  const arrivalsPerMinute = runsPerDay / (DAY / MINUTE);
  let owed = 0;
  let arrived = 0;
  let viewerErrors = 0;

  /** A run started as the platform starts one: a comment mentioning the task's NPC. */
  async function startRun(task) {
    const response = await fetch(`${forgeUrl}/${task.repo}/-/issues/${task.number}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: `@${task.npc} please take this up again.` }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`comment on ${task.repo}#${task.number}: ${response.status}`);
    const started = forgeBuilds.ofIssue(task.id).at(-1);
    if (!started || Date.parse(started.created_at) !== clock.now().getTime())
      throw new Error(`no run started on ${task.repo}#${task.number}`);
    arrived += 1;
    return started.sn;
  }

  /** Move the clock to `to` and do what is due then, in the order the board would. */
  async function stepTo(to) {
    clock.set(new Date(to));
    if (to >= nextMinute) {
      owed += arrivalsPerMinute;
      while (owed >= 1) {
        owed -= 1;
        await startRun(pick(byRepo.get(pick(repos))));
      }
    }
    const jobs = [];
    if (to >= nextEval) {
      nextEval += evalMs;
      jobs.push(alerts.evaluateScheduled().catch(() => undefined));
    }
    if (to >= nextSync) {
      nextSync += TTL_MS;
      jobs.push(sync.run().catch(() => undefined));
    }
    if (jobs.length > 0) {
      await Promise.all(jobs);
      // The change stream's frames reach the page.
      await sleep(20);
    }
    if (page) {
      const now = clock.now().getTime();
      if (page.liveAt !== null && page.liveAt <= now) {
        page.liveAt = null;
        page.followIndex = 0;
        await loadPage();
      } else if (page.followAt !== null && page.followAt <= now) {
        await loadPage();
      }
    }
    if (to >= nextMinute) {
      nextMinute += MINUTE;
      const answers = await Promise.all(
        Array.from({ length: VIEWERS }, () =>
          Promise.all(
            pages.map(async (path) => {
              const response = await fetch(`${board.url}${path}`);
              await response.arrayBuffer();
              return response.status;
            }),
          ),
        ),
      );
      viewerErrors += answers.flat().filter((status) => status !== 200).length;
    }
    await reads.idle();
  }

  /** Run the simulation until `end` or until `done()` says so. */
  async function runUntil(end, done = () => false) {
    while (clock.now().getTime() < end && !done()) {
      const now = clock.now().getTime();
      const next = Math.min(
        nextMinute,
        nextSync,
        nextEval,
        page?.liveAt ?? Infinity,
        page?.followAt ?? Infinity,
        now + STEP_MS,
        end,
      );
      await stepTo(Math.max(next, now));
    }
  }

  // The cold load: the first minutes from a cold start.
  const coldStart = await forgeCalls(forgeUrl);
  await runUntil(epoch + COLD_MINUTES * MINUTE);
  const windowStartAt = clock.now().getTime();
  const windowStart = await forgeCalls(forgeUrl);
  console.log(
    `cold load (first ${COLD_MINUTES} simulated minutes): ${windowStart.total - coldStart.total} ` +
      `calls, ${between(coldStart, windowStart, LIST_ROUTE)} build lists and ` +
      `${between(coldStart, windowStart, BILL_ROUTE)} bills`,
  );

  // The measured hour.
  const windowWall = Date.now();
  await runUntil(windowStartAt + WINDOW_MINUTES * MINUTE);
  const windowEnd = await forgeCalls(forgeUrl);
  const windowEndAt = clock.now().getTime();
  const perHour = (n) => Math.round((n * 60) / WINDOW_MINUTES);
  const lists = between(windowStart, windowEnd, LIST_ROUTE);
  const bills = billed.filter(({ at }) => at > windowStartAt && at <= windowEndAt);
  const backlog = bills.filter(({ sn }) => (ends.get(sn) ?? Infinity) < windowStartAt).length;
  const runCalls = lists + bills.length;
  const steadyCalls = runCalls - backlog;
  const endedRuns = [...ends.values()].filter((end) => end <= windowEndAt).length;
  const billedRuns = new Set(billed.map(({ sn }) => sn).filter((sn) => ends.has(sn))).size;
  const scale = WINDOW_MINUTES === 60 ? '' : ` (${WINDOW_MINUTES} minutes measured)`;
  console.log(
    `simulated ${WINDOW_MINUTES} minutes after the cold load in ` +
      `${((Date.now() - windowWall) / 1000).toFixed(1)} s: ${arrived} runs started so far, ` +
      `${viewerErrors} viewer answers not 200`,
  );
  console.log(
    `calls for runs per hour${scale}: ${perHour(runCalls)} (${perHour(lists)} build lists, ` +
      `${perHour(bills.length - backlog)} bills of runs that ended within it, ` +
      `${perHour(backlog)} ` +
      `bills of the history) vs reference ${referencePerHour}; ratio ` +
      `${(perHour(runCalls) / referencePerHour).toFixed(3)}; target ≤ 0.2`,
  );
  console.log(
    `  without the history's bills: ${perHour(steadyCalls)} per hour, ratio ` +
      `${(perHour(steadyCalls) / referencePerHour).toFixed(3)}; history bills read so far: ` +
      `${billedRuns} of the ${endedRuns} history runs ended by then`,
  );
  // A repository's first page read again at the same simulated moment: nothing can have
  // changed in between (new runs start before the board's work of a moment).
  const seenReads = new Set();
  let repeated = 0;
  let firstPages = 0;
  for (const read of listed.filter(
    ({ at, page }) => at > windowStartAt && at <= windowEndAt && page === 1,
  )) {
    firstPages += 1;
    const key = `${read.repo}@${read.at}`;
    if (seenReads.has(key)) repeated += 1;
    seenReads.add(key);
  }
  console.log(
    `  build lists: ${perHour(firstPages)} repository reads per hour ` +
      `(${(firstPages / repos.length / (WINDOW_MINUTES / 60)).toFixed(2)} a repository), ` +
      `${perHour(repeated)} of them a repository read again at the same moment`,
  );
  const topRoutes = [...windowEnd.byRoute]
    .map(([key, n]) => [key, n - (windowStart.byRoute.get(key) ?? 0)])
    .filter(([key, n]) => n > 0 && !key.startsWith('POST'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  console.log(
    `  all the board's calls: ${perHour(windowEnd.total - windowStart.total)} per hour ` +
      `(budget ${BUDGET}); by route: ${topRoutes.map(([k, n]) => `${k} ×${perHour(n)}`).join(', ')}`,
  );

  // Time to marker.
  const sampleTasks = [];
  for (let k = 0; k < SAMPLES; k++) {
    const org = `org-${(k * 3) % size.orgs}`;
    const candidates = repos.filter((repo) => repo.startsWith(`${org}/`));
    const tasks = byRepo.get(candidates[(k * 7) % candidates.length]);
    sampleTasks.push(tasks[k % tasks.length]);
  }
  const times = [];
  const samplesWall = Date.now();
  for (const [k, task] of sampleTasks.entries()) {
    const org = task.repo.split('/')[0];
    page = {
      org,
      path: `/api/issues?npc=true&org=${org}`,
      data: [],
      pending: '',
      liveAt: null,
      followAt: null,
      followIndex: 0,
      loads: 0,
      onAnswer: null,
    };
    // Opened a while before the run starts; the run starts some seconds after a cycle.
    await loadPage();
    const startAt = nextSync - TTL_MS + SAMPLE_OFFSETS_S[k % SAMPLE_OFFSETS_S.length] * SECOND;
    await runUntil(startAt > clock.now().getTime() ? startAt : startAt + TTL_MS);
    const shown = page.data.some(
      (issue) => issue.repository?.full_name === task.repo && issue.number === task.number,
    );
    const t0 = clock.now().getTime();
    const afterCycle = Math.round((t0 - (nextSync - TTL_MS)) / 1000);
    const sn = await startRun(task);
    // The marker shows a run going: once it has ended it can no longer appear.
    const endsAt = Date.parse(forgeBuilds.find(task.repo_id, sn).finishes_at);
    let seenAt = null;
    page.onAnswer = (data) => {
      const issue = data.find(
        (i) => i.repository?.full_name === task.repo && i.number === task.number,
      );
      if (seenAt === null && issue?.runs?.running?.sn === sn) seenAt = clock.now().getTime();
    };
    await runUntil(Math.min(t0 + SAMPLE_MAX_MS, endsAt), () => seenAt !== null);
    const seconds = seenAt === null ? null : (seenAt - t0) / 1000;
    times.push(seconds);
    const lasted = Math.round((endsAt - t0) / 1000);
    console.log(
      `  run ${sn} on ${task.repo}#${task.number} (${shown ? 'shown' : 'not yet shown'}), ` +
        `started ${afterCycle} s after a sync cycle, ${lasted} s long: ` +
        (seconds !== null
          ? `on the page after ${seconds} s`
          : endsAt <= t0 + SAMPLE_MAX_MS
            ? 'ended before the page showed it running'
            : `not on the page within ${SAMPLE_MAX_MS / 1000} s`) +
        ` (${page.loads} page loads)`,
    );
    page = null;
  }
  const ordered = [...times].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const shownAs = (t) => (t === null ? 'not shown running' : `${t} s`);
  const missing = times.filter((t) => t === null).length;
  console.log(
    `time from a run's start to its marker on the task board (${times.length} samples, ` +
      `${((Date.now() - samplesWall) / 1000).toFixed(1)} s): median ` +
      `${shownAs(ordered[Math.floor((ordered.length - 1) / 2)])}, max ${shownAs(ordered.at(-1))}` +
      `${missing > 0 ? ` (${missing} never shown running)` : ''}; target ≤ ${TARGET_MARKER_S} s`,
  );
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`process RSS (board and forge in one process): ${rss.toFixed(0)} MB`);
} finally {
  stream?.close();
  await board?.stop();
  await forgeApp.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`runtime: ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
}
