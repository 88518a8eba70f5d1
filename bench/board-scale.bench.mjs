// Upstream calls of the board at scale, on a platform without organization-wide lists
// (FORGE_EXTENSIONS=off), over a simulated hour: board and forge run in this process on
// one injected clock, 1 % of the issues change per hour (closed or reopened), and 20
// viewers poll every page (dashboard, task board, each organization's repositories)
// every minute. The reference, measured in the same run, is a full refetch: a second
// board with empty caches reading the same pages once (all listings, commit reads and
// conversation reads), times 12 for the 5-minute cache life, without its conversation
// reads (those were already read only when an issue moved). Prints calls per hour, the
// reference, their ratio, the largest data age an answer carried, the most calls in one
// minute and the process's RSS. Targets: ≤ 10 % of the reference, under the budget
// every minute, data age ≤ TTL. Prints; never fails.
//
//   node bench/board-scale.bench.mjs            10 organizations × 20 repositories × 50 issues
//   PLATFORM_MAX_CALLS_PER_HOUR=60000 node bench/board-scale.bench.mjs 10 100 200
//                                    (npm run bench:scale: one cold load of that size takes
//                                    about 30,000 calls, ten hours of the default budget)
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { buildForgeStore, QUICK, root, startInProcessBoard, startInProcessForge } from './lib.mjs';

const [ORGS, REPOS, ISSUES] = process.argv.slice(2, 5).map(Number);
// The quick set's default size is 5 × 10 × 50.
const size = {
  orgs: ORGS || (QUICK ? 5 : 10),
  repos: REPOS || (QUICK ? 10 : 20),
  issues: ISSUES || 50,
};
const TOKEN = 'bench-admin-token-scale-0123456789';
const TTL_MS = 300_000;
// The board's default budget; PLATFORM_MAX_CALLS_PER_HOUR runs the hour under another.
const BUDGET = Number(process.env.PLATFORM_MAX_CALLS_PER_HOUR ?? 3000);
const MINUTE = 60_000;
const VIEWERS = 20;
const CHANGE_SHARE_PER_HOUR = 0.01;
/** Simulated minutes: an hour, or 10 in the quick set (its rates are per hour all the same). */
const MINUTES = QUICK ? 10 : 60;

buildIfStale('server');
const require = createRequire(import.meta.url);
const dist = join(root, 'dist', 'server', 'server');
const { createForgeApp } = require(join(dist, 'forge', 'forge-app.js'));
const { loadForgeConfig } = require(join(dist, 'forge', 'config', 'forge-config.js'));
const { createBoardApp } = require(join(dist, 'board', 'board-app.js'));
const { loadBoardConfig } = require(join(dist, 'board', 'config', 'board-config.js'));
const { ManualClock } = require(join(dist, 'common', 'clock.js'));
const { UpstreamBudget } = require(join(dist, 'board', 'budget', 'upstream-budget.js'));

const epoch = Date.parse('2026-11-01T00:00:00.000Z');

/** Organizations, repositories and issues straight into the forge's store. */
function buildDatabase(dataRoot) {
  return buildForgeStore(dataRoot, {
    ...size,
    at: new Date(epoch - 30 * 86_400_000).toISOString(),
    createdAt: (o, r, i) =>
      new Date(
        epoch - 86_400_000 + (o * size.repos * size.issues + r * size.issues + i) * 10,
      ).toISOString(),
    title: (r, i) => `Issue ${i + 1} of repo ${r}`,
    body: (i) => `Steps to reproduce issue ${i + 1}.`,
  });
}

/** The forge's request count, from its /metrics: total and conversation reads. */
async function forgeCalls(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  let total = 0;
  let conversation = 0;
  const byRoute = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('forge_http_requests_total{')) continue;
    const count = Number(line.split(' ').pop());
    total += count;
    if (/route="[^"]*\/(comments|activities)"/.test(line)) conversation += count;
    const key = `${/method="([^"]*)"/.exec(line)?.[1]} ${/route="([^"]*)"/.exec(line)?.[1]}`;
    byRoute.set(key, (byRoute.get(key) ?? 0) + count);
  }
  return { total, conversation, byRoute };
}

