import * as path from 'node:path';
import { Environment, ConfigError, readEnvironment } from '../../common/config/env';
import type { AlertLanguage } from '@shared/board/alerts';
import { BoardEnvironment } from './board-environment';

export type CreditsSource =
  { kind: 'platform' } | { kind: 'manual' } | { kind: 'file'; path: string };

/** Where the board's platform comes from. */
export type PlatformSetting =
  | { mode: 'remote'; baseUrl: string; token: string; webUrl: string; gitBaseUrl: string }
  | {
      mode: 'demo';
      forgePort: number;
      forgeSeed: 'demo' | 'none';
      forgeSimulate: boolean;
      /** `null`: the forge generates one and keeps it under its data root. */
      forgeAdminToken: string | null;
    };

/**
 * The board's typed configuration, built once at boot from the environment.
 * It is also the injection token: services ask for `BoardConfig`.
 */
export abstract class BoardConfig {
  abstract readonly port: number;
  abstract readonly host: string;
  /** Always starts and ends with `/`. */
  abstract readonly basePath: string;
  abstract readonly platform: PlatformSetting;
  /** `null`: the organizations the platform token belongs to. */
  abstract readonly boardOrgs: string[] | null;
  abstract readonly npcHandles: string[];
  abstract readonly cacheTtlMs: number;
  /** Platform calls all replicas together may make in any hour. */
  abstract readonly platformMaxCallsPerHour: number;
  /** How often an organization's issues are read in full again (deletions, moves). */
  abstract readonly fullResyncMs: number;
  /**
   * Period within which every held repository is asked for its updated issues even though
   * its record did not move (edits and comments move no repository record); null (the
   * default) for the shortest period the call budget allows, never under the cache life.
   */
  abstract readonly issueSweepMs: number | null;
  abstract readonly snapshotCron: string;
  abstract readonly creditAlertThreshold: number;
  /** Default of the `pickup_slo_minutes` setting. */
  abstract readonly pickupSloMinutes: number;
  /** Default of the `stuck_after_hours` setting. */
  abstract readonly stuckAfterHours: number;
  /** Defaults of the `run_max_minutes` and `failed_runs_in_a_row` settings. */
  abstract readonly runMaxMinutes: number;
  abstract readonly failedRunsInARow: number;
  /** Defaults of the `runway_alert_days`, `alert_repeat_hours` and WIP settings. */
  abstract readonly runwayAlertDays: number;
  abstract readonly alertRepeatHours: number;
  abstract readonly wipSoftLimit: number;
  abstract readonly wipHardLimit: number | null;
  abstract readonly creditsSource: CreditsSource;
  /** `null` outside demo mode without ADMIN_TOKEN: admin routes are disabled. */
  abstract readonly adminToken: string | null;
  abstract readonly adminTrustedHeader: string | null;
  abstract readonly adminUsers: string[];
  /** Addresses and CIDR ranges whose forwarding and user headers are believed. */
  abstract readonly trustedProxies: string[];
  abstract readonly cacheMaxEntries: number;
  abstract readonly cacheMaxBytes: number;
  /** Cache misses one client address may cause per minute; 0 = no limit. */
  abstract readonly anonMissesPerMinute: number;
  /** Public routes show public repositories and their issues only. */
  abstract readonly publicOnly: boolean;
  abstract readonly redisUrl: string | null;
  /** Absolute. */
  abstract readonly dataDir: string;
  /** How often every alert rule is evaluated. */
  abstract readonly alertEvalMinutes: number;
  /** Open change streams (`/api/events`) the board holds at most; 0 turns the stream off. */
  abstract readonly eventStreamsMax: number;
  /** Open change streams one client address may hold. */
  abstract readonly eventStreamsPerClient: number;
  /** How often an open change stream gets a heartbeat, so proxies keep it open. */
  abstract readonly eventHeartbeatMs: number;
  /** How long a condition must stay false before its alert is resolved. */
  abstract readonly alertResolveAfterMinutes: number;
  /** Alert channels may use `http://` (else `https://` only). */
  abstract readonly alertsAllowHttp: boolean;
  /** Alert channels may reach private, loopback and link-local addresses. */
  abstract readonly alertsAllowPrivateHosts: boolean;
  /** Host names and CIDR ranges alert channels may reach although private. */
  abstract readonly alertsAllowedHosts: string[];
  /** The board's address as users reach it, without a trailing slash; `null`: no links. */
  abstract readonly boardPublicUrl: string | null;
  /** The language of alert channels that do not choose one (`BOARD_LANGUAGE`). */
  abstract readonly boardLanguage: AlertLanguage;
  /** The time zone of times in alert messages (`BOARD_TIME_ZONE`). */
  abstract readonly boardTimeZone: string;
  /** HTTPS_PROXY, HTTP_PROXY and NO_PROXY, for outbound alert deliveries. */
  abstract readonly outboundProxy: OutboundProxy;
}

export interface OutboundProxy {
  HTTPS_PROXY?: string;
  HTTP_PROXY?: string;
  NO_PROXY?: string;
}

