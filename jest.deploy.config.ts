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
  // The suite's processes (Redis, nginx, boards) are stopped by each test; a handle one of
  // them leaves behind (seen once after a green run, not reproduced) must not hold the
  // finished run open until CI's time limit.
  forceExit: true,
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/shared/$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
};

export default config;
