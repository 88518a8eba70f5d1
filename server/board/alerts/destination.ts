import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { addressMatcher, parseAddressOrRange } from '../../common/net/address-ranges';

/** Every address a host name resolves to. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

/** Where alert channels may send. */
export interface DestinationPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
  /** Host names, addresses and CIDR ranges allowed although private. */
  allowedHosts: readonly string[];
}

/** A destination that passed the checks, with the address to connect to. */
export interface CheckedDestination {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a URL is refused; the message names neither path nor query (they may hold keys). */
export class RefusedDestination extends Error {
  constructor(
    message: string,
    /** Why, for the answer's params: `reason` and, when known, `host` and `address`. */
    readonly params: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Private, loopback, link-local and shared ranges a channel may not reach by default. */
const PRIVATE_RANGES = [
  '127.0.0.0/8',
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::1/128',
  '::/128',
  'fc00::/7',
  'fe80::/10',
];
const isPrivate = addressMatcher(PRIVATE_RANGES);
/** The cloud metadata address: never, whatever is allowed. */
const METADATA = '169.254.169.254';

/** `::ffff:a.b.c.d` and `::ffff:7f00:1` both become `a.b.c.d`; anything else is kept. */
export function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex && isIP(lower) === 6) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return address;
}

/** `https://hooks.example.com` — what a channel's URL reads back as. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'invalid';
  }
}

/**
 * Check a channel URL: the scheme, then every address its host resolves to. Refused when
 * any address is private (unless allowed by name, range or the global switch) or is the
 * metadata address. The answer holds the checked address, so the connection goes there
 * and no second lookup can lead elsewhere.
 */
export async function checkDestination(
  raw: string,
  policy: DestinationPolicy,
  resolve: Resolver,
): Promise<CheckedDestination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedDestination('url must be an absolute http(s) URL', {
      reason: 'not_absolute',
    });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new RefusedDestination(
      policy.allowHttp ? 'url must be an http(s) URL' : 'url must be an https:// URL',
      { reason: policy.allowHttp ? 'scheme' : 'scheme_https' },
    );
  }
  if (url.username || url.password) {
    throw new RefusedDestination('url must not carry a user name or password', {
      reason: 'credentials',
    });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new RefusedDestination(`url host ${host} does not resolve`, {
        reason: 'unresolved',
        host,
      });
    }
    if (addresses.length === 0) {
      throw new RefusedDestination(`url host ${host} does not resolve`, {
        reason: 'unresolved',
        host,
      });
    }
  }
  const namedAllowed = policy.allowedHosts.some(
    (entry) => parseAddressOrRange(entry) === null && entry.toLowerCase() === host,
  );
  const ranges = policy.allowedHosts.filter((entry) => parseAddressOrRange(entry) !== null);
  const inAllowedRange = ranges.length > 0 ? addressMatcher(ranges) : () => false;
  for (const { address } of addresses) {
    const plain = plainAddress(address);
    if (plain === METADATA) {
      throw new RefusedDestination(`url host ${host} resolves to the metadata address`, {
        reason: 'metadata',
        host,
      });
    }
    if (!isPrivate(plain)) continue;
    if (policy.allowPrivate || namedAllowed || inAllowedRange(plain)) continue;
    throw new RefusedDestination(
      `url host ${host} resolves to a private or loopback address (${plain}); allow it with ALERTS_ALLOWED_HOSTS`,
      { reason: 'private', host, address: plain },
    );
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The proxy to use for a URL under HTTPS_PROXY/HTTP_PROXY and NO_PROXY, or null. */
export function proxyFor(
  url: URL,
  env: { HTTPS_PROXY?: string; HTTP_PROXY?: string; NO_PROXY?: string },
): string | null {
  const proxy = url.protocol === 'https:' ? env.HTTPS_PROXY : env.HTTP_PROXY;
  if (!proxy) return null;
  const noProxy = (env.NO_PROXY ?? '')
    .split(/[\s,]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const entry of noProxy) {
    if (entry === '*') return null;
    const [name, entryPort] = entry.startsWith('[')
      ? [entry.slice(1, entry.indexOf(']')), entry.split(']:')[1]]
      : entry.split(':');
    if (entryPort && entryPort !== port) continue;
    const bare = name.replace(/^\*?\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) return null;
  }
  return proxy;
}
