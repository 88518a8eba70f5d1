/**
 * Forge harness for integration and end-to-end suites.
 *
 *   const forge = await startForge();            // seeded demo data, random free port
 *   const client = forgeClient(forge);           // a PlatformTestClient, admin token
 *   await forge.requestCount({ route: '/:org/-/issues' });
 *   await forge.stop();
 *
 * The forge runs in this process (createForgeApp), in a fresh temporary DATA_DIR copied
 * from a seeded template. The template is built once per seed epoch and code version
 * (cached under the OS temp folder, keyed by a hash of the forge sources and the epoch),
 * so a jest run seeds once however many forges its suites start.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { PlatformTestClient } from './platform-test-client';
import { PlatformHttp } from '../server/board/platform/platform-http';
import type { PlatformClientOptions } from '../server/board/platform/platform.options';
import { projectRoot } from '../server/common/project-root';
import type { Clock, RandomSource } from '../server/forge/common/clock';
import { type Scope, ALL_SCOPES } from '../server/forge/access/scopes';
import type { ForgeConfig } from '../server/forge/config/forge-config';
import { createForgeApp, forgeAdminToken } from '../server/forge/forge-app';
import { GitRunner } from '../server/forge/git/git-runner';
import { OrgsService } from '../server/forge/orgs/orgs.service';
import { UsersService } from '../server/forge/users/users.service';

export interface StartForgeOptions {
  /** `demo` (default): the seeded template; `none`: an empty forge with only the admin user. */
  seed?: 'demo' | 'none';
  /** The instant the demo is built around; default: the start of the current UTC hour. */
  seedEpoch?: Date;
  /** FORGE_RATE_LIMIT, FORGE_LATENCY_MS, FORGE_FAULT_RATE. */
  rateLimit?: number;
  latencyMs?: number;
  faultRate?: number;
  /** FORGE_ADMIN_TOKEN; default: generated into the data folder. */
  adminToken?: string;
  /** FORGE_UPLOAD_QUOTA_BYTES, FORGE_UPLOAD_MAX_FILES, FORGE_MAX_PUSH_BYTES, FORGE_PROTECT_DEFAULT_BRANCH, FORGE_EXTENSIONS. */
  uploadQuotaBytes?: number;
  uploadMaxFiles?: number;
  maxPushBytes?: number;
  protectDefaultBranch?: boolean;
  extensions?: boolean;
  /** Injected clock (rate-limit windows, timestamps of writes) and randomness (faults). */
  clock?: Clock;
  random?: RandomSource;
}

export interface HarnessForge {
  baseUrl: string;
  adminToken: string;
  /** DATA_DIR of this forge (its files are under `<dataDir>/forge`). */
  dataDir: string;
  /** Epoch of the demo data, or null without a seed. */
  seedEpoch: Date | null;
  /** The running application, for suites that drive a service directly (e.g. the simulator). */
  app: NestFastifyApplication;
  /** Request counters from `/metrics`, keyed `METHOD route status`, e.g. `GET /:org/-/issues 200`. */
  metrics(): Promise<Map<string, number>>;
  /** Requests counted so far, optionally only those of a route pattern, method or status. */
  requestCount(filter?: { route?: string; method?: string; status?: number }): Promise<number>;
  /** Create a user (optionally an NPC). */
  createUser(username: string, options?: { npc?: boolean }): void;
  /** Issue a token for a user (default: every scope). */
  createToken(username: string, scopes?: readonly Scope[]): string;
  /** Give a user a role in an organization. */
  setRole(
    org: string,
    username: string,
    role: 'Guest' | 'Reporter' | 'Developer' | 'Master' | 'Owner',
  ): void;
  /** How many git processes the forge has started so far (hostile-input tests assert none). */
  gitSpawns(): number;
  /** Stop the forge and delete its data. */
  stop(): Promise<void>;
}

const TEMPLATE_ROOT = path.join(os.tmpdir(), 'npc-board-forge-templates');
const HOUR_MS = 3_600_000;
const templates = new Map<string, Promise<string>>();

