import {
  checkDestination,
  maskUrl,
  plainAddress,
  proxyFor,
  type DestinationPolicy,
  type Resolver,
} from './destination';

const table: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'mixed.example': ['93.184.216.34', '10.0.0.7'],
  'mapped.example': ['::ffff:192.168.1.1'],
  'v6.example': ['fd12::1'],
  'metadata.example': ['169.254.169.254'],
  'inside.corp': ['10.20.0.5'],
};
const resolve: Resolver = (host) =>
  Promise.resolve(
    (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
const strict: DestinationPolicy = { allowHttp: false, allowPrivate: false, allowedHosts: [] };

async function refusal(url: string, policy = strict): Promise<string | null> {
  try {
    await checkDestination(url, policy, resolve);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('checkDestination', () => {
  it('passes a public https host and pins its address', async () => {
    const checked = await checkDestination('https://public.example/hook', strict, resolve);
    expect(checked).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('refuses http unless allowed, and every private form of an address', async () => {
    expect(await refusal('http://public.example/hook')).toBe('url must be an https:// URL');
    for (const url of [
      'https://mixed.example/',
      'https://mapped.example/',
      'https://v6.example/',
      'https://[::1]/',
      'https://[::ffff:7f00:1]/',
      'https://[fe80::1]/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://172.16.3.4/',
      'https://nowhere.example/',
    ]) {
      expect({ url, refused: (await refusal(url))?.startsWith('url ') }).toEqual({
        url,
        refused: true,
      });
    }
  });

  it('allows private hosts by name, by range or by the global switch, never the metadata address', async () => {
    const byName = { ...strict, allowedHosts: ['inside.corp'] };
    expect(await refusal('https://inside.corp/', byName)).toBeNull();
    expect(await refusal('https://10.20.0.5/', byName)).not.toBeNull();
    const byRange = { ...strict, allowedHosts: ['10.20.0.0/16'] };
    expect(await refusal('https://inside.corp/', byRange)).toBeNull();
    expect(await refusal('https://mixed.example/', byRange)).not.toBeNull();
    const open = { ...strict, allowPrivate: true };
    expect(await refusal('https://127.0.0.1/', open)).toBeNull();
    expect(await refusal('https://169.254.169.254/', open)).toContain('metadata');
    expect(
      await refusal('https://metadata.example/', { ...open, allowedHosts: ['metadata.example'] }),
    ).toContain('metadata');
    expect(await refusal('https://[::ffff:169.254.169.254]/', open)).toContain('metadata');
  });
});

describe('plainAddress, maskUrl and proxyFor', () => {
  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(plainAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(plainAddress('::ffff:a01:203')).toBe('10.1.2.3');
    expect(plainAddress('fd00::1')).toBe('fd00::1');
  });

  it('masks a URL to its scheme and host', () => {
    expect(maskUrl('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=SECRET')).toBe(
      'https://qyapi.weixin.qq.com',
    );
  });

  it('honours HTTPS_PROXY and NO_PROXY', () => {
    const env = {
      HTTPS_PROXY: 'http://proxy:3128',
      NO_PROXY: 'localhost,.corp.example,10.0.0.1:8443',
    };
    expect(proxyFor(new URL('https://hooks.slack.com/x'), env)).toBe('http://proxy:3128');
    expect(proxyFor(new URL('https://a.corp.example/x'), env)).toBeNull();
    expect(proxyFor(new URL('https://corp.example/x'), env)).toBeNull();
    expect(proxyFor(new URL('https://10.0.0.1:8443/x'), env)).toBeNull();
    expect(proxyFor(new URL('https://10.0.0.1/x'), env)).toBe('http://proxy:3128');
    expect(proxyFor(new URL('http://hooks.slack.com/x'), env)).toBeNull();
    expect(proxyFor(new URL('https://x.example/'), { ...env, NO_PROXY: '*' })).toBeNull();
  });
});
