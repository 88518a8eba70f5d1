import type { AccessRole } from '@shared/platform/types';

/** Fixed seed of the demo generator: tests rely on the data it gives. */
export const DEMO_SEED = 0x5eed2024;

export const NPC_USERS = [
  { username: 'npc-builder', nickname: 'Builder NPC' },
  { username: 'npc-reviewer', nickname: 'Reviewer NPC' },
  { username: 'npc-tester', nickname: 'Tester NPC' },
] as const;

export interface DemoHuman {
  username: string;
  nickname: string;
  role: AccessRole;
  /** How many organizations (the first N, rotated per person) they belong to. */
  orgCount: number;
}

export const HUMANS: readonly DemoHuman[] = [
  { username: 'alice', nickname: 'Alice Martin', role: 'Master', orgCount: 4 },
  { username: 'bob', nickname: 'Bob Chen', role: 'Developer', orgCount: 6 },
  { username: 'carol', nickname: 'Carol Diaz', role: 'Reporter', orgCount: 3 },
  { username: 'dave', nickname: 'Dave Okafor', role: 'Guest', orgCount: 2 },
];

export interface DemoOrg {
  path: string;
  remark: string;
  description: string;
  /** Average NPC spending, credits per day. */
  dailySpend: number;
  /** Balance at the seed epoch. */
  finalBalance: number;
  /** Top-ups during the 30 days: [days before the epoch, credits]. */
  topUps: readonly (readonly [number, number])[];
}

/** Ten organizations; `helix-data` and `juniper-cloud` end below the 50-credit alert threshold. */
export const ORGS: readonly DemoOrg[] = [
  {
    path: 'aurora-labs',
    remark: 'Aurora Labs',
    description: 'Research tooling and notebooks',
    dailySpend: 42,
    finalBalance: 1840,
    topUps: [],
  },
  {
    path: 'blue-harbor',
    remark: 'Blue Harbor',
    description: 'Logistics platform',
    dailySpend: 75,
    finalBalance: 1210,
    topUps: [[18, 600]],
  },
  {
    path: 'cedar-works',
    remark: 'Cedar Works',
    description: 'Internal developer tools',
    dailySpend: 12,
    finalBalance: 655.5,
    topUps: [],
  },
  {
    path: 'delta-forge',
    remark: 'Delta Forge',
    description: 'Build and release engineering',
    dailySpend: 110,
    finalBalance: 2380,
    topUps: [
      [22, 1500],
      [8, 1000],
    ],
  },
  {
    path: 'ember-studio',
    remark: 'Ember Studio',
    description: 'Games and interactive media',
    dailySpend: 28,
    finalBalance: 430,
    topUps: [],
  },
  {
    path: 'fjord-systems',
    remark: 'Fjord Systems',
    description: 'Embedded firmware',
    dailySpend: 8,
    finalBalance: 212.75,
    topUps: [],
  },
  {
    path: 'granite-ai',
    remark: 'Granite AI',
    description: 'Model serving and evaluation',
    dailySpend: 140,
    finalBalance: 980,
    topUps: [[12, 800]],
  },
  {
    path: 'helix-data',
    remark: 'Helix Data',
    description: 'Data pipelines and warehousing',
    dailySpend: 55,
    finalBalance: 37.4,
    topUps: [],
  },
  {
    path: 'iris-robotics',
    remark: 'Iris Robotics',
    description: 'Robot control software',
    dailySpend: 20,
    finalBalance: 318,
    topUps: [],
  },
  {
    path: 'juniper-cloud',
    remark: 'Juniper Cloud',
    description: 'Hosting and infrastructure',
    dailySpend: 64,
    finalBalance: 12.6,
    topUps: [],
  },
];

/** Repository names each organization draws from. */
export const REPO_NAMES = [
  'api-gateway',
  'web-console',
  'billing-service',
  'docs',
  'mobile-app',
  'data-pipeline',
  'infra',
  'sdk-js',
  'auth-service',
  'notifications',
  'design-system',
  'cli',
] as const;

export const REPO_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'api-gateway': 'Public API gateway and rate limiting',
  'web-console': 'Customer-facing web console',
  'billing-service': 'Invoices, plans and payments',
  docs: 'Product documentation site',
  'mobile-app': 'iOS and Android app',
  'data-pipeline': 'Batch and streaming jobs',
  infra: 'Infrastructure as code',
  'sdk-js': 'JavaScript SDK',
  'auth-service': 'Login, sessions and tokens',
  notifications: 'E-mail, push and webhooks',
  'design-system': 'Shared UI components',
  cli: 'Command-line client',
};

export const BASE_LABELS = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  {
    name: 'documentation',
    color: '0075ca',
    description: 'Improvements or additions to documentation',
  },
  { name: 'in progress', color: 'fbca04', description: 'Someone is working on it' },
  { name: 'npc-task', color: '5319e7', description: 'Dispatched to an NPC' },
] as const;

/** Labels that put an NPC-assigned open issue in the "in progress" column, besides `in progress`. */
export const PROGRESS_LABELS = ['in progress', 'doing', 'wip'] as const;

export const ISSUE_TOPICS = [
  'Timeout when the upstream answers slowly',
  'Add pagination to the list endpoint',
  'Document the configuration variables',
  'Flaky test in the nightly build',
  'Upgrade the SQLite driver',
  'Dark mode colours are unreadable',
  'Export results as CSV',
  'Retry failed webhooks with backoff',
  'Memory grows after a day of uptime',
  'Support SSO login',
  'Typo on the pricing page',
  'Cache the organization list',
  'Cannot delete an archived project',
  'Slow query on the dashboard',
  'Add a health endpoint',
  'Localise date formats',
  'Crash when the config file is empty',
  'Rotate access tokens automatically',
  'Improve error messages for invalid input',
  'Migrate CI to the new runners',
] as const;

export const NPC_REPLIES = [
  'Picked this up. Reproducing locally first.',
  'I can reproduce it; the cause is in the request retry loop.',
  'Working on it, a draft change is on a branch.',
  'Looked into this: it needs a schema change, starting now.',
  'On it. I will post the test results here.',
] as const;

/** What an NPC posts while it works on a task, so the task shows recent activity. */
export const NPC_PROGRESS = [
  'Progress: the fix works locally, adding tests now.',
  'Update: halfway through, the migration runs on a copy of the data.',
  'Still on it: the first approach was too slow, the second one looks better.',
  'Tests pass locally, opening a change next.',
  'Review comments addressed, waiting for CI.',
] as const;

export const NPC_DONE = [
  'Fixed and verified with a regression test.',
  'Done: the change is merged and deployed.',
  'Completed. The documentation is updated too.',
] as const;

export const HUMAN_COMMENTS = [
  'Any update on this?',
  'Seen again today in production.',
  'Thanks, this matters for the next release.',
  'Adding more context: it happens only with large accounts.',
] as const;

/** The seeded issue whose body the UI's sanitising test renders. */
export const HOSTILE_ISSUE = {
  title: 'Rendering check: hostile markdown in an issue body',
  body: [
    'This issue body must render as harmless text.',
    '',
    '<img src=x onerror=alert(1)>',
    '',
    '<script>alert(1)</script>',
    '',
    '[link](javascript:alert(1))',
  ].join('\n'),
} as const;

/** What a person writes when closing an NPC's task as not planned. */
export const NOT_PLANNED_NOTES = [
  'Closing: out of scope for this quarter.',
  'Not needed any more, the feature was dropped.',
  'Duplicate of an older task, closing.',
] as const;
