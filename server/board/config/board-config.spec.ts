import { ConfigError } from '../../common/config/env';
import { loadBoardConfig } from './board-config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadBoardConfig(env, '/srv/board');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadBoardConfig', () => {
  it('gives the documented defaults for an empty environment (demo mode)', () => {
    const config = loadBoardConfig({}, '/srv/board');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      basePath: '/',
      boardOrgs: null,
      npcHandles: ['npc-builder', 'npc-reviewer', 'npc-tester'],
      cacheTtlMs: 300_000,
      platformMaxCallsPerHour: 3000,
      fullResyncMs: 6 * 3_600_000,
      issueSweepMs: null,
      snapshotCron: '0 * * * *',
      creditAlertThreshold: 50,
      pickupSloMinutes: 60,
      stuckAfterHours: 24,
      runwayAlertDays: 7,
      alertRepeatHours: 24,
      wipSoftLimit: 10,
      wipHardLimit: null,
      creditsSource: { kind: 'platform' },
      adminToken: null,
      redisUrl: null,
      dataDir: '/srv/board/data',
      platform: { mode: 'demo', forgePort: 3001, forgeSeed: 'demo', forgeSimulate: true },
      alertEvalMinutes: 5,
      alertResolveAfterMinutes: 10,
      alertsAllowHttp: false,
      alertsAllowPrivateHosts: false,
      alertsAllowedHosts: [],
      boardPublicUrl: null,
      boardLanguage: 'en',
      boardTimeZone: 'UTC',
      outboundProxy: {},
    });
  });

  it('reads the alert language and time zone, and refuses unknown ones', () => {
    expect(
      loadBoardConfig({ BOARD_LANGUAGE: 'zh-CN', BOARD_TIME_ZONE: 'Asia/Shanghai' }),
    ).toMatchObject({ boardLanguage: 'zh-CN', boardTimeZone: 'Asia/Shanghai' });
    const problems = problemsOf({ BOARD_LANGUAGE: 'fr', BOARD_TIME_ZONE: 'Mars/Olympus' });
    expect(problems).toEqual([
      expect.stringContaining('BOARD_LANGUAGE must be one of en, zh-CN'),
      expect.stringContaining('BOARD_TIME_ZONE must be an IANA time zone'),
    ]);
  });

  it('reads a remote platform, lists, booleans and a file credit source', () => {
    const config = loadBoardConfig(
      {
        PLATFORM_BASE_URL: 'https://api.example.com/v1/',
        PLATFORM_TOKEN: 'secret-token',
        GIT_BASE_URL: 'https://git.example.com',
        BOARD_ORGS: ' acme, globex ,,initech ',
        BASE_PATH: 'board',
        CREDITS_SOURCE: 'file:credits.json',
        FORGE_SIMULATE: 'off',
        ADMIN_TRUSTED_HEADER: 'X-Remote-User',
        ADMIN_USERS: 'alice,bob',
        TRUSTED_PROXIES: '10.0.0.2',
      },
      '/srv/board',
    );
    expect(config.platform).toEqual({
      mode: 'remote',
      baseUrl: 'https://api.example.com/v1',
      token: 'secret-token',
      webUrl: 'https://api.example.com/v1',
      gitBaseUrl: 'https://git.example.com',
    });
    expect(config.boardOrgs).toEqual(['acme', 'globex', 'initech']);
    expect(config.basePath).toBe('/board/');
    expect(config.creditsSource).toEqual({ kind: 'file', path: '/srv/board/credits.json' });
    expect(config.adminTrustedHeader).toBe('x-remote-user');
    expect(config.adminUsers).toEqual(['alice', 'bob']);
  });

  it.each([
    ['on', true],
    ['1', true],
    ['TRUE', true],
    ['off', false],
    ['0', false],
    ['false', false],
  ])('accepts FORGE_SIMULATE=%s', (value, expected) => {
    const config = loadBoardConfig({ FORGE_SIMULATE: value });
    expect(config.platform).toMatchObject({ mode: 'demo', forgeSimulate: expected });
  });

  it('lists every problem at once, each naming its variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      CACHE_TTL_MS: '5',
      PLATFORM_BASE_URL: 'ftp://example.com',
      FORGE_SIMULATE: 'maybe',
      SNAPSHOT_CRON: 'every hour',
      CREDITS_SOURCE: 'database',
      BOARD_ORGS: 'acme,../etc',
      REDIS_URL: 'http://localhost:6379',
      CREDIT_ALERT_THRESHOLD: '-1',
    });
    const text = problems.join('\n');
    for (const name of [
      'PORT',
      'CACHE_TTL_MS',
      'PLATFORM_BASE_URL',
      'FORGE_SIMULATE',
      'SNAPSHOT_CRON',
      'CREDITS_SOURCE',
      'BOARD_ORGS',
      'REDIS_URL',
      'CREDIT_ALERT_THRESHOLD',
    ]) {
      expect(text).toContain(name);
    }
    expect(problems).toHaveLength(9);
  });

  it('reports rules that involve two variables', () => {
    expect(problemsOf({ PLATFORM_BASE_URL: 'https://api.example.com' })).toEqual([
      'PLATFORM_TOKEN must be set when PLATFORM_BASE_URL is set',
    ]);
    expect(problemsOf({ PORT: '4000', FORGE_PORT: '4000' })).toEqual([
      'PORT and FORGE_PORT must differ (both are 4000)',
    ]);
    expect(problemsOf({ ADMIN_TRUSTED_HEADER: 'X-User', TRUSTED_PROXIES: '10.0.0.2' })).toEqual([
      'ADMIN_USERS must list at least one user when ADMIN_TRUSTED_HEADER is set',
    ]);
  });

  it('refuses a trusted user header without trusted proxies, saying why', () => {
    const problems = problemsOf({ ADMIN_TRUSTED_HEADER: 'X-Remote-User', ADMIN_USERS: 'alice' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUSTED_PROXIES must list .* any client could send the header/);
  });

  it('reads trusted proxies as addresses and CIDR ranges, and refuses anything else', () => {
    const config = loadBoardConfig({ TRUSTED_PROXIES: '10.0.0.2, 172.18.0.0/16, fd00::/8' });
    expect(config.trustedProxies).toEqual(['10.0.0.2', '172.18.0.0/16', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2', '::1/129']) {
      expect(problemsOf({ TRUSTED_PROXIES: bad })).toEqual([
        expect.stringContaining('TRUSTED_PROXIES must list IP addresses or CIDR ranges'),
      ]);
    }
  });

  it('reads the cache bounds, the miss allowance and the public-only switch', () => {
    const defaults = loadBoardConfig({});
    expect(defaults).toMatchObject({
      cacheMaxEntries: 5000,
      cacheMaxBytes: 64 * 1024 * 1024,
      anonMissesPerMinute: 120,
      publicOnly: false,
    });
    const set = loadBoardConfig({
      CACHE_MAX_ENTRIES: '100',
      CACHE_MAX_BYTES: '2097152',
      ANON_MISSES_PER_MINUTE: '0',
      BOARD_PUBLIC_ONLY: 'on',
    });
    expect(set).toMatchObject({
      cacheMaxEntries: 100,
      cacheMaxBytes: 2097152,
      anonMissesPerMinute: 0,
      publicOnly: true,
    });
    expect(problemsOf({ CACHE_MAX_BYTES: '1000' })).toEqual([
      expect.stringContaining('CACHE_MAX_BYTES must be at least'),
    ]);
  });

  it('reads the issue sweep period in minutes and refuses one under a minute', () => {
    expect(loadBoardConfig({}).issueSweepMs).toBeNull(); // the period the budget allows
    expect(loadBoardConfig({ ISSUE_SWEEP_MINUTES: '90' }).issueSweepMs).toBe(90 * 60_000);
    expect(loadBoardConfig({ ISSUE_SWEEP_MINUTES: '2.5' }).issueSweepMs).toBe(150_000);
    for (const bad of ['0', '0.5', '-5', 'hourly']) {
      expect(problemsOf({ ISSUE_SWEEP_MINUTES: bad })).toEqual([
        expect.stringContaining('ISSUE_SWEEP_MINUTES must'),
      ]);
    }
  });

  it('formats the error as one message with a line per problem', () => {
    expect(() => loadBoardConfig({ PORT: 'x', FORGE_PORT: 'y' })).toThrow(
      /Invalid configuration:\n {2}- PORT .*\n {2}- FORGE_PORT /,
    );
  });
});
