import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/tests/jest.setup.ts'],
  roots: ['<rootDir>/tests'],
  testMatch: ['<rootDir>/tests/{unit,components,integration}/**/*.test.{ts,tsx}'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  // `npm test` runs this suite beside the browser tests on two cores: a test that takes a second alone
  // has taken more than jest's default 5 s there (a French form's 20-second patience on fake timers).
  testTimeout: 20_000,
};

// htmlparser2 and its helpers (used by sanitize-html) ship only as ES modules: let SWC compile them.
const esmOnly = ['htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'domelementtype', 'entities'];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  // next/jest already lists the packages it transpiles as '(?!(geist|next/dist/client|…)/)'.
  resolved.transformIgnorePatterns = resolved.transformIgnorePatterns.map((pattern) =>
    pattern.startsWith('/node_modules/') ? pattern.replace('(geist|', `(${esmOnly.join('|')}|geist|`) : pattern,
  );
  return resolved;
}
