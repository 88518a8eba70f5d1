// Board API figures, each against a reference measured in this run:
//  - cached GET /api/orgs requests per second vs a bare node:http server sending the same bytes
//    (body and headers), in a process of its own as the board is;
//  - cold GET /api/orgs and GET /api/issues latency with FORGE_LATENCY_MS=100 vs one round trip;
//  - upstream calls made by 200 concurrent cold requests vs the distinct upstream keys.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  forgeRequestCount,
  isEnrichmentRead,
  freePort,
  report,
  rps,
  rssMb,
  QUICK,
  sleep,
  startBoard,
  startForge,
  stopChild,
  waitFor,
} from './lib.mjs';

const LATENCY_MS = 100;

// Manual credits: the start-up snapshot then makes no platform call that could mix with ours.
const BOARD_ENV = { CREDITS_SOURCE: 'manual' };
// What Node sets by itself on every answer; the rest of the board's headers the reference sends too.
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * The reference: `node bench/board-api.bench.mjs --bare <answer.json> <port>` serves the
 * recorded answer (status, headers, body) to every request, from a process of its own.
 */
function serveBare(answerFile, port) {
  const answer = JSON.parse(readFileSync(answerFile, 'utf8'));
  const body = Buffer.from(answer.body, 'base64');
  createServer((_req, res) => {
    res.writeHead(200, answer.headers);
    res.end(body);
  }).listen(port, '127.0.0.1');
}

/** GET `url` until its answer names no pending enrichment: a hit, not a recheck, is timed. */
async function settled(url) {
  for (let attempt = 0; attempt < 120; attempt++) {
    const response = await fetch(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.headers.has('x-board-pending')) return { response, bytes };
    await sleep(500);
  }
  throw new Error(`${url} still names pending enrichments after a minute`);
}

async function cachedOrgs(forge) {
  const board = await startBoard(forge, BOARD_ENV);
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  let bare = null;
  try {
    const url = `${board.url}/api/orgs`;
    const { response: first, bytes } = await settled(url);
    // The same bytes on the wire: body and headers (security headers, X-Cache, Age…).
    const headers = Object.fromEntries(
      [...first.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)),
    );
    const answerFile = join(dir, 'answer.json');
    writeFileSync(answerFile, JSON.stringify({ headers, body: bytes.toString('base64') }));
    const port = await freePort();
    bare = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--bare', answerFile, String(port)],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const bareUrl = `http://127.0.0.1:${port}/`;
    await waitFor(bareUrl, bare);
    const seconds = QUICK ? 2 : 3;
    await rps(url, { seconds: 2 }); // warm up both
    await rps(bareUrl, { seconds: 2 });
    // Alternate three rounds and keep the median of each: the two share the machine's cores.
    const boardRuns = [];
    const bareRuns = [];
    for (let round = 0; round < 3; round++) {
      boardRuns.push(await rps(url, { seconds }));
      bareRuns.push(await rps(bareUrl, { seconds }));
    }
    const median = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[1];
    const measured = median(boardRuns);
    const reference = median(bareRuns);
    report(
      'cached GET /api/orgs',
      measured.rps,
      'req/s',
      reference.rps,
      '>= 0.95 of bare node:http in a process of its own',
    );
    console.log(
      `  p99 ${measured.p99} ms vs ${reference.p99} ms; errors ${measured.errors}; ` +
        `rounds board ${boardRuns.map((r) => r.rps.toFixed(0)).join('/')}, ` +
        `bare ${bareRuns.map((r) => r.rps.toFixed(0)).join('/')}`,
    );
  } finally {
    if (bare) await stopChild(bare);
    rmSync(dir, { recursive: true, force: true });
    await board.stop();
  }
}

