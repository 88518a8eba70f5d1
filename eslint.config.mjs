// @ts-check
import eslint from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md#the-parts). Imports are matched as written:
 * relative paths, `@shared/*`, package names. ESLint keeps one `no-restricted-imports`
 * setting per file (a later block replaces an earlier one), so each area lists every rule
 * that applies to it.
 */
const boundary = (regex, message) => ({ regex, message });
const NOT_SERVER = boundary(
  '(^|/)server(/|$)',
  'The app never imports server code; share it through shared/.',
);
const BOARD_NOT_FORGE = boundary(
  '(^|/)forge(/|$)',
  'The board never imports forge code: it reaches the forge over HTTP only.',
);
const FORGE_NOT_BOARD = boundary(
  '^(?!@shared/)(.*/)?board(/|$)',
  'The forge never imports board code; they share shared/ and server/common/ only.',
);
const SHARED_ALONE = boundary(
  '(^|/)(server|client)(/|$)|^@(angular|nestjs)/',
  'shared/ is used by the server and the app alike and imports neither.',
);
const ADMIN_NOT_USER = boundary(
  '(^|/)user/(?!charts/)',
  "The admin area never imports the user area's internals (the charts in user/charts/ are shared).",
);
const USER_NOT_ADMIN = boundary('(^|/)admin/', 'The user area never imports the admin area.');
/** The board's infrastructure folders, which features build on (docs/architecture.md#folders). */
const BOARD_INFRASTRUCTURE = [
  'budget',
  'cache',
  'common',
  'config',
  'limits',
  'locks',
  'metrics',
  'platform',
  'redis',
  'store',
];
const INFRASTRUCTURE_NOT_FEATURES = boundary(
  `^\\.\\./(?!(${BOARD_INFRASTRUCTURE.join('|')})/)[a-z-]+/`,
  "The board's infrastructure never imports a feature folder: a feature builds on it, or gives it what it needs through a port (cache/route-cache.ports.ts).",
);
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/**
 * typescript-eslint's type-checked recommended rules, each file checked with the types of
 * the TypeScript project it is built in.
 */
const typedRules = {
  ...Object.fromEntries(
    tseslint.configs.recommendedTypeCheckedOnly.flatMap((config) =>
      Object.entries(config.rules ?? {}),
    ),
  ),
  // Static methods (Angular's `Validators.required`) do not use `this`.
  '@typescript-eslint/unbound-method': ['error', { ignoreStatic: true }],
};
const typed = (files, project) => ({
  files,
  languageOptions: {
    parserOptions: { project: [project], tsconfigRootDir: import.meta.dirname },
  },
  rules: typedRules,
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.angular/', 'coverage/', 'data/'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  typed(
    ['server/**/*.ts', 'shared/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    './tsconfig.spec.json',
  ),
  typed(['client/src/**/*.ts'], './tsconfig.client-spec.json'),
  {
    // The SQLite store and the one-process lock implement asynchronous interfaces (shared
    // with their Redis versions) with synchronous code; `async` keeps a failure a rejection.
    files: ['server/board/store/sqlite-board-store.ts', 'server/board/locks/distributed-lock.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  { files: ['server/board/**'], rules: restrict(BOARD_NOT_FORGE) },
  {
    files: BOARD_INFRASTRUCTURE.map((folder) => `server/board/${folder}/**`),
    ignores: ['**/*.spec.ts'],
    rules: restrict(BOARD_NOT_FORGE, INFRASTRUCTURE_NOT_FEATURES),
  },
  { files: ['server/forge/**'], rules: restrict(FORGE_NOT_BOARD) },
  { files: ['shared/**'], rules: restrict(SHARED_ALONE) },
  { files: ['client/**'], rules: restrict(NOT_SERVER) },
  { files: ['client/src/app/admin/**'], rules: restrict(NOT_SERVER, ADMIN_NOT_USER) },
  { files: ['client/src/app/user/**'], rules: restrict(NOT_SERVER, USER_NOT_ADMIN) },
);
