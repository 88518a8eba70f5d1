import * as http from 'node:http';

/**
 * What the fuzz suites share: hostile values as they go on the wire, a raw HTTP client that
 * sends paths exactly as written (fetch would normalize dot segments and encodings), a
 * seeded generator, and a ledger of answers by status.
 */

/** Requests per suite run in CI; `FUZZ_REQUESTS` raises it for a larger run on demand. */
export const FUZZ_REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 5000);
/** Rounds of random values per parameter on top of the fixed corpus (`FUZZ_ROUNDS`). */
export const FUZZ_ROUNDS = Number(process.env['FUZZ_ROUNDS'] ?? 1);
/** The run's seed: the CI's test order seed, so a failing run can be repeated. */
export const FUZZ_SEED = Number(process.env['TEST_SEED'] ?? 20261127);

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in the seed's order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const encode = encodeURIComponent;

/**
 * Path segments and query values, already encoded for the wire: empty, dot and encoded
 * separators, numbers at and past every bound, invalid percent-encodings and UTF-8,
 * control characters, Unicode, injection strings, prototype keys, option-like names and
 * an oversize value.
 */
export const HOSTILE_WIRE_VALUES: readonly string[] = [
  '',
  '%20',
  '.',
  '..',
  '%2e%2e',
  '%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%5C',
  '%00',
  '%0d%0aX-Injected:%201',
  '%',
  '%zz',
  '%C0%AE',
  '%F0%28%8C%28',
  '0',
  '-1',
  '1.5',
  '1e309',
  '9'.repeat(30),
  'NaN',
  'true',
  'null',
  '%5B%5D',
  '%7B%7D',
  encode('__proto__'),
  'constructor',
  encode('-rf'),
  encode('--upload-pack=touch /tmp/x'),
  encode('<script>alert(1)</script>'),
  encode("' OR 1=1 --"),
  encode('${jndi:ldap://127.0.0.1/x}'),
  encode('中文仓库'),
  encode('😀'),
  encode('\u202etxt.exe'),
  encode('a\u0000b'),
  'a'.repeat(5000),
];

/** Random values for `FUZZ_ROUNDS`: printable, control and astral characters, any length. */
export function randomWireValue(random: () => number): string {
  const length = Math.floor(random() * random() * 300);
  let text = '';
  for (let i = 0; i < length; i++) {
    const kind = random();
    const code =
      kind < 0.6
        ? 0x20 + Math.floor(random() * 0x5f)
        : kind < 0.7
          ? Math.floor(random() * 0x20)
          : kind < 0.9
            ? 0xa0 + Math.floor(random() * 0xd000)
            : 0x1f300 + Math.floor(random() * 0x300);
    text += String.fromCodePoint(code);
  }
  return encode(text.replace(/[\uD800-\uDFFF]/g, ''));
}

/** JSON values of every type and shape a body field may wrongly get. */
export const HOSTILE_JSON_VALUES: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  '',
  ' ',
  'x',
  '\u0000',
  '😀中文',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '-rf',
  'a'.repeat(100_000),
  [],
  ['x'],
  {},
  { __proto__: { polluted: true } },
  nested(40),
];

/** An array nested `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as it is: a string is not serialised again. */
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** Send one request with its path exactly as written. */
export function send(base: string, request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${base}/`,
      {
        agent,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body === undefined
            ? {}
            : { 'content-length': Buffer.byteLength(request.body) }),
          ...request.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        // A change stream never ends by itself: its answer is the status and first lines.
        const stream = res.headers['content-type']?.startsWith('text/event-stream') === true;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (stream) res.destroy();
        });
        res.on('close', () => {
          if (stream)
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            });
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Closes the kept-alive sockets, so jest can leave. */
export function closeConnections(): void {
  agent.destroy();
}

/** Answers by status, and the findings a run made. */
export class FuzzLedger {
  readonly byStatus = new Map<number, number>();
  readonly findings: string[] = [];
  sent = 0;

  record(label: string, answer: RawAnswer): void {
    this.sent += 1;
    this.byStatus.set(answer.status, (this.byStatus.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500)
      this.finding(label, `answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }

  finding(label: string, what: string): void {
    if (this.findings.length < 50) this.findings.push(`${label}: ${what}`);
  }

  /** `name: 2,345 requests sent; by status 200 × 12, 400 × 2,100, …; 0 × 5xx`. */
  summary(name: string): string {
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ');
    const server = [...this.byStatus.entries()]
      .filter(([status]) => status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    return `${name}: ${this.sent} requests sent; by status ${statuses}; ${server} × 5xx`;
  }
}
