import * as path from 'node:path';
import { Environment, readEnvironment } from '../../common/config/env';
import { ForgeEnvironment } from './forge-environment';

/**
 * The forge's typed configuration, built once at boot from the environment; also the
 * injection token. Nothing else in the forge reads `process.env`.
 */
export abstract class ForgeConfig {
  abstract readonly port: number;
  abstract readonly host: string;
  /** Absolute: `DATA_DIR/forge`. Every forge file lives below it. */
  abstract readonly dataRoot: string;
  abstract readonly seed: 'demo' | 'none';
  /** `null`: generated once and kept in `<dataRoot>/admin-token`. */
  abstract readonly adminToken: string | null;
  /** No trailing slash. */
  abstract readonly publicUrl: string;
  /** The "now" the demo seed is built around; `null` means the time of seeding. */
  abstract readonly seedEpoch: Date | null;
  abstract readonly simulate: boolean;
  /** Milliseconds between two rounds of the NPC simulator. */
  abstract readonly simulateIntervalMs: number;
  abstract readonly latencyMs: number;
  abstract readonly faultRate: number;
  /** API requests per minute per token; 0 is off. */
  abstract readonly rateLimit: number;
  /** Bytes of attachments one repository may hold. */
  abstract readonly uploadQuotaBytes: number;
  /** Attachments one repository may hold. */
  abstract readonly uploadMaxFiles: number;
  /** Largest pack a single git push may send. */
  abstract readonly maxPushBytes: number;
  /** Only Master and up may force-push to or delete a repository's default branch. */
  abstract readonly protectDefaultBranch: boolean;
  /**
   * Routes the real platform does not publish (the credit ledger, organization-wide
   * issue and pull request lists); off, the forge answers only what the platform does.
   */
  abstract readonly extensions: boolean;
}

/** Validate the environment and build the forge's configuration (throws ConfigError). */
export function loadForgeConfig(env: Environment, cwd = process.cwd()): ForgeConfig {
  const e = readEnvironment(ForgeEnvironment, env);
  return {
    port: e.FORGE_PORT,
    host: e.FORGE_HOST,
    dataRoot: path.resolve(cwd, e.DATA_DIR, 'forge'),
    seed: e.FORGE_SEED as 'demo' | 'none',
    adminToken: e.FORGE_ADMIN_TOKEN ?? null,
    publicUrl: (e.FORGE_PUBLIC_URL ?? `http://127.0.0.1:${e.FORGE_PORT}`).replace(/\/+$/, ''),
    seedEpoch: e.FORGE_SEED_EPOCH ? new Date(e.FORGE_SEED_EPOCH) : null,
    simulate: e.FORGE_SIMULATE,
    simulateIntervalMs: e.FORGE_SIMULATE_INTERVAL_MS,
    latencyMs: e.FORGE_LATENCY_MS,
    faultRate: e.FORGE_FAULT_RATE,
    rateLimit: e.FORGE_RATE_LIMIT,
    uploadQuotaBytes: e.FORGE_UPLOAD_QUOTA_BYTES,
    uploadMaxFiles: e.FORGE_UPLOAD_MAX_FILES,
    maxPushBytes: e.FORGE_MAX_PUSH_BYTES,
    protectDefaultBranch: e.FORGE_PROTECT_DEFAULT_BRANCH,
    extensions: e.FORGE_EXTENSIONS,
  };
}
