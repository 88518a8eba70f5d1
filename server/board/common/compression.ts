import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * A copy of `buffer` in memory of its own, exactly its size. zlib's synchronous calls
 * return a view into their 16 KB output chunk when the result fits in one, and a view
 * keeps its whole backing memory alive: a 2 KB compressed answer would hold 16 KB for as
 * long as it is cached, unseen by the byte budget. Cached buffers go through here.
 */
export function ownedCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** How many distinct answers keep their compressed forms (cached answers repeat)... */
const MEMO_ENTRIES = 128;
/** ...of at most this size, so the kept copies stay within a few megabytes. */
const MEMO_MAX_BYTES = 64 * 1024;
/** Distinct `Accept-Encoding` values remembered with their choice (browsers send a handful). */
const NEGOTIATED_MAX = 64;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer `Accept-Encoding` with: brotli before gzip, a `q=0` refusal
 * respected, `*` read as either. Null for identity.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: Encoding): boolean => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  const choice = ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(header, choice);
  return choice;
}

const negotiated = new Map<string, Encoding | null>();

/** The compressors themselves, one per encoding (what the memo below saves calls of). */
export const compressors: Record<Encoding, (body: string | Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        // Fast enough per answer, and still smaller than gzip's best.
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

const memos: Record<Encoding, Map<string, Buffer>> = { br: new Map(), gzip: new Map() };

/**
 * `body` compressed with `encoding`. The compressed forms of recent answers up to
 * `MEMO_MAX_BYTES` are kept (most recently used last), since cached answers are sent
 * again and again; both the route cache's hits and the board's compression hook ask here.
 */
export function compressed(body: string | Buffer, encoding: Encoding): Buffer {
  const memo = memos[encoding];
  const key = typeof body === 'string' && body.length <= MEMO_MAX_BYTES ? body : null;
  const known = key === null ? undefined : memo.get(key);
  if (key !== null && known) {
    memo.delete(key);
    memo.set(key, known);
    return known;
  }
  const result = ownedCopy(compressors[encoding](body));
  if (key !== null) {
    memo.set(key, result);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return result;
}
