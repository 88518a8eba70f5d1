import type { LookupFunction } from 'node:net';
import type { Dispatcher } from 'undici';
import type { OutboundProxy } from '../config/board-config';
import type { CheckedDestination } from './destination';
import { proxyFor } from './destination';
import type { OutgoingRequest } from './channel-bodies';

/** Longest wait for a receiver: connection, answer and body. */
export const SEND_TIMEOUT_MS = 10_000;
/** Most of a receiver's answer read. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendAnswer {
  /** 0 when no answer came (connection refused, timeout…). */
  status: number;
  body: string;
  /** `Retry-After` in milliseconds, when the receiver gave one. */
  retryAfterMs: number | null;
  /** Why no answer came. */
  error: string | null;
}

/**
 * Send one request to a checked destination: the connection goes to the checked address
 * (no second lookup), redirects are not followed, `HTTPS_PROXY`/`NO_PROXY` are honoured.
 */
export async function sendRequest(
  destination: CheckedDestination,
  outgoing: OutgoingRequest,
  now: () => Date,
  proxies: OutboundProxy,
): Promise<SendAnswer> {
  // Loaded on the first delivery: a board with no alert channel never holds the HTTP client.
  const { Agent, ProxyAgent, request } = await import('undici');
  const proxy = proxyFor(destination.url, proxies);
  const dispatcher: Dispatcher = proxy
    ? // https goes through a CONNECT tunnel; plain http is forwarded as is.
      new ProxyAgent({
        uri: proxy,
        connectTimeout: SEND_TIMEOUT_MS,
        proxyTunnel: destination.url.protocol === 'https:',
      })
    : new Agent({
        connect: { lookup: pinnedLookup(destination), timeout: SEND_TIMEOUT_MS },
        headersTimeout: SEND_TIMEOUT_MS,
        bodyTimeout: SEND_TIMEOUT_MS,
      });
  try {
    const answer = await request(outgoing.url, {
      method: 'POST',
      headers: outgoing.headers,
      body: outgoing.body,
      dispatcher,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const body = await readCapped(answer.body);
    return {
      status: answer.statusCode,
      body,
      retryAfterMs: retryAfter(answer.headers['retry-after'], now()),
      error: null,
    };
  } catch (error) {
    return { status: 0, body: '', retryAfterMs: null, error: describe(error) };
  } finally {
    void dispatcher.close().catch(() => undefined);
  }
}

/** A lookup that answers the checked address whatever it is asked. */
function pinnedLookup(destination: CheckedDestination): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) {
      callback(null, [{ address: destination.address, family: destination.family }]);
    } else {
      callback(null, destination.address, destination.family);
    }
  }) as unknown as LookupFunction;
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now. */
export function retryAfter(value: string | string[] | undefined, now: Date): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** A failure without the URL (it may hold a key). */
function describe(error: unknown): string {
  const e = error as { code?: string; name?: string; cause?: { code?: string } };
  const code = e.cause?.code ?? e.code;
  if (e.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return `no answer within ${SEND_TIMEOUT_MS / 1000} s`;
  }
  return code ? `connection failed (${code})` : 'connection failed';
}
