#!/usr/bin/env node
// `npm test`: lint, type check, jest, a production build scanned for secrets, then Playwright against it. Stops at the first
// failing step and ends with one summary line of the tests that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

import { onNode24 } from './lib/entry.mjs';

// Tests set their own settings: an operator's .env must not change what they prove.
await onNode24({ dotenv: false });

// The browser tests need a Chromium, the proxy tests Debian's nginx, and the spreadsheet tests
// LibreOffice Calc (opening the exports as staff would): installed here when this process may (root
// with apt), else named in one line. [Debian package, path, the setting that moves it]
const systemPieces = [
  ['chromium', process.env.CHROME_PATH || '/usr/bin/chromium', 'CHROME_PATH'],
  ['nginx', process.env.NGINX_PATH || '/usr/sbin/nginx', 'NGINX_PATH'],
  ['libreoffice-calc-nogui', process.env.SOFFICE_PATH || '/usr/bin/soffice', 'SOFFICE_PATH'],
];
let missing = systemPieces.filter(([, path]) => !existsSync(path)).map(([name]) => name);
if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian's ${missing.join(' and ')} (apt-get) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  missing = systemPieces.filter(([, path]) => !existsSync(path)).map(([name]) => name);
}
if (missing.length > 0) {
  console.error(
    `npm test needs ${missing.join(' and ')}: install ${missing.length > 1 ? 'them' : 'it'} with \`sudo apt-get install ${missing.join(' ')}\` (or set ${systemPieces
      .filter(([name]) => missing.includes(name))
      .map(([, , setting]) => setting)
      .join(' / ')}).`,
  );
  process.exit(1);
}

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  // Two workers on a machine of two cores: many files spend their time waiting on a local peer (the
  // Firestore emulator, the SMTP server, a child server), and another file runs in that time.
  ['jest', 'npx', ['jest', '--ci', '--maxWorkers=2', '--json', '--outputFile=test-reports/jest.json']],
  // The CMS's own tests load Payload, which is ES modules only (jest.cms.config.mjs).
  [
    'jest (CMS)',
    'npx',
    ['jest', '-c', 'jest.cms.config.mjs', '--ci', '--json', '--outputFile=test-reports/jest-cms.json'],
    { NODE_OPTIONS: '--experimental-vm-modules' },
  ],
  // Also the production build the browser tests run against.
  ['build with dummy secrets, then scan for them', 'node', ['scripts/check-secrets.mjs']],
  ['playwright', 'npx', ['playwright', 'test']],
];

rmSync('test-reports', { recursive: true, force: true });
mkdirSync('test-reports', { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED = '1';

let failedStep = null;
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
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
for (const jest of [readJson('test-reports/jest.json'), readJson('test-reports/jest-cms.json')]) {
  if (!jest) continue;
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
