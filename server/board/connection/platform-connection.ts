/**
 * How the board reaches its platform, resolved once at boot: either the configured
 * remote platform, the embedded forge started in demo mode, or nothing (with the
 * reason, which every `/api/*` route then answers with a 503).
 */
export type PlatformConnection =
  | {
      available: true;
      mode: 'remote' | 'demo';
      baseUrl: string;
      token: string;
      webUrl: string;
      gitBaseUrl: string;
    }
  | { available: false; reason: string };

/** Injection token for the resolved connection. */
export const PLATFORM_CONNECTION = Symbol('PLATFORM_CONNECTION');
