import Fastify, { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESS_FROM_BYTES, negotiateEncoding } from '../common/compression';
import { appFilePath, registerCompression, registerStaticAssets } from './static-assets';

describe('negotiateEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
  ])('%p → %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('appFilePath', () => {
  it.each([
    ['/main-AB12CD34.js', '/', 'main-AB12CD34.js'],
    [
      '/media/roboto-latin-500-normal-AB12CD34.woff2?v=1',
      '/',
      'media/roboto-latin-500-normal-AB12CD34.woff2',
    ],
    ['/board/favicon.svg', '/board/', 'favicon.svg'],
  ])('%p under %p names %p', (url, prefix, file) => {
    expect(appFilePath(url, prefix)).toBe(file);
  });

  it.each([
    ['/api/orgs///repos', '/'],
    ['/api/app.js', '/'],
    ['/board/api/x.js', '/board/'],
    ['/main.js', '/board/'],
    ['/tasks', '/'],
    ['/', '/'],
    ['//main.js', '/'],
    ['/a//main.js', '/'],
    ['/./main.js', '/'],
    ['/../etc/passwd.txt', '/'],
    ['/%2e%2e/etc/passwd.txt', '/'],
    ['/..%2fetc%2fpasswd.txt', '/'],
    ['/main.js%00', '/'],
    ['/a\\b.js', '/'],
    ['/.env.js', '/'],
    [`/${'a'.repeat(300)}.js`, '/'],
  ])('%p under %p names no file', (url, prefix) => {
    expect(appFilePath(url, prefix)).toBeNull();
  });
});

describe('static assets and compression', () => {
  let dir: string;
  let server: FastifyInstance;
  const script = 'console.log("a line of the app");\n'.repeat(200);
  const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `issue ${i}` })) };
  let encodedAnswers = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
    writeFileSync(join(dir, 'main-AB12CD34.js'), script);
    // Marked so the test sees which file went out.
    writeFileSync(join(dir, 'main-AB12CD34.js.br'), brotliCompressSync(`${script}//br`));
    writeFileSync(join(dir, 'main-AB12CD34.js.gz'), gzipSync(`${script}//gz`));
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'chunk-8G0i-8VU.js'), 'export {};');
    writeFileSync(join(dir, 'chunk-C_YyQ92m.js'), 'export {};');
    writeFileSync(join(dir, 'first-screen.js'), 'export {};');
    server = Fastify();
    registerCompression(server);
    await registerStaticAssets(server, dir, '/');
    server.get('/api/large', () => Promise.resolve(large));
    server.get('/api/small', () => Promise.resolve({ ok: true }));
    server.get('/api/encoded', async (_request, reply) => {
      encodedAnswers += 1;
      return reply
        .header('content-type', 'application/json')
        .header('content-encoding', 'gzip')
        .send(gzipSync(JSON.stringify(large)));
    });
    await server.ready();
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the precompressed file the client accepts, typed as the original, cached for a year', async () => {
    const br = await get('/main-AB12CD34.js', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}//br`);

    const gz = await get('/main-AB12CD34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}//gz`);

    const plain = await get('/main-AB12CD34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
    expect(plain.headers['vary']).toMatch(/accept-encoding/);
  });

  it('caches chunks named with URL-safe base64 hashes for a year, and unhashed names not', async () => {
    for (const name of ['chunk-8G0i-8VU.js', 'chunk-C_YyQ92m.js']) {
      expect((await get(`/${name}`)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    expect((await get('/first-screen.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with the not-found handler', async () => {
    const missing = await get('/chunk-NOTTHERE.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('hands paths that cannot name a file to the not-found handler instead of refusing them', async () => {
    for (const url of ['//main-AB12CD34.js', '/api/orgs///repos', '/%2e%2e/x.js', '/main.js%00']) {
      const answer = await get(url, 'br, gzip');
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('sends a file without compressed copies as it is, revalidated when unhashed', async () => {
    const svg = await get('/favicon.svg', 'br, gzip');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('compresses answers made in memory from the threshold up, brotli first', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get('/api/large', accept);
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(answer.headers['vary']).toMatch(/accept-encoding/);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      const body =
        expected === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
      expect(JSON.parse(body.toString())).toEqual(large);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(JSON.stringify(large).length / 4);
    }
    // The same answer again comes from the kept copy, byte for byte.
    const again = await get('/api/large', 'br, gzip');
    expect(again.rawPayload.equals((await get('/api/large', 'br')).rawPayload)).toBe(true);

    const plain = await get('/api/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
  });

  it('leaves small answers and answers already encoded alone', async () => {
    const small = await get('/api/small', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const encoded = await get('/api/encoded', 'br, gzip');
    expect(encodedAnswers).toBe(1);
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString())).toEqual(large);
  });
});
