import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { createBoardApp } from './board-app';
import type { BoardErrorBody } from '@shared/board/entities';
import { loadBoardConfig } from './config/board-config';
import { PlatformConnection } from './connection/platform-connection';

const UNAVAILABLE: PlatformConnection = {
  available: false,
  reason: 'No platform is configured. Set PLATFORM_BASE_URL and PLATFORM_TOKEN.',
};

describe('board application shell', () => {
  let clientDir: string;

  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-client-'));
    // One bundle per language, with the same file names, as the build writes them.
    for (const [language, code] of [
      ['en', 'console.log("app")'],
      ['zh-CN', 'console.log("应用")'],
    ]) {
      fs.mkdirSync(path.join(clientDir, language));
      fs.writeFileSync(
        path.join(clientDir, language, 'index.html'),
        `<!doctype html><html lang="${language}"><head><base href="/${language}/"></head>` +
          '<body><app-root></app-root><script src="main-ABCD1234.js" type="module"></script>' +
          '</body></html>',
      );
      fs.writeFileSync(path.join(clientDir, language, 'main-ABCD1234.js'), code);
      fs.writeFileSync(path.join(clientDir, language, 'favicon.svg'), '<svg/>');
    }
  });

  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  async function start(env: Record<string, string>, connection: PlatformConnection) {
    const config = loadBoardConfig({ PORT: '0', DATA_DIR: path.join(clientDir, 'data'), ...env });
    const app = await createBoardApp(config, connection, {
      clientDir,
      logger: false,
      schedule: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address() as { port: number };
    return { app, base: `http://127.0.0.1:${address.port}` };
  }

  describe('at the root path, with no platform', () => {
    let app: NestFastifyApplication;
    let base: string;

    beforeAll(async () => ({ app, base } = await start({}, UNAVAILABLE)));
    afterAll(() => app.close());

    it('answers every API route with 503 and what to set', async () => {
      for (const route of ['/api/orgs', '/api/issues?org=acme', '/api']) {
        const response = await fetch(base + route);
        expect(response.status).toBe(503);
        const body = (await response.json()) as BoardErrorBody;
        expect(body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
        expect(body.message).toContain('PLATFORM_BASE_URL');
        expect(typeof body.request_id).toBe('string');
      }
    });

    it('serves the app for deep links, with the base href of the base path', async () => {
      const response = await fetch(`${base}/tasks?org=acme&view=list`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<base href="/">');
    });

    it("serves each language's page at the same address, by cookie, then Accept-Language", async () => {
      const page = async (headers: Record<string, string>) => {
        const response = await fetch(`${base}/tasks`, {
          headers: { accept: 'text/html', ...headers },
        });
        return { response, html: await response.text() };
      };
      const chinese = await page({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
      expect(chinese.html).toContain('<html lang="zh-CN">');
      expect(chinese.html).toContain('<script src="zh-CN/main-ABCD1234.js" type="module">');
      expect(chinese.response.headers.get('content-language')).toBe('zh-CN');
      expect(chinese.response.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');

      const english = await page({ 'accept-language': 'en-US,en;q=0.9' });
      expect(english.html).toContain('<html lang="en">');
      expect(english.html).toContain('<script src="en/main-ABCD1234.js" type="module">');
      expect(english.response.headers.get('content-language')).toBe('en');

      const chosen = await page({ 'accept-language': 'en-US', cookie: 'board_lang=zh-CN' });
      expect(chosen.html).toContain('<html lang="zh-CN">');
      expect((await page({})).html).toContain('<html lang="en">');
    });

    it("serves each language's files under its folder, and shared files at the top", async () => {
      expect(await (await fetch(`${base}/zh-CN/main-ABCD1234.js`)).text()).toBe(
        'console.log("应用")',
      );
      const icon = await fetch(`${base}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(await icon.text()).toBe('<svg/>');
    });

    it('serves hashed assets as immutable and a missing asset as a 404', async () => {
      const asset = await fetch(`${base}/en/main-ABCD1234.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(await asset.text()).toBe('console.log("app")');

      const missing = await fetch(`${base}/main-FFFF0000.js`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as BoardErrorBody).statusCode).toBe(404);
    });

    it('sends a CSP without inline script and the other security headers', async () => {
      const response = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('under BASE_PATH, with a platform', () => {
    let app: NestFastifyApplication;
    let base: string;

    beforeAll(
      async () =>
        ({ app, base } = await start(
          { BASE_PATH: '/board', PLATFORM_BASE_URL: 'http://127.0.0.1:9', PLATFORM_TOKEN: 't' },
          {
            available: true,
            mode: 'remote',
            baseUrl: 'http://127.0.0.1:9',
            token: 't',
            webUrl: 'http://127.0.0.1:9',
            gitBaseUrl: 'http://127.0.0.1:9',
          },
        )),
    );
    afterAll(() => app.close());

    it('serves the app and its assets under the sub-path', async () => {
      const page = await fetch(`${base}/board/repos`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<base href="/board/">');
      expect((await fetch(`${base}/board/main-ABCD1234.js`)).status).toBe(200);
    });

    it('answers an unknown API route with a JSON 404, not the app', async () => {
      const response = await fetch(`${base}/board/api/nothing-here`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    });

    it('answers odd paths under the API with a JSON 404 and odd file paths with a 404, never a 5xx', async () => {
      const apiPaths = [
        '/board/api/orgs///repos',
        '/board/api/orgs///credits?days=/',
        '/board/api/repos/////issues',
        '/board/api/repos/a/b/issues//',
        '/board/api//',
        '/board/api/./orgs',
        '/board/api/%2e%2e/orgs',
        '/board/api/orgs%2F..%2F..%2Fetc/repos/x',
        '/board/api/orgs/%00',
        `/board/api/${'x'.repeat(5000)}`,
      ];
      for (const apiPath of apiPaths) {
        const answer = await rawGet(base, apiPath);
        expect({ apiPath, status: answer.status }).toEqual({ apiPath, status: 404 });
        expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
      const filePaths = [
        '/board//main-ABCD1234.js',
        '/board/./main-ABCD1234.js',
        '/board/%2e%2e/%2e%2e/etc/passwd',
        '/board/..%2f..%2fetc%2fpasswd',
        '/board/main-ABCD1234.js%00',
        '/board/x/../../../etc/passwd',
        '/board/a\\..\\b.js',
      ];
      for (const filePath of filePaths) {
        const answer = await rawGet(base, filePath, 'application/javascript');
        expect({ filePath, status: answer.status }).toEqual({ filePath, status: 404 });
        expect(answer.body).not.toContain('root:');
      }
    });

    it('does not serve the app outside the sub-path', async () => {
      const response = await fetch(`${base}/tasks`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
    });
  });
});

/** A GET with the path sent as written (fetch would normalize dot segments and encodings). */
function rawGet(
  base: string,
  requestPath: string,
  accept = 'application/json',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { path: requestPath, headers: { accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