/** Start a forge on a free loopback port. */
export async function startForge(options: StartForgeOptions = {}): Promise<HarnessForge> {
  const seed = options.seed ?? 'demo';
  const seedEpoch =
    seed === 'demo'
      ? (options.seedEpoch ?? new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS))
      : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-test-'));
  if (seedEpoch)
    fs.cpSync(await template(seedEpoch), path.join(dataDir, 'forge'), { recursive: true });

  let app: NestFastifyApplication | null = null;
  let baseUrl = '';
  for (let attempt = 0; !app; attempt++) {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const candidate = await createForgeApp(harnessConfig(dataDir, port, seed, seedEpoch, options), {
      logger: false,
      clock: options.clock,
      random: options.random,
    });
    try {
      await candidate.listen({ port, host: '127.0.0.1' });
      app = candidate;
    } catch (error) {
      await candidate.close();
      if (attempt >= 3 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  const running = app;

  const metrics = async (): Promise<Map<string, number>> =>
    parseMetrics(await (await fetch(`${baseUrl}/metrics`)).text());
  return {
    baseUrl,
    adminToken: forgeAdminToken(running),
    dataDir,
    seedEpoch,
    app: running,
    metrics,
    requestCount: async (filter = {}) => {
      let total = 0;
      for (const [key, value] of await metrics()) {
        const [method, route, status] = key.split(' ');
        if (filter.route !== undefined && route !== filter.route) continue;
        if (filter.method !== undefined && method !== filter.method) continue;
        if (filter.status !== undefined && Number(status) !== filter.status) continue;
        total += value;
      }
      return total;
    },
    createUser: (username, userOptions = {}) => {
      running.get(UsersService).create({ username, isNpc: userOptions.npc ?? false });
    },
    createToken: (username, scopes = ALL_SCOPES) =>
      running.get(UsersService).addToken(username, scopes, 'harness'),
    setRole: (org, username, role) => running.get(OrgsService).setRole(org, username, role),
    gitSpawns: () => running.get(GitRunner).spawnCount,
    stop: async () => {
      // A test is over when its stop is called: a keep-alive connection a client still
      // holds (a large upload's, say) must not keep the server from closing.
      running.getHttpServer().closeAllConnections();
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The board's platform client pointed at a harness forge (no retries, so errors surface at once). */
export function forgeClient(
  forge: HarnessForge,
  token = forge.adminToken,
  options: Partial<PlatformClientOptions> = {},
): PlatformTestClient {
  return new PlatformTestClient(
    new PlatformHttp({
      baseUrl: forge.baseUrl,
      token,
      gitBaseUrl: forge.baseUrl,
      retries: 0,
      // Tests check answers, not speed: on a loaded machine a forge read (the demo's
      // repository list reads every repository's git history) can pass the board's
      // 10-second production timeout.
      timeoutMs: 60_000,
      ...options,
    }),
  );
}

function harnessConfig(
  dataDir: string,
  port: number,
  seed: 'demo' | 'none',
  seedEpoch: Date | null,
  options: StartForgeOptions,
): ForgeConfig {
  return {
    port,
    host: '127.0.0.1',
    dataRoot: path.join(dataDir, 'forge'),
    seed,
    adminToken: options.adminToken ?? null,
    publicUrl: `http://127.0.0.1:${port}`,
    seedEpoch,
    simulate: false,
    simulateIntervalMs: 180_000,
    latencyMs: options.latencyMs ?? 0,
    faultRate: options.faultRate ?? 0,
    rateLimit: options.rateLimit ?? 0,
    uploadQuotaBytes: options.uploadQuotaBytes ?? 1024 * 1024 * 1024,
    uploadMaxFiles: options.uploadMaxFiles ?? 1000,
    maxPushBytes: options.maxPushBytes ?? 512 * 1024 * 1024,
    protectDefaultBranch: options.protectDefaultBranch ?? true,
    extensions: options.extensions ?? true,
  };
}

/** The seeded template folder for an epoch, built on first use (safe across jest workers). */
function template(epoch: Date): Promise<string> {
  const key = `${sourceHash()}-${epoch.toISOString().replace(/[:.]/g, '')}`;
  let pending = templates.get(key);
  if (!pending) {
    pending = buildTemplate(path.join(TEMPLATE_ROOT, key), epoch);
    templates.set(key, pending);
  }
  return pending;
}

async function buildTemplate(target: string, epoch: Date): Promise<string> {
  if (fs.existsSync(path.join(target, 'forge.sqlite'))) return target;
  fs.mkdirSync(TEMPLATE_ROOT, { recursive: true });
  removeStaleTemplates();
  const work = fs.mkdtempSync(path.join(TEMPLATE_ROOT, 'building-'));
  const app = await createForgeApp(harnessConfig(work, 0, 'demo', epoch, {}), { logger: false });
  await app.close();
  try {
    // Another worker may have finished first; a rename onto an existing folder fails, which is fine.
    fs.renameSync(path.join(work, 'forge'), target);
  } catch (error) {
    if (!fs.existsSync(path.join(target, 'forge.sqlite'))) throw error;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return target;
}

/** Templates older than a day belong to past runs. */
function removeStaleTemplates(): void {
  const cutoff = Date.now() - 24 * HOUR_MS;
  for (const entry of fs.readdirSync(TEMPLATE_ROOT)) {
    const full = path.join(TEMPLATE_ROOT, entry);
    try {
      if (fs.statSync(full).mtimeMs < cutoff) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed by another worker meanwhile.
    }
  }
}

let cachedHash: string | null = null;

/** Hash of the forge's and the shared contract's sources: a code change means a new template. */
function sourceHash(): string {
  if (cachedHash) return cachedHash;
  const hash = createHash('sha256');
  for (const dir of ['server/forge', 'shared/platform']) {
    const root = path.join(projectRoot(), dir);
    const files = fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter(
        (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'),
      )
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file).update(fs.readFileSync(file));
  }
  cachedHash = hash.digest('hex').slice(0, 16);
  return cachedHash;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `forge_http_requests_total{route="…",method="…",status="…"} n` lines → `METHOD route status` → n. */
export function parseMetrics(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^forge_http_requests_total\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    counts.set(`${labels['method']} ${labels['route']} ${labels['status']}`, Number(match[2]));
  }
  return counts;
}
