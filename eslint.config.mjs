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
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/**
 * typescript-eslint's type-checked recommended rules, each file checked with the types of
 * the TypeScript project it is built in. Left out for now: require-await (31 findings,
 * mostly store and test doubles that implement an async interface synchronously) and
 * no-unsafe-assignment (52, mostly `expect.any(...)` matchers in specs and parsed JSON).
 */
const LEFT_OUT_TYPED_RULES = ['require-await', 'no-unsafe-assignment'];
const typedRules = {
  ...Object.fromEntries(
    tseslint.configs.recommendedTypeCheckedOnly.flatMap((config) =>
      Object.entries(config.rules ?? {}),
    ),
  ),
  ...Object.fromEntries(LEFT_OUT_TYPED_RULES.map((rule) => [`@typescript-eslint/${rule}`, 'off'])),
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
  { files: ['server/board/**'], rules: restrict(BOARD_NOT_FORGE) },
  { files: ['server/forge/**'], rules: restrict(FORGE_NOT_BOARD) },
  { files: ['shared/**'], rules: restrict(SHARED_ALONE) },
  { files: ['client/**'], rules: restrict(NOT_SERVER) },
  { files: ['client/src/app/admin/**'], rules: restrict(NOT_SERVER, ADMIN_NOT_USER) },
  { files: ['client/src/app/user/**'], rules: restrict(NOT_SERVER, USER_NOT_ADMIN) },
  {
    // The credit threshold rule still lives with the dashboard; once it has its home in
    // shared/board/, this file imports it from there and the exception goes.
    files: ['client/src/app/admin/admin-credits/admin-credits.view.ts'],
    rules: restrict(
      NOT_SERVER,
      boundary('(^|/)user/(?!charts/|dashboard/dashboard\\.view$)', ADMIN_NOT_USER.message),
    ),
  },
);
