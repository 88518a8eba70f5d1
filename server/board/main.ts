import 'reflect-metadata';
import { ConsoleLogger, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { configOrExit } from '../common/config/env';
import { stopOnSignals } from '../common/stop-on-signals';
import { createBoardApp } from './board-app';
import { BoardConfig, loadBoardConfig } from './config/board-config';
import { connectPlatform } from './connection/connect-platform';
import { GcWhenQuiet } from './ops/gc-when-quiet';

/** How often the board checks whether it is quiet enough to give memory back. */
const IDLE_CHECK_MS = 5000;

/** The board's entry: `npm start` runs this after building what is stale. */
async function main(): Promise<void> {
  // JSON lines when the output goes to a log collector, readable lines on a terminal.
  const appLogger = new ConsoleLogger({
    json: !process.stdout.isTTY,
    colors: process.stdout.isTTY,
  });
  Logger.overrideLogger(appLogger);
  const logger = new Logger('Board');
  let config: BoardConfig = configOrExit(() => loadBoardConfig(process.env));

  const demo = config.platform.mode === 'demo';
  if (demo && !config.adminToken) {
    config = { ...config, adminToken: randomBytes(24).toString('base64url') };
  }

  const { connection, forge } = await connectPlatform(config, process.env);
  if (!connection.available) logger.warn(connection.reason);

  const app = await createBoardApp(config, connection, { logger: appLogger });
  await app.listen({ port: config.port, host: config.host });
  collectWhenIdle();

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost}:${config.port}${config.basePath}`;
  logger.log(`NPC Board is ready at ${url}`);
  if (connection.available) logger.log(`Platform: ${connection.baseUrl} (${connection.mode})`);
  if (demo && config.adminToken) logger.log(`Admin token for this run: ${config.adminToken}`);

  stopOnSignals(
    async () => {
      await app.close();
      await forge?.stop();
    },
    logger,
    { server: app.getHttpServer() },
  );
}

/**
 * Gives back what start-up and later bursts of work leave in the heap once the board is
 * quiet (`GcWhenQuiet`). `gc` exists when the board runs with `--expose-gc`, one of the
 * flags in `scripts/board-node-flags.mjs`; without it nothing is collected by hand.
 */
function collectWhenIdle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) new GcWhenQuiet(gc).start(IDLE_CHECK_MS);
}

void main();
