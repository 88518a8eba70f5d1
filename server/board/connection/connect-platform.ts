import { BoardConfig } from '../config/board-config';
import { forgeEntry } from '../../common/project-root';
import { launchForge, RunningForge } from './forge-launcher';
import { PlatformConnection } from './platform-connection';

export interface ConnectedPlatform {
  connection: PlatformConnection;
  /** The embedded forge, in demo mode. */
  forge: RunningForge | null;
}

/**
 * Resolve the platform the board talks to: the configured one, or in demo mode the
 * embedded forge, started from its built entry. A forge that cannot start leaves the
 * board running with every API route explaining what to set.
 */
export async function connectPlatform(
  config: BoardConfig,
  env: Record<string, string | undefined>,
): Promise<ConnectedPlatform> {
  const platform = config.platform;
  if (platform.mode === 'remote') {
    return { connection: { available: true, ...platform }, forge: null };
  }
  try {
    const forge = await launchForge({
      entry: forgeEntry(),
      port: platform.forgePort,
      dataDir: config.dataDir,
      seed: platform.forgeSeed,
      simulate: platform.forgeSimulate,
      adminToken: platform.forgeAdminToken,
      env,
    });
    return {
      connection: {
        available: true,
        mode: 'demo',
        baseUrl: forge.baseUrl,
        token: forge.token,
        webUrl: forge.baseUrl,
        gitBaseUrl: forge.baseUrl,
      },
      forge,
    };
  } catch (error) {
    return {
      connection: {
        available: false,
        reason:
          'No platform is configured and the embedded demo forge could not start ' +
          `(${(error as Error).message}). Set PLATFORM_BASE_URL and PLATFORM_TOKEN to use ` +
          'a real platform, or run "npm run build" and start again for the demo.',
      },
      forge: null,
    };
  }
}
