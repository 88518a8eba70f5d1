// A new board's first minutes at enterprise size, as a manager meets them: a forge that
// answers only what the platform publishes (FORGE_EXTENSIONS=off) holding 10 organizations
// × 40 repositories × 150 issues (60,000, written straight into its store), 50 ms per
// call, and a board with the default call budget and cache life. Viewers poll the four
// user routes every 5 s for FIRST_RUN_SECONDS (240). Prints, per route, the time to its
// first 200 after the board was started and the answers after it by status (and how many
// still named pending enrichments), the board's calls per minute against its budget; then,
// on the demo forge at 100 ms per call, the round trips of a cold `/api/orgs` asked right
// after start and again once the start-up work is done, against one round trip measured
// in the same run. Targets: dashboard's first 200 ≤ 10 s, every route's ≤ 60 s, no 5xx
// after a route's first 200, calls under the budget every minute, org-0's task board with
// nothing pending within 240 s, cold `/api/orgs` ≤ 2 round trips. Prints; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildForgeStore, QUICK, sleep, startBoard, startForge, startForgeOn } from './lib.mjs';

// The quick set holds 10 × 10 × 150 (15,000 issues).
const ORGS = 10;
const REPOS = QUICK ? 10 : 40;
const ISSUES = 150;
const LATENCY_MS = 50;
// The quick set polls for 30 s: the first answers and the call rate, not the fill-in.
const SECONDS = Number(process.env.FIRST_RUN_SECONDS ?? (QUICK ? 30 : 240));
const POLL_MS = 5_000;
const BUDGET = 3_000;
const TOKEN = 'bench-admin-token-first-run-0123456789';
const ROUTES = {
  dashboard: '/api/orgs',
  tasks: '/api/issues?npc=true&org=org-0',
  repos: '/api/orgs/org-0/repos',
  credits: '/api/orgs/org-0/credits?days=7',
};

/**
 * The board's background reads by enrichment and organization, from /metrics:
 * `Map<org, Map<enrichment, {asked, done, failed, dropped}>>`.
 */
function backgroundReads(text) {
  const reads = new Map();
  for (const [, labels, n] of text.matchAll(/^board_background_reads_total\{([^}]*)\} (\S+)$/gm)) {
    const label = (name) => new RegExp(`${name}="([^"]*)"`).exec(labels)?.[1];
    const org = label('org');
    const enrichment = label('enrichment');
    if (!reads.has(org)) reads.set(org, new Map());
    const byEnrichment = reads.get(org);
    if (!byEnrichment.has(enrichment))
      byEnrichment.set(enrichment, { asked: 0, done: 0, failed: 0, dropped: 0 });
    byEnrichment.get(enrichment)[label('outcome')] = Number(n);
  }
  return reads;
}

const fillText = (at) =>
  at === null
    ? 'still reading'
    : at === 'dropped'
      ? 'not filled in (reads dropped at the budget share)'
      : `at ${at.toFixed(0)} s`;

const waitingOf = ({ asked, done, failed, dropped }) => asked - done - failed - dropped;

/**
 * Polls every route every 5 s for `seconds`; per route, what came back when, and per
 * organization since when none of its background reads waits (`filledAt`: null while some
 * wait, `dropped` once the budget shut the queue on some).
 */
