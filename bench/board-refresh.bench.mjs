// Upstream calls of a full board refresh (every page's data: dashboard, task board, each
// organization's repository health and credits, the admin overview), against the demo forge
// with its simulator off:
//  - cold: a board with empty caches;
//  - steady: the same refresh after the cache TTL with nothing changed on the platform.
// The reference is the cold refresh measured in this run. Conversation reads (issue comments
// and activities) are counted apart: a steady cycle should make none.
import { sleep, startBoard, startForge } from './lib.mjs';

const TTL_MS = 4000;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

/** The forge's request counters by route, from its /metrics. */
async function callsByRoute(forge) {
  const text = await (await fetch(`${forge.url}/metrics`)).text();
  const counts = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('forge_http_requests_total{')) continue;
    const route = /route="([^"]*)"/.exec(line)?.[1] ?? '?';
    const method = /method="([^"]*)"/.exec(line)?.[1] ?? '?';
    const key = `${method} ${route}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(line.split(' ').pop()));
  }
  return counts;
}

function difference(after, before) {
  const diff = new Map();
  for (const [key, count] of after) {
    const made = count - (before.get(key) ?? 0);
    if (made > 0) diff.set(key, made);
  }
  return diff;
}

const total = (calls) => [...calls.values()].reduce((sum, n) => sum + n, 0);
const conversation = (calls) =>
  total(new Map([...calls].filter(([key]) => /\/(comments|activities)$/.test(key))));

async function fullRefresh(board) {
  const get = async (path, headers = {}) => {
    const response = await fetch(`${board.url}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  const orgs = await get('/api/orgs');
  await get('/api/issues');
  for (const org of orgs) {
    await get(`/api/orgs/${org.slug}/repos`);
    await get(`/api/orgs/${org.slug}/credits?days=30`);
  }
  await get('/api/admin/overview?days=30', { authorization: `Bearer ${ADMIN_TOKEN}` });
}

const forge = await startForge();
try {
  const board = await startBoard(forge, {
    CACHE_TTL_MS: String(TTL_MS),
    // Manual credits: no snapshot run mixes its platform calls with the refresh's.
    CREDITS_SOURCE: 'manual',
    ADMIN_TOKEN,
  });
  try {
    let before = await callsByRoute(forge);
    await fullRefresh(board);
    let after = await callsByRoute(forge);
    const cold = difference(after, before);

    await sleep(TTL_MS + 500);
    before = after;
    await fullRefresh(board);
    after = await callsByRoute(forge);
    const steady = difference(after, before);

    console.log(
      `cold full refresh: ${total(cold)} upstream calls (${conversation(cold)} conversation reads)`,
    );
    console.log(
      `steady TTL cycle, nothing changed: ${total(steady)} upstream calls (${conversation(steady)} conversation reads)` +
        ` vs ${total(cold)} cold; ratio ${(total(steady) / total(cold)).toFixed(2)};` +
        ' target: no conversation reads, no more calls than the lists themselves',
    );
    for (const [name, calls] of [
      ['cold', cold],
      ['steady', steady],
    ]) {
      const top = [...calls].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(`  ${name} by route: ${top.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    }
  } finally {
    await board.stop();
  }
} finally {
  await forge.stop();
}
