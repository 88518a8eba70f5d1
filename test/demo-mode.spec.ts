import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Organization } from '@shared/board/entities';
import { buildServerIfStale } from './build-server';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

describe('demo mode (npm start without PLATFORM_BASE_URL)', () => {
  let dataDir: string;
  let board: ChildProcess;
  let boardUrl: string;
  let forgeUrl: string;
  let output = '';

  // A board of its own for each test: one of them stops it.
  beforeEach(async () => {
    buildServerIfStale();
    output = '';
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-demo-'));
    const [port, forgePort] = [await freePort(), await freePort()];
    boardUrl = `http://127.0.0.1:${port}`;
    forgeUrl = `http://127.0.0.1:${forgePort}`;
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TZ: 'UTC' };
    Object.assign(env, {
      PORT: String(port),
      FORGE_PORT: String(forgePort),
      DATA_DIR: dataDir,
      FORGE_SIMULATE: 'off',
    });
    board = spawn(process.execPath, [path.join(__dirname, '../dist/server/server/board/main.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    board.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    board.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(() => answers(`${boardUrl}/healthz`), 90_000);
  }, 180_000);

  afterEach(async () => {
    if (board.exitCode === null && board.signalCode === null) {
      const exited = new Promise((resolve) => board.once('exit', resolve));
      board.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the forge with the demo seed and serves its organizations', async () => {
    // The forge is up; right after the board starts it may be busy with the board's start-up
    // reads for a second or so, so it is given a few seconds to answer.
    await expect(waitUntil(() => answers(`${forgeUrl}/healthz`), 10_000)).resolves.toBeUndefined();
    const response = await fetch(`${boardUrl}/api/orgs`);
    expect(response.status).toBe(200);
    const orgs = (await response.json()) as Organization[];
    expect(orgs).toHaveLength(10);
    expect(orgs.every((org) => org.repo_count >= 3 && !org.error)).toBe(true);
    // The start-up snapshot is recorded before the board listens: balances from the first answer.
    expect(orgs.filter((org) => typeof org.credits_balance === 'number')).toHaveLength(10);
    expect(output).toContain('Admin token for this run:');
    expect(fs.statSync(path.join(dataDir, 'forge', 'admin-token')).mode & 0o777).toBe(0o600);
  });

  it('stops its forge when it exits', async () => {
    const exited = new Promise<number | null>((resolve) => board.once('exit', resolve));
    board.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitUntil(async () => !(await answers(`${forgeUrl}/healthz`)), 10_000);
    expect(await answers(`${forgeUrl}/healthz`)).toBe(false);
  }, 30_000);
});
