import { expect } from '@jest/globals';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { UploadResponse } from '@shared/platform/types';
import {
  PlatformForbiddenError,
  PlatformInvalidError,
  PlatformNotFoundError,
} from '../../server/board/platform/platform.errors';
import type { PlatformTestClient } from '../platform-test-client';
import { ManualClock } from '../../server/forge/common/clock';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(24, 1),
]);

/** PUT bytes to an upload URL as a browser would (no token: the URL's signature is the credential). */
function put(url: string, body: Buffer, contentType = 'application/octet-stream') {
  return fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
}

describe('forge: uploads', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;
  let outsider: PlatformTestClient;
  let developer: PlatformTestClient;
  let developerToken: string;
  let clock: ManualClock;

  // A fresh forge and clock per test: a test that lets upload URLs expire leaves no trace.
  beforeEach(async () => {
    clock = new ManualClock(new Date());
    forge = await startForge({ seed: 'none', clock });
    admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    await admin.createRepo('acme', { name: 'app', visibility: 'private' });
    forge.createUser('outsider');
    outsider = forgeClient(forge, forge.createToken('outsider'));
    forge.createUser('dev');
    forge.setRole('acme', 'dev', 'Developer');
    developerToken = forge.createToken('dev');
    developer = forgeClient(forge, developerToken);
  });
  afterEach(() => forge.stop());

  it('round-trips a file: signed URL, PUT, GET at the asset path, one PUT only', async () => {
    const ticket = await admin.createUploadUrl('acme/web', 'files', {
      name: 'report.txt',
      size: 11,
    });
    expect(ticket.upload_url.startsWith(`${forge.baseUrl}/-/uploads/`)).toBe(true);
    expect(ticket.assets).toMatchObject({
      name: 'report.txt',
      size: 11,
      content_type: 'text/plain; charset=utf-8',
    });
    expect(ticket.assets.path).toMatch(/^\/acme\/web\/-\/files\/[0-9a-f]{32}\/report\.txt$/);
    await admin.uploadBytes(ticket.upload_url, Buffer.from('hello world'));
    const served = await fetch(forge.baseUrl + ticket.assets.path);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('hello world');
    expect(served.headers.get('content-disposition')).toContain('attachment');
    const again = await put(ticket.upload_url, Buffer.from('hello again'));
    expect(again.status).toBe(409);
    const key = ticket.assets.path.split('/')[5];
    expect(fs.existsSync(path.join(forge.dataDir, 'forge', 'uploads', 'files', key))).toBe(true);
  });

  it('streams bodies past the JSON limit, whatever their content type', async () => {
    const size = 3 * 1024 * 1024;
    const ticket = await admin.createUploadUrl('acme/web', 'files', { name: 'data.json', size });
    const response = await put(ticket.upload_url, Buffer.alloc(size, 0x20), 'application/json');
    expect(response.status).toBe(200);
    const served = await fetch(forge.baseUrl + ticket.assets.path);
    expect(Number(served.headers.get('content-length'))).toBe(size);
    expect((await served.arrayBuffer()).byteLength).toBe(size);
  });

  it('enforces the declared size, the size limit and the signature', async () => {
    const ticket = await admin.createUploadUrl('acme/web', 'files', { name: 'a.bin', size: 5 });
    expect((await put(ticket.upload_url, Buffer.alloc(6))).status).toBe(400);
    expect((await put(ticket.upload_url, Buffer.alloc(4))).status).toBe(400);
    expect((await fetch(forge.baseUrl + ticket.assets.path)).status).toBe(404);
    expect((await put(ticket.upload_url, Buffer.alloc(5))).status).toBe(200);
    await expect(
      admin.createUploadUrl('acme/web', 'files', { name: 'huge.bin', size: 200 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(PlatformInvalidError);
    await expect(
      admin.createUploadUrl('acme/web', 'files', { name: '../etc/passwd', size: 5 }),
    ).rejects.toBeInstanceOf(PlatformInvalidError);
    const other = await admin.createUploadUrl('acme/web', 'files', { name: 'b.bin', size: 5 });
    const tampered = other.upload_url.replace(/token=([^.]+)\./, 'token=$1x.');
    expect((await put(tampered, Buffer.alloc(5))).status).toBe(403);
    const [, key] = /uploads\/([0-9a-f]+)/.exec(ticket.upload_url) as RegExpExecArray;
    const swapped = other.upload_url.replace(/uploads\/[0-9a-f]+/, `uploads/${key}`);
    expect((await put(swapped, Buffer.alloc(5))).status).toBe(403);
    clock.advance(16 * 60_000);
    expect((await put(other.upload_url, Buffer.alloc(5))).status).toBe(403);
  });

  it('checks images by their content, and never accepts SVG', async () => {
    const ticket = await admin.createUploadUrl('acme/web', 'imgs', {
      name: 'shot.png',
      size: PNG.length,
    });
    expect(ticket.assets.path).toMatch(/^\/acme\/web\/-\/imgs\/[0-9a-f]{32}\/shot\.png$/);
    expect((await put(ticket.upload_url, Buffer.alloc(PNG.length, 0x41))).status).toBe(400);
    expect((await put(ticket.upload_url, PNG, 'image/png')).status).toBe(200);
    const served = await fetch(forge.baseUrl + ticket.assets.path);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    for (const name of ['evil.svg', 'notes.txt'])
      await expect(
        admin.createUploadUrl('acme/web', 'imgs', { name, size: 10 }),
      ).rejects.toBeInstanceOf(PlatformInvalidError);
  });

  it('deletes file uploads for the uploader or a Reporter, images for a Master', async () => {
    const file = await developer.createUploadUrl('acme/web', 'files', {
      name: 'mine.txt',
      size: 3,
    });
    await developer.uploadBytes(file.upload_url, Buffer.from('abc'));
    const image = await admin.createUploadUrl('acme/web', 'imgs', {
      name: 'p.png',
      size: PNG.length,
    });
    await admin.uploadBytes(image.upload_url, PNG);
    const [, , , , , fileKey, fileName] = file.assets.path.split('/');
    const [, , , , , imageKey, imageName] = image.assets.path.split('/');

    forge.createUser('passer-by');
    const passerBy = forgeClient(forge, forge.createToken('passer-by'));
    await expect(passerBy.deleteAttachment('acme/web', fileKey, fileName)).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    // An image below the Master role, or a path that is no upload at all, is refused.
    const byDeveloper = await call(forge, 'DELETE', `/acme/web/-/imgs/${imageKey}/${imageName}`, {
      token: developerToken,
    });
    expect(byDeveloper.status).toBe(403);
    expect((await call(forge, 'DELETE', '/acme/web/-/files/README.md')).status).toBe(400);
    await expect(admin.deleteAttachment('acme/web', imageKey, imageName)).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
    await developer.deleteAttachment('acme/web', fileKey, fileName);
    expect((await fetch(forge.baseUrl + file.assets.path)).status).toBe(404);
    expect((await fetch(forge.baseUrl + image.assets.path)).status).toBe(200);
    const byMaster = await call(forge, 'DELETE', `/acme/web/-/imgs/${imageKey}/${imageName}`);
    expect([byMaster.status, byMaster.text]).toEqual([200, '']);
    expect((await fetch(forge.baseUrl + image.assets.path)).status).toBe(404);
  });

  it('refuses uploads below the Developer role (7), even to a public repository', async () => {
    forge.createUser('guest');
    forge.setRole('acme', 'guest', 'Reporter');
    const reporter = forgeClient(forge, forge.createToken('guest'));
    for (const client of [outsider, reporter]) {
      for (const kind of ['files', 'imgs'] as const) {
        const refused = client.createUploadUrl('acme/web', kind, { name: 'x.png', size: 1 });
        await expect(refused).rejects.toBeInstanceOf(PlatformForbiddenError);
        await expect(refused).rejects.toMatchObject({
          message: expect.stringContaining('Developer'),
        });
      }
    }
    const ticket = await developer.createUploadUrl('acme/web', 'files', {
      name: 'ok.txt',
      size: 2,
    });
    expect((await put(ticket.upload_url, Buffer.from('ok'))).status).toBe(200);
  });

  it('keeps private uploads private', async () => {
    const ticket: UploadResponse = await admin.createUploadUrl('acme/app', 'files', {
      name: 'secret.txt',
      size: 2,
    });
    await admin.uploadBytes(ticket.upload_url, Buffer.from('ok'));
    expect((await fetch(forge.baseUrl + ticket.assets.path)).status).toBe(401);
    const withToken = await call(forge, 'GET', ticket.assets.path);
    expect(withToken.text).toBe('ok');
    await expect(
      outsider.createUploadUrl('acme/app', 'files', { name: 'x.txt', size: 1 }),
    ).rejects.toBeInstanceOf(PlatformForbiddenError);
  });
});

describe('forge: upload quota per repository', () => {
  let forge: HarnessForge;
  let admin: PlatformTestClient;

  beforeAll(async () => {
    forge = await startForge({ seed: 'none', uploadQuotaBytes: 10, uploadMaxFiles: 3 });
    admin = forgeClient(forge);
    await admin.createGroup({ path: 'acme' });
    await admin.createRepo('acme', { name: 'web', visibility: 'public' });
    await admin.createRepo('acme', { name: 'other', visibility: 'public' });
  });
  afterAll(() => forge.stop());

  const request = (repo: string, name: string, size: number) =>
    call(forge, 'POST', `/${repo}/-/upload/files`, { body: { name, size } });

  it('answers 413 with a message past the byte quota, counting URLs handed out but not yet used', async () => {
    const first = (await request('acme/web', 'a.bin', 6)).body as UploadResponse;
    const second = (await request('acme/web', 'b.bin', 4)).body as UploadResponse;
    expect((await put(first.upload_url, Buffer.alloc(6))).status).toBe(200);
    const over = await request('acme/web', 'c.bin', 5);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ errcode: 413, errmsg: expect.stringContaining('quota') });
    // A URL issued before the quota filled is checked again when its bytes arrive.
    const late = (await request('acme/web', 'd.bin', 4)).body as UploadResponse;
    expect((await put(second.upload_url, Buffer.alloc(4))).status).toBe(200);
    const refused = await put(late.upload_url, Buffer.alloc(4));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { errmsg: string }).errmsg).toContain('quota');
    expect((await fetch(forge.baseUrl + late.assets.path)).status).toBe(404);
    // The quota is per repository.
    expect((await request('acme/other', 'e.bin', 5)).status).toBe(200);
  });

  it('answers 413 past the file count', async () => {
    for (const name of ['1', '2', '3']) {
      const ticket = (await request('acme/other', `${name}.txt`, 1)).body as UploadResponse;
      expect((await put(ticket.upload_url, Buffer.from('x'))).status).toBe(200);
    }
    const over = await request('acme/other', '4.txt', 1);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ errmsg: expect.stringContaining('attachments') });
  });
});
