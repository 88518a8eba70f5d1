// Board memory (RSS) with the caches full: 10 organizations x 50 repositories x 200
// issues (100,000 issues) fetched through every read route, against the same board's RSS
// right after start-up and 30 s after it. Targets: under 200 MB full, under 90 MB idle.
// Prints; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildForgeStore, QUICK, rssMb, startBoard, startForgeOn } from './lib.mjs';

// The quick set holds 20,000 issues (10 x 20 x 100).
const ORGS = 10;
const REPOS = QUICK ? 20 : 50;
const ISSUES = QUICK ? 100 : 200;
const TOKEN = 'bench-admin-token-memory-0123456789';
/** How long the board is left alone after the last request before its RSS is read again. */
const SETTLE_MS = QUICK ? 5_000 : 10_000;

function buildDatabase(dataRoot) {
  const start = Date.parse('2026-10-01T00:00:00.000Z');
  buildForgeStore(dataRoot, {
    orgs: ORGS,
    repos: REPOS,
    issues: ISSUES,
    at: new Date(start).toISOString(),
    createdAt: (o, r, i) =>
      new Date(start + (o * REPOS * ISSUES + r * ISSUES + i) * 1000).toISOString(),
    title: (r, i) => `Issue ${i + 1} of repo ${r}: something to look at`,
    body: (i) =>
      `Steps to reproduce issue ${i + 1}.\n\n1. Open the page\n2. Wait\n\nExpected: it works.`,
    labelled: true,
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
buildDatabase(join(dataDir, 'forge'));
const forge = await startForgeOn(dataDir, TOKEN);
try {
  const board = await startBoard(forge, {
    CREDITS_SOURCE: 'manual',
    // Memory is measured here, not the call budget: filling 100,000 issues' caches takes
    // more platform calls than the default hourly budget allows.
    PLATFORM_MAX_CALLS_PER_HOUR: '1000000',
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = rssMb(board.pid);
    // Half a minute later, with no request: the start-up snapshot run and the alert
    // evaluation after it (which reads every organization's issues) are done, and so is the
    // collection that follows them once the board is quiet (server/board/ops/gc-when-quiet.ts).
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const idle = rssMb(board.pid);
    // Printed now, so that a run stopped at its time limit still gives the idle figure.
    console.log(
      `board RSS idle: ${started.toFixed(0)} MB 1 s after start, ${idle.toFixed(0)} MB 30 s after ` +
        `start with its snapshot run and alert evaluation done; target < 90 MB`,
    );
    const get = async (path) => {
      const response = await fetch(board.url + path);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
    };
    await get('/api/orgs');
    await get('/api/issues');
    for (let o = 0; o < ORGS; o++) {
      await get(`/api/orgs/org-${o}/repos`);
      await get(`/api/issues?org=org-${o}`);
      await Promise.all(
        Array.from({ length: REPOS }, (_, r) => get(`/api/repos/org-${o}/repo-${r}/issues`)),
      );
    }
    const full = rssMb(board.pid);
    const metrics = await (await fetch(`${board.url}/metrics`)).text();
    const heap = (name) =>
      Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN) / 2 ** 20;
    console.log(
      `  V8 heap used ${heap('board_nodejs_heap_size_used_bytes').toFixed(0)} MB of ` +
        `${heap('board_nodejs_heap_size_total_bytes').toFixed(0)} MB; external ${heap('board_nodejs_external_memory_bytes').toFixed(0)} MB`,
    );
    // V8 gives back the pages that filling the caches churned through once the load stops
    // (the idle collection runs after a quiet 5-second check period).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const settled = rssMb(board.pid);
    console.log(
      `board RSS with ${ORGS} orgs x ${REPOS} repos x ${ISSUES} issues cached: ${settled.toFixed(0)} MB ` +
        `${SETTLE_MS / 1000} s after the last request, ${full.toFixed(0)} MB right after it; ` +
        `target < 200 MB`,
    );
  } finally {
    await board.stop();
  }
} finally {
  await forge.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
