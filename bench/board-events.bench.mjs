// Live pages' change stream with 1,000 open streams on one board: its RSS against the
// same board's RSS before the streams opened, and the time from a stored change (an admin
// setting written) to the last stream's event, against the same write with no stream
// open. Prints; never fails.
import http from 'node:http';
import { QUICK, report, rssMb, sleep, startBoard, startForge } from './lib.mjs';

const STREAMS = QUICK ? 300 : 1000;
const ROUNDS = QUICK ? 3 : 7;
const ADMIN_TOKEN = 'bench-admin-token-events-0123456789';

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** One open stream; `onChange` is called with the time a `change` event arrives. */
function openStream(url, onChange) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { agent }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (text) => {
        if (text.includes('event: change')) onChange(performance.now());
      });
      resolve(() => request.destroy());
    });
    request.on('error', reject);
  });
}

/** Writes the threshold: the board stores it and publishes a balances change. */
async function storeChange(url, threshold) {
  const response = await fetch(`${url}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ credit_alert_threshold: threshold }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`settings: ${response.status}`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const forge = await startForge();
try {
  const board = await startBoard(forge, {
    ADMIN_TOKEN,
    CREDITS_SOURCE: 'manual',
    EVENT_STREAMS_MAX: String(STREAMS),
    EVENT_STREAMS_PER_CLIENT: String(STREAMS),
  });
  try {
    await sleep(3000);
    // The reference: the same write with nobody watching.
    const alone = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      await storeChange(board.url, 60 + round);
      alone.push(performance.now() - started);
    }
    const before = rssMb(board.pid);

    let arrived = [];
    const closers = [];
    for (let i = 0; i < STREAMS; i += 100) {
      closers.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, STREAMS - i) }, () =>
            openStream(board.url, (at) => arrived.push(at)),
          ),
        )),
      );
    }
    await sleep(2000);
    const open = rssMb(board.pid);

    const fanOut = [];
    for (let round = 0; round < ROUNDS; round++) {
      arrived = [];
      const started = performance.now();
      await storeChange(board.url, 80 + round);
      while (arrived.length < STREAMS) await sleep(5);
      fanOut.push(Math.max(...arrived) - started);
      await sleep(200);
    }
    for (const close of closers) close();

    report(
      `board RSS with ${STREAMS} open change streams`,
      open,
      'MB',
      before,
      `none (the streams take ${(open - before).toFixed(0)} MB)`,
    );
    report(
      `stored change to the last of ${STREAMS} streams (median of ${ROUNDS})`,
      median(fanOut),
      'ms',
      median(alone),
      'none (reference: the same write with no stream open)',
    );
  } finally {
    await board.stop();
  }
} finally {
  await forge.stop();
}
