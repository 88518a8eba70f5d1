import { BlockList, isIP } from 'node:net';

export interface AddressRange {
  address: string;
  /** Prefix length; the full length (32 or 128) for a single address. */
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `10.0.0.1`, `10.0.0.0/8`, `::1` or `fd00::/8`; `null` when it is none of these. */
export function parseAddressOrRange(value: string): AddressRange | null {
  const [address, prefixText, extra] = value.trim().split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * A matcher for a list of addresses and CIDR ranges (already validated). IPv4-mapped IPv6
 * peers (`::ffff:10.0.0.1`, as a dual-stack socket reports them) match their IPv4 form.
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const range = parseAddressOrRange(entry);
    if (!range) throw new Error(`Not an address or CIDR range: ${entry}`);
    list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const version = isIP(plain);
    if (version === 0) return false;
    return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