function startBoard(forgeUrl, clock, budget = BUDGET) {
  return startInProcessBoard(
    { createBoardApp, loadBoardConfig },
    {
      forgeUrl,
      token: TOKEN,
      clock,
      prefix: 'bench-scale-board-',
      env: { CACHE_TTL_MS: String(TTL_MS), PLATFORM_MAX_CALLS_PER_HOUR: String(budget) },
    },
  );
}

const pages = [
  '/api/orgs',
  '/api/issues?state=open&page=1&page_size=50',
  ...Array.from({ length: size.orgs }, (_, o) => `/api/orgs/org-${o}/repos`),
];

/** Every page once; answers' status and `Age`. */
async function readPages(board) {
  const answers = await Promise.all(
    pages.map(async (page) => {
      const response = await fetch(`${board.url}${page}`);
      await response.arrayBuffer();
      return { status: response.status, age: Number(response.headers.get('age') ?? 0) };
    }),
  );
  return answers;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
const seeded = Date.now();
const issues = buildDatabase(join(dataDir, 'forge'));
console.log(
  `${size.orgs} organizations × ${size.repos} repositories × ${size.issues} issues ` +
    `(${issues.length} issues) built in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
);
const clock = new ManualClock(new Date(epoch));
const { app: forgeApp, url: forgeUrl } = await startInProcessForge(
  { createForgeApp, loadForgeConfig },
  { dataDir, token: TOKEN, clock, extensions: 'off' },
);

try {
  // The reference: a board with empty caches reads every page once.
  const before = await forgeCalls(forgeUrl);
  // No budget for the reference: it measures what a full refetch costs.
  const reference = await startBoard(forgeUrl, clock, 1_000_000_000);
  const coldStatuses = (await readPages(reference)).map((a) => a.status);
  const referenceMetrics = await (await fetch(`${reference.url}/metrics`)).text();
  const estimated = Number(/^board_upstream_full_load_calls (\d+)/m.exec(referenceMetrics)?.[1]);
  await reference.stop();
  const after = await forgeCalls(forgeUrl);
  const coldCalls = after.total - before.total;
  const coldConversation = after.conversation - before.conversation;
  const fullRefetchPerHour = (coldCalls - coldConversation) * (3_600_000 / TTL_MS);
  console.log(
    `full refetch (empty caches, every page once): ${coldCalls} calls, ` +
      `${coldConversation} of them conversation reads; statuses ${[...new Set(coldStatuses)].join(',')}; ` +
      `the board's estimate of one full load of every page (the credit pages' ` +
      `closed NPC issues too): ${estimated} calls`,
  );

  // The simulated hour.
  const board = await startBoard(forgeUrl, clock);
  const perMinute = [];
  // The budget's count of each minute, read before the clock moves on: its own window only
  // reaches back one hour, so at the end it no longer holds the cold minute.
  const budgetPerMinute = [];
  let maxAge = 0;
  let errors = 0;
  let changed = 0;
  const changesPerMinute = (issues.length * CHANGE_SHARE_PER_HOUR) / 60;
  let owed = 0;
  let nextIssue = 0;
  let afterCold = new Map();
  const started = Date.now();
  for (let minute = 0; minute < MINUTES; minute++) {
    if (minute > 0) {
      owed += changesPerMinute;
      while (owed >= 1) {
        owed -= 1;
        // Spread over the repositories: a stride through the issue list.
        nextIssue = (nextIssue + size.issues + 1) % issues.length;
        const issue = issues[nextIssue];
        issue.closed = !issue.closed;
        const response = await fetch(`${forgeUrl}/${issue.repo}/-/issues/${issue.number}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(
            issue.closed
              ? { state: 'closed', state_reason: 'completed' }
              : { state: 'open', state_reason: 'reopened' },
          ),
        });
        await response.arrayBuffer();
        if (response.ok) changed += 1;
      }
    }
    const afterChanges = (await forgeCalls(forgeUrl)).total;
    const viewers = await Promise.all(Array.from({ length: VIEWERS }, () => readPages(board)));
    for (const answer of viewers.flat()) {
      if (answer.status !== 200) errors += 1;
      else maxAge = Math.max(maxAge, answer.age);
    }
    // The forge counts the changes (and /metrics reads are not API calls): only the
    // viewers' phase is the board's.
    const counted = await forgeCalls(forgeUrl);
    perMinute.push(counted.total - afterChanges);
    budgetPerMinute.push((await board.app.get(UpstreamBudget).perMinute()).at(-1) ?? 0);
    if (minute === 0) afterCold = counted.byRoute;
    // Progress, so a run stopped by its time cap still tells how far it got.
    if (minute % 10 === 9) {
      const calls = perMinute.reduce((sum, n) => sum + n, 0);
      console.log(
        `  minute ${minute + 1}: ${calls} calls, ${errors} answers not 200, age ≤ ${maxAge} s`,
      );
    }
    clock.advance(MINUTE);
  }
  const hourCalls = perMinute.reduce((sum, n) => sum + n, 0);
  const endRoutes = (await forgeCalls(forgeUrl)).byRoute;
  const steadyCalls = hourCalls - perMinute[0];
  // The 59 minutes after the cold one, as a rate per hour.
  const steadyPerHour = Math.round((steadyCalls * 60) / (perMinute.length - 1));
  // The hour: its cold minute and 59 steady ones (as measured, or at the measured rate).
  const perHour = perMinute[0] + Math.round((steadyCalls * 59) / (perMinute.length - 1));
  const boardMetrics = await (await fetch(`${board.url}/metrics`)).text();
  const reads = (reason) =>
    Number(
      new RegExp(`^board_issue_refresh_reads_total\\{reason="${reason}"\\} (\\d+)`, 'm').exec(
        boardMetrics,
      )?.[1] ?? 0,
    );
  const sweepReads = reads('sweep');
  const rss = process.memoryUsage().rss / 1024 / 1024;
  await board.stop();

  console.log(
    `simulated ${MINUTES} minutes: ${hourCalls} upstream calls (${perMinute[0]} in the first, cold minute; ` +
      `${steadyCalls} after it), ${changed} issues changed, ${errors} answers not 200, ` +
      `${(Date.now() - started) / 1000} s`,
  );
  console.log(
    `upstream calls per hour: ${perHour} vs full refetch ${fullRefetchPerHour} ` +
      `(${coldCalls - coldConversation} per 5-minute cycle × 12); ratio ` +
      `${(perHour / fullRefetchPerHour).toFixed(3)} (after the cold minute ` +
      `${steadyPerHour} per hour, ratio ${(steadyPerHour / fullRefetchPerHour).toFixed(3)}); ` +
      `target ≤ 0.10`,
  );
  const steadyRoutes = [...endRoutes]
    .map(([key, n]) => [key, n - (afterCold.get(key) ?? 0)])
    .filter(([key, n]) => n > 0 && !key.startsWith('PATCH'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  console.log(
    `  after the cold minute, by route: ${steadyRoutes.map(([k, n]) => `${k} ×${n}`).join(', ')}`,
  );
  console.log(
    `sweep of unmoved repositories (edits and comments): ${sweepReads} listings, ` +
      `${steadyCalls > 0 ? ((100 * sweepReads) / steadyCalls).toFixed(0) : 0} % of the calls ` +
      `after the cold minute ` +
      `(${(sweepReads / fullRefetchPerHour).toFixed(3)} of the full refetch); ` +
      `${reads('moved')} listings of moved repositories`,
  );
  console.log(`largest data age in an answer: ${maxAge} s; target ≤ ${TTL_MS / 1000} s`);
  console.log(
    `most calls in one minute: ${Math.max(...perMinute)} (budget's own count: ` +
      `${Math.max(...budgetPerMinute)}); calls in the hour ${perHour} vs budget ${BUDGET}; ` +
      `target: under the budget at every minute`,
  );
  console.log(`process RSS (board and forge in one process): ${rss.toFixed(0)} MB`);
} finally {
  await forgeApp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
