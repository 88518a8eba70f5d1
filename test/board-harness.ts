import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createBoardApp, type BoardAppOptions } from '../server/board/board-app';
import { loadBoardConfig } from '../server/board/config/board-config';
import type { PlatformClientOptions } from '../server/board/platform/platform.options';
import { ManualClock } from '../server/common/clock';
import { BackgroundReads } from '../server/board/sync/background-reads';
import { UpstreamBudget } from '../server/board/budget/upstream-budget';
import { PENDING_HEADER } from '@shared/board/entities';

export interface RunningBoard {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  app: NestFastifyApplication;
  /** The board's clock; move it to expire caches or reach the next snapshot hour. */
  clock: ManualClock;
  dataDir: string;
  /** A service or provider of the running board (e.g. SnapshotService). */
  get<T>(token: abstract new (...args: never[]) => T): T;
  /**
   * GET `path` (under the board's URL) as a page does: while the answer names pending
   * enrichments (`X-Board-Pending`), wait for the board's background reads and ask again.
   */
  settled(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Platform calls this board has made since it started (every attempt asks its budget
   * first), counted once its background reads are done. Unlike the forge's request count,
   * it leaves out other boards sharing the forge.
   */
  callsMade(): Promise<number>;
  stop(): Promise<void>;
}

export interface BoardHarnessOptions {
  /** Extra environment variables for the board's configuration. */
  env?: Record<string, string>;
  /** Start time of the board's clock. */
  now?: string | Date;
  /** The board's clock, e.g. one shared with a harness forge (then `now` is ignored). */
  clock?: ManualClock;
  /** Platform client settings (e.g. an injected `sleep`). */
  platform?: Partial<PlatformClientOptions>;
  /** Start the snapshot schedule and the start-up snapshot (default false: tests drive runs). */
  schedule?: boolean;
  /** Alert name resolution and retry jitter. */
  alerts?: BoardAppOptions['alerts'];
}

/**
 * Start the board in this process against a platform (normally a harness forge), on a
 * free port, with a temporary DATA_DIR, a manual clock and (unless asked) no snapshot schedule.
 */
export async function startBoard(
  platform: { baseUrl: string; token: string },
  options: BoardHarnessOptions = {},
): Promise<RunningBoard> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-e2e-'));
  const config = loadBoardConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    PLATFORM_BASE_URL: platform.baseUrl,
    PLATFORM_TOKEN: platform.token,
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(options.now ?? new Date());
  const connection = {
    available: true as const,
    mode: 'remote' as const,
    baseUrl: platform.baseUrl,
    token: platform.token,
    webUrl: platform.baseUrl,
    gitBaseUrl: platform.baseUrl,
  };
  const app = await createBoardApp(config, connection, {
    logger: false,
    clock,
    schedule: options.schedule ?? false,
    platform: options.platform,
    alerts: options.alerts,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    clock,
    dataDir,
    get: (token) => app.get(token),
    settled: async (target, init) => {
      const reads = app.get(BackgroundReads);
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`http://127.0.0.1:${port}${target}`, init);
        if (!response.headers.has(PENDING_HEADER)) return response;
        if (attempt === 20) {
          const named = response.headers.get(PENDING_HEADER);
          throw new Error(`${target} still names ${named} pending after ${attempt} reads`);
        }
        await response.arrayBuffer();
        await reads.idle();
      }
    },
    callsMade: async () => {
      await app.get(BackgroundReads).idle();
      return app.get(UpstreamBudget).counts.made;
    },
    stop: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