async function poll(board, startedAt, seconds) {
  const seen = Object.fromEntries(
    Object.keys(ROUTES).map((name) => [
      name,
      {
        first200: null,
        statuses: new Map(),
        pendingAfter: 0,
        lastPending: null,
        beforeFirst: new Map(),
      },
    ]),
  );
  const filledAt = new Map();
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const round = Date.now();
    for (const [org, byEnrichment] of backgroundReads(await metrics(board))) {
      const counts = [...byEnrichment.values()];
      // Reads dropped when the budget shut the queue are still wanted: not filled in.
      if (counts.some((c) => c.dropped > 0)) filledAt.set(org, 'dropped');
      else if (counts.some((c) => waitingOf(c) > 0)) filledAt.set(org, null);
      else if (!filledAt.get(org)) filledAt.set(org, (round - startedAt) / 1000);
    }
    await Promise.all(
      Object.entries(ROUTES).map(async ([name, path]) => {
        const route = seen[name];
        let status = 0;
        let pending = false;
        try {
          const response = await fetch(board.url + path, { signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          status = response.status;
          pending = response.headers.has('x-board-pending');
        } catch {
          status = 0; // no answer within 30 s
        }
        if (route.first200 === null) {
          if (status === 200) route.first200 = (Date.now() - startedAt) / 1000;
          else route.beforeFirst.set(status, (route.beforeFirst.get(status) ?? 0) + 1);
          if (status !== 200) return;
        }
        route.statuses.set(status, (route.statuses.get(status) ?? 0) + 1);
        if (!pending) return;
        route.pendingAfter += 1;
        route.lastPending = (Date.now() - startedAt) / 1000;
      }),
    );
    await sleep(Math.max(0, POLL_MS - (Date.now() - round)));
  }
  return { seen, filledAt };
}

/** The board's /metrics text. */
async function metrics(board) {
  return (await fetch(`${board.url}/metrics`)).text();
}

/** The platform calls the board counted in the last hour. */
function callsLastHour(text) {
  return Number(/^board_upstream_calls_last_hour (\S+)$/m.exec(text)?.[1] ?? NaN);
}

/** HTTP attempts to the platform by route template, most first. */
function callsByRoute(text) {
  const byRoute = new Map();
  for (const [, route, n] of text.matchAll(
    /^board_upstream_requests_total\{[^}]*route="([^"]+)"[^}]*\} (\S+)$/gm,
  )) {
    byRoute.set(route, (byRoute.get(route) ?? 0) + Number(n));
  }
  return [...byRoute].sort((a, b) => b[1] - a[1]);
}