/** Median latency of `samples` cold requests: caches expire (1 s TTL) between them. */
async function coldLatency(forge, path, samples = QUICK ? 3 : 5) {
  const board = await startBoard(forge, { ...BOARD_ENV, CACHE_TTL_MS: '1000' });
  try {
    const times = [];
    for (let i = 0; i < samples; i++) {
      await sleep(1100);
      const started = performance.now();
      const response = await fetch(`${board.url}${path}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.headers.get('x-cache') !== 'MISS')
        console.log(`  note: ${path} answered ${response.headers.get('x-cache')}`);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  } finally {
    await board.stop();
  }
}

async function oneRoundTrip(forge) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const response = await fetch(`${forge.url}/user`, {
      headers: { authorization: `Bearer ${forge.token}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[2];
}

async function concurrentCold(forge) {
  // One cold request alone gives the distinct upstream keys of the route. The answer's
  // lists are counted; the enrichment reads it queues run in the background, at their
  // own pace, and are not the route's.
  const lists = (route) => !isEnrichmentRead(route);
  const single = await startBoard(forge, BOARD_ENV);
  await sleep(1000);
  let distinct;
  try {
    const before = await forgeRequestCount(forge, lists);
    await (await fetch(`${single.url}/api/issues`)).arrayBuffer();
    distinct = (await forgeRequestCount(forge, lists)) - before;
  } finally {
    await single.stop();
  }
  const board = await startBoard(forge, BOARD_ENV);
  await sleep(1000);
  try {
    const before = await forgeRequestCount(forge, lists);
    await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${board.url}/api/issues`).then((r) => r.arrayBuffer()),
      ),
    );
    const made = (await forgeRequestCount(forge, lists)) - before;
    console.log(
      `upstream list calls by 200 concurrent cold GET /api/issues: ${made} vs ${distinct} distinct keys; target = distinct keys`,
    );
  } finally {
    await board.stop();
  }
}

/**
 * 15,000 distinct valid queries (3,000 into a cache of 1,000 entries in the quick set) (the shape of an attempt to grow the board's memory):
 * the bounded cache keeps the board's RSS growth flat however many variants arrive.
 */
async function distinctVariants(forge) {
  const board = await startBoard(forge, {
    ...BOARD_ENV,
    ...(QUICK ? { CACHE_MAX_ENTRIES: '1000' } : {}),
  });
  await sleep(1000);
  try {
    await (await fetch(`${board.url}/api/issues`)).arrayBuffer();
    const before = rssMb(board.pid);
    const total = QUICK ? 3_000 : 15_000;
    const points = [];
    for (let start = 0; start < total; start += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, k) => {
          const i = start + k;
          const query = `page=${1 + (i % 150)}&page_size=${1 + Math.floor(i / 150)}`;
          return fetch(`${board.url}/api/issues?${query}`).then((r) => r.arrayBuffer());
        }),
      );
      if ((start + 25) % (total / 3) === 0) points.push(rssMb(board.pid));
    }
    const metrics = await (await fetch(`${board.url}/metrics`)).text();
    const entries = /^board_cache_entries (\S+)$/m.exec(metrics)?.[1];
    console.log(
      `board RSS over ${total} distinct /api/issues queries: ${before.toFixed(0)} MB before, ` +
        `${points.map((p) => p.toFixed(0)).join(' / ')} MB after each ${(total / 3).toLocaleString('en')}; ${entries} cache entries ` +
        `(CACHE_MAX_ENTRIES ${QUICK ? 1000 : 5000}); target: no growth once the cache is full (last two within 25 MB)`,
    );
  } finally {
    await board.stop();
  }
}

/** Cold latencies against a forge answering each call after {LATENCY_MS} ms. */
async function coldLatencies() {
  const slow = await startForge({ FORGE_LATENCY_MS: String(LATENCY_MS) });
  try {
    const roundTrip = await oneRoundTrip(slow);
    for (const path of ['/api/orgs', '/api/issues']) {
      const cold = await coldLatency(slow, path);
      report(
        `cold GET ${path} (FORGE_LATENCY_MS=${LATENCY_MS})`,
        cold,
        'ms',
        roundTrip,
        `<= 3.0 x one round trip (${LATENCY_MS} ms)`,
      );
    }
  } finally {
    await slow.stop();
  }
}

if (process.argv[2] === '--bare') {
  serveBare(process.argv[3], Number(process.argv[4]));
} else {
  await main();
}

async function main() {
  // The memory run is last: it is the long one, and the bench's time limit may cut it.
  const fast = await startForge();
  try {
    await cachedOrgs(fast);
    await concurrentCold(fast);
    await coldLatencies();
    await distinctVariants(fast);
  } finally {
    await fast.stop();
  }
}
