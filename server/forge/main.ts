import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { configOrExit } from '../common/config/env';
import { stopOnSignals } from '../common/stop-on-signals';
import { runCli } from './cli/forge-cli';
import { ForgeLogger } from './common/forge-logger';
import { loadForgeConfig } from './config/forge-config';
import { createForgeApp } from './forge-app';
import { ForgeBootstrap } from './forge-bootstrap';

/**
 * The forge's entry: with no arguments it serves (`npm run forge`); with arguments it
 * runs one administration command (`npm run forge -- user add …`) and exits.
 */
async function main(): Promise<void> {
  const config = configOrExit(() => loadForgeConfig(process.env));

  const args = process.argv.slice(2);
  if (args.length > 0) process.exit(await runCli(config, args));

  const logger = new Logger('Forge');
  const app = await createForgeApp(config, { logger: new ForgeLogger() });
  await app.listen({ port: config.port, host: config.host });
  logger.log(`Forge is ready at ${config.publicUrl} (data in ${config.dataRoot})`);
  logger.log(app.get(ForgeBootstrap).adminTokenNotice());

  stopOnSignals(() => app.close(), logger, { server: app.getHttpServer() });
}

void main();
