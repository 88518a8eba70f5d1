import 'reflect-metadata';
import { ConsoleLogger, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { configOrExit } from '../common/config/env';
import { createBoardApp } from './board-app';
import { BoardConfig, loadBoardConfig } from './config/board-config';
import { connectPlatform } from './connection/connect-platform';

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
  releaseStartupGarbage();

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost}:${config.port}${config.basePath}`;
  logger.log(`NPC Board is ready at ${url}`);
  if (connection.available) logger.log(`Platform: ${connection.baseUrl} (${connection.mode})`);
  if (demo && config.adminToken) logger.log(`Admin token for this run: ${config.adminToken}`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, stopping`);
    await app.close();
    await forge?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * Start-up (module loading, dependency injection, the OpenAPI scan) grows the young
 * generation to its largest size (16 MB with the board's flags) and leaves garbage in the
 * old one; an idle board allocates too little for V8 ever to give either back. One full
 * collection a few seconds after listening does: V8 shrinks the young generation in a
 * collection that follows a quiet spell (it judges the allocation rate over the last five
 * seconds), so the collection waits six. About 15 MB less resident memory while idle (see
 * docs/architecture.md); a board already busy by then loses one short pause. `gc` exists
 * when the board runs with `--expose-gc`, one of the flags in `scripts/board-node-flags.mjs`.
 */
function releaseStartupGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) setTimeout(gc, 6000).unref();
}

void main();
