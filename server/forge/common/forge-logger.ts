import { ConsoleLogger } from '@nestjs/common';

/** Nest's start-up chatter (one line per module and route) that says nothing to someone running the forge. */
const QUIET_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** Console logger of the forge's entry: Nest's own start-up lines left out, everything else kept. */
export class ForgeLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && QUIET_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}
