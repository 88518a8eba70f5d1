import type { Config } from 'jest';

/**
 * One runner for the three sides. `@shared/*` resolves to `shared/*` everywhere
 * (here through moduleNameMapper, in `nest build` and `ng build` through tsconfig paths).
 */
const sharedMapper = { '^@shared/(.*)$': '<rootDir>/shared/$1' };

const nodeProject = (displayName: string, roots: string[]): Config => ({
  displayName,
  testEnvironment: 'node',
  roots: roots.map((r) => `<rootDir>/${r}`),
  testMatch: ['**/*.spec.ts'],
  // The deployment suite needs Redis and nginx: `npm run test:deploy`.
  testPathIgnorePatterns: ['/node_modules/', '/test/deploy/'],
  moduleNameMapper: sharedMapper,
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
    '^.+\\.m?js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
  },
  // marked ships ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(marked)/)'],
});

const config: Config = {
  // Suites start real servers; on a busy two-core machine a test or hook may need more
  // than jest's default 5 s. (A project's own testTimeout is not read.)
  testTimeout: 30_000,
  // A suite that leaves a timer or a socket behind would slow every later suite in the same
  // process: the files run in a worker, replaced once it holds this much after a file.
  workerIdleMemoryLimit: '512MB',
  // `npm test -- --randomize` shuffles the files as well as the tests inside each file.
  testSequencer: '<rootDir>/test/shuffle-sequencer.mjs',
  projects: [
    nodeProject('shared', ['shared']),
    nodeProject('server', ['server', 'test']),
    {
      displayName: 'client',
      preset: 'jest-preset-angular',
      testEnvironment: 'jest-preset-angular/environments/jest-jsdom-env',
      roots: ['<rootDir>/client/src'],
      testMatch: ['**/*.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/client/src/setup-jest.ts'],
      moduleNameMapper: sharedMapper,
      transform: {
        '^.+\\.(ts|js|mjs|html|svg)$': [
          'jest-preset-angular',
          {
            tsconfig: '<rootDir>/tsconfig.client-spec.json',
            stringifyContentPathRegex: '\\.(html|svg)$',
          },
        ],
      },
      // Icons are imported as SVG text from their package; Angular's locale data is ESM.
      transformIgnorePatterns: [
        'node_modules/(?!.*\\.mjs$|marked|@material-symbols/|@angular/common/locales/)',
      ],
    },
  ],
};

export default config;
