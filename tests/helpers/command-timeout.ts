// A test that starts `node --import tsx scripts/…` pays for a fresh Node, the TypeScript transform of the
// script's imports (cold on a fresh machine) and the store. Alone that is 1–3 s a command; on CI, beside
// the build, the browser tests and the CMS suite on two cores, it has been over 20 s. A test running
// three such commands took 24 s here and more than 60 s on CI, so these tests allow three minutes: enough
// for a machine ten times slower than a quiet one, and still an end for a command that hangs.
export const COMMAND_TEST_TIMEOUT = 180_000;
