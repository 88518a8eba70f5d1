import type { Config } from 'jest';

/**
 * The deployment suite (`npm run test:deploy`): real Redis, nginx and board processes.
 * Kept out of `npm test`, which needs only Node and git.
 */
const config: Config = {
  displayName: 'deploy',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/deploy'],
  testMatch: ['**/*.deploy.spec.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/shared/$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
};

export default config;