const statusList = (map) =>
  [...map]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status || 'none'} × ${n}`)
    .join(', ') || 'none';

// --- Part 1: 60,000 issues on the published surface.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-first-run-'));
const built = Date.now();
buildForgeStore(join(dataDir, 'forge'), {
  orgs: ORGS,
  repos: REPOS,
  issues: ISSUES,
  at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  createdAt: (o, r, i) =>
    new Date(
      Date.now() - 20 * 86_400_000 + (o * REPOS * ISSUES + r * ISSUES + i) * 10_000,
    ).toISOString(),
  title: (r, i) => `Issue ${i + 1} of repo ${r}`,
  body: (i) => `Steps to reproduce issue ${i + 1}.`,
  labelled: true,
});
console.log(
  `${ORGS} organizations × ${REPOS} repositories × ${ISSUES} issues (${ORGS * REPOS * ISSUES}) ` +
    `built in ${((Date.now() - built) / 1000).toFixed(1)} s; forge ${LATENCY_MS} ms per call, ` +
    `FORGE_EXTENSIONS=off; board budget ${BUDGET} calls an hour; polling every ${POLL_MS / 1000} s ` +
    `for ${SECONDS} s`,
);
const forge = await startForgeOn(dataDir, TOKEN, {
  FORGE_EXTENSIONS: 'off',
  FORGE_LATENCY_MS: String(LATENCY_MS),
});
try {
  const startedAt = Date.now();
  const board = await startBoard(forge, { PLATFORM_MAX_CALLS_PER_HOUR: String(BUDGET) });
  try {
    console.log(
      `board ready (healthz) ${((Date.now() - startedAt) / 1000).toFixed(1)} s after start`,
    );
    const { seen, filledAt } = await poll(board, startedAt, SECONDS);
    for (const [name, route] of Object.entries(seen)) {
      const target = name === 'dashboard' ? 10 : 60;
      const fives = [...route.statuses].filter(([s]) => s >= 500 || s === 0).length;
      console.log(
        `  ${name.padEnd(9)} ${ROUTES[name]}: first 200 ` +
          `${route.first200 === null ? 'never' : `${route.first200.toFixed(1)} s`} after start ` +
          `(target ≤ ${target} s; before it: ${statusList(route.beforeFirst)}); after it: ` +
          `${statusList(route.statuses)}, ${route.pendingAfter} with enrichments pending` +
          `${route.lastPending === null ? '' : ` (the last ${route.lastPending.toFixed(0)} s after start)`}` +
          `${fives > 0 ? ' — 5xx or no answer after the first 200' : ''}`,
      );
    }
    const text = await metrics(board);
    const lastHour = callsLastHour(text);
    console.log(
      `  platform calls in the ${SECONDS} s: ${lastHour} of a budget of ${BUDGET} an hour ` +
        `(${((lastHour / BUDGET) * 100).toFixed(0)} %); the budget refuses calls past it`,
    );
    console.log(
      `  by route: ${callsByRoute(text)
        .map(([route, n]) => `${route} ${n}`)
        .join(', ')}`,
    );
    // Reads the enrichments asked for (each distinct read once while queued) and made.
    const reads = backgroundReads(text);
    const totals = new Map();
    for (const byEnrichment of reads.values())
      for (const [enrichment, counts] of byEnrichment) {
        const total = totals.get(enrichment) ?? { asked: 0, done: 0, failed: 0, dropped: 0 };
        for (const key of Object.keys(total)) total[key] += counts[key];
        totals.set(enrichment, total);
      }
    for (const [enrichment, total] of totals) {
      const viewed = reads.get('org-0')?.get(enrichment);
      console.log(
        `  background reads for ${enrichment}: asked ${total.asked}, made ${total.done} ` +
          `(+${total.failed} failed), ${total.dropped} dropped when the budget shut the queue; ` +
          `org-0: asked ${viewed?.asked ?? 0}, made ${viewed?.done ?? 0}, waiting ${viewed ? waitingOf(viewed) : 0}`,
      );
    }
    if (reads.size === 0) console.log('  background reads: not counted by this board');
    else
      console.log(
        `  organizations filled in (no background read waiting): ${[...filledAt]
          .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
          .map(([org, at]) => `${org} ${fillText(at)}`)
          .join(', ')}`,
      );
  } finally {
    await board.stop();
  }
} finally {
  await forge.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// --- Part 2: round trips of a cold /api/orgs on the demo forge at 100 ms per call.
const demo = await startForge({ FORGE_LATENCY_MS: '100' });
try {
  const trip = async () => {
    const at = Date.now();
    await (
      await fetch(`${demo.url}/user/groups?page=1&page_size=100`, {
        headers: { authorization: `Bearer ${demo.token}` },
      })
    ).arrayBuffer();
    return Date.now() - at;
  };
  await trip();
  const trips = [await trip(), await trip(), await trip()].sort((a, b) => a - b);
  const oneTrip = trips[1];
  const coldOrgs = async (waitMs) => {
    const board = await startBoard(demo);
    try {
      if (waitMs > 0) await sleep(waitMs);
      const at = Date.now();
      const response = await fetch(`${board.url}/api/orgs`);
      await response.arrayBuffer();
      return { ms: Date.now() - at, status: response.status };
    } finally {
      await board.stop();
    }
  };
  // The reference trip is a warmed forge's: one board's reads first warm the forge's routes
  // the same way (its first answers on each route are slower), so both count board rounds.
  await coldOrgs(0);
  const rightAfter = await coldOrgs(0);
  // The start-up snapshot run and the alert evaluation after it take a few seconds here.
  const afterStartup = await coldOrgs(15_000);
  for (const [when, result] of [
    ['right after start', rightAfter],
    ['after the start-up work', afterStartup],
  ]) {
    console.log(
      `cold /api/orgs ${when}: ${result.ms} ms (${result.status}) = ` +
        `${(result.ms / oneTrip).toFixed(1)} round trips of ${oneTrip} ms; target ≤ 2`,
    );
  }
} finally {
  await demo.stop();
}
