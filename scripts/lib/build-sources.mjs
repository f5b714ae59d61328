// Everything a build is made from: `npm start` rebuilds when any of these is newer than the build
// (scripts/start.mjs), and its test (tests/integration/start-rebuild.test.ts) copies exactly these.
// messages/ holds the words of every page and mail: an edited text must rebuild too.
export const BUILD_SOURCES = [
  'app',
  'components',
  'lib',
  'data',
  'messages',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
