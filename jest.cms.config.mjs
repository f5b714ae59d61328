import nextJest from 'next/jest.js';

// The tests of the CMS itself (tests/cms): Payload loads only as ES modules, so this suite runs as ES
// modules (`NODE_OPTIONS=--experimental-vm-modules npx jest -c jest.cms.config.mjs`, which `npm test`
// does), in Node, against a real database in a temporary DATA_DIR.
const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/cms'],
  testMatch: ['<rootDir>/tests/cms/**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^@payload-config$': '<rootDir>/lib/cms/config.ts', '^@/(.*)$': '<rootDir>/$1' },
  // The folder where the first file's migrated and seeded content database is kept for the others to
  // copy (tests/cms/setup.ts).
  globalSetup: '<rootDir>/tests/cms/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/cms/global-teardown.mjs',
  // Starting Payload and migrating a new database takes a few seconds on a busy machine.
  testTimeout: 60_000,
};

export default createJestConfig(config);
