#!/usr/bin/env node
// `npm test`: lint, type check, jest, a production build scanned for secrets, then Playwright against it. Stops at the first
// failing step and ends with one summary line of the tests that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['jest', 'npx', ['jest', '--ci', '--json', '--outputFile=test-reports/jest.json']],
  // Also the production build the browser tests run against.
  ['build with dummy secrets, then scan for them', 'node', ['scripts/check-secrets.mjs']],
  ['playwright', 'npx', ['playwright', 'test']],
];

rmSync('test-reports', { recursive: true, force: true });
mkdirSync('test-reports', { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED = '1';

let failedStep = null;
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const jest = readJson('test-reports/jest.json');
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
  skipped += jest.numPendingTests + jest.numTodoTests;
}
const pw = readJson('test-reports/playwright.json');
if (pw) {
  passed += pw.stats.expected;
  failed += pw.stats.unexpected + pw.stats.flaky;
  skipped += pw.stats.skipped;
}
if (failedStep && failed === 0) failed = 1;

console.log(`\n${failedStep ? `failed at: ${failedStep}` : 'all steps ok'}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