function normalizeBasePath(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

function parseCreditsSource(value: string, cwd: string): CreditsSource {
  if (value === 'platform' || value === 'manual') return { kind: value };
  return { kind: 'file', path: path.resolve(cwd, value.slice('file:'.length)) };
}

/**
 * Validate the environment and build the board's configuration.
 * Throws ConfigError listing every problem, including ones that involve two variables.
 */
export function loadBoardConfig(env: Environment, cwd = process.cwd()): BoardConfig {
  const e = readEnvironment(BoardEnvironment, env);
  const problems: string[] = [];

  let platform: PlatformSetting;
  if (e.PLATFORM_BASE_URL) {
    if (!e.PLATFORM_TOKEN)
      problems.push('PLATFORM_TOKEN must be set when PLATFORM_BASE_URL is set');
    const baseUrl = e.PLATFORM_BASE_URL.replace(/\/+$/, '');
    platform = {
      mode: 'remote',
      baseUrl,
      token: e.PLATFORM_TOKEN ?? '',
      webUrl: (e.PLATFORM_WEB_URL ?? baseUrl).replace(/\/+$/, ''),
      gitBaseUrl: (e.GIT_BASE_URL ?? baseUrl).replace(/\/+$/, ''),
    };
  } else {
    if (e.PORT === e.FORGE_PORT)
      problems.push(`PORT and FORGE_PORT must differ (both are ${e.PORT})`);
    platform = {
      mode: 'demo',
      forgePort: e.FORGE_PORT,
      forgeSeed: e.FORGE_SEED as 'demo' | 'none',
      forgeSimulate: e.FORGE_SIMULATE ?? true,
      forgeAdminToken: e.FORGE_ADMIN_TOKEN ?? null,
    };
  }
  if (e.ADMIN_TRUSTED_HEADER && !e.ADMIN_USERS?.length) {
    problems.push('ADMIN_USERS must list at least one user when ADMIN_TRUSTED_HEADER is set');
  }
  if (e.ADMIN_TRUSTED_HEADER && !e.TRUSTED_PROXIES?.length) {
    problems.push(
      'TRUSTED_PROXIES must list the reverse proxy addresses when ADMIN_TRUSTED_HEADER is set: ' +
        'without it any client could send the header and act as an admin',
    );
  }
  if (e.NPC_HANDLES.length === 0) problems.push('NPC_HANDLES must list at least one username');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    basePath: normalizeBasePath(e.BASE_PATH),
    platform,
    boardOrgs: e.BOARD_ORGS ?? null,
    npcHandles: e.NPC_HANDLES,
    cacheTtlMs: e.CACHE_TTL_MS,
    platformMaxCallsPerHour: e.PLATFORM_MAX_CALLS_PER_HOUR,
    fullResyncMs: Math.round(e.FULL_RESYNC_HOURS * 3_600_000),
    issueSweepMs:
      e.ISSUE_SWEEP_MINUTES === undefined ? null : Math.round(e.ISSUE_SWEEP_MINUTES * 60_000),
    snapshotCron: e.SNAPSHOT_CRON,
    creditAlertThreshold: e.CREDIT_ALERT_THRESHOLD,
    pickupSloMinutes: e.PICKUP_SLO_MINUTES,
    stuckAfterHours: e.STUCK_AFTER_HOURS,
    runMaxMinutes: e.RUN_MAX_MINUTES,
    failedRunsInARow: e.FAILED_RUNS_IN_A_ROW,
    runwayAlertDays: e.RUNWAY_ALERT_DAYS,
    alertRepeatHours: e.ALERT_REPEAT_HOURS,
    wipSoftLimit: e.WIP_SOFT_LIMIT,
    wipHardLimit: e.WIP_HARD_LIMIT ?? null,
    creditsSource: parseCreditsSource(e.CREDITS_SOURCE, cwd),
    adminToken: e.ADMIN_TOKEN ?? null,
    adminTrustedHeader: e.ADMIN_TRUSTED_HEADER?.toLowerCase() ?? null,
    adminUsers: e.ADMIN_USERS ?? [],
    trustedProxies: e.TRUSTED_PROXIES ?? [],
    cacheMaxEntries: e.CACHE_MAX_ENTRIES,
    cacheMaxBytes: e.CACHE_MAX_BYTES,
    anonMissesPerMinute: e.ANON_MISSES_PER_MINUTE,
    publicOnly: e.BOARD_PUBLIC_ONLY,
    redisUrl: e.REDIS_URL ?? null,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    alertEvalMinutes: e.ALERT_EVAL_MINUTES,
    eventStreamsMax: e.EVENT_STREAMS_MAX,
    eventStreamsPerClient: e.EVENT_STREAMS_PER_CLIENT,
    eventHeartbeatMs: Math.round(e.EVENT_HEARTBEAT_SECONDS * 1000),
    alertResolveAfterMinutes: e.ALERT_RESOLVE_AFTER_MINUTES,
    alertsAllowHttp: e.ALERTS_ALLOW_HTTP,
    alertsAllowPrivateHosts: e.ALERTS_ALLOW_PRIVATE_HOSTS,
    alertsAllowedHosts: e.ALERTS_ALLOWED_HOSTS ?? [],
    boardPublicUrl: e.BOARD_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    boardLanguage: e.BOARD_LANGUAGE,
    boardTimeZone: e.BOARD_TIME_ZONE,
    outboundProxy: {
      ...(e.HTTPS_PROXY ? { HTTPS_PROXY: e.HTTPS_PROXY } : {}),
      ...(e.HTTP_PROXY ? { HTTP_PROXY: e.HTTP_PROXY } : {}),
      ...(e.NO_PROXY ? { NO_PROXY: e.NO_PROXY } : {}),
    },
  };
}
