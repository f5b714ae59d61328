#!/usr/bin/env node
// `npm test`: lint and the type check, a production build scanned for secrets, then Playwright against
// it with jest beside it. Stops after the first stage with a failing step and ends with one summary line
// of the tests that ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

import { onNode24 } from './lib/entry.mjs';

// Tests set their own settings: an operator's .env must not change what they prove.
await onNode24({ dotenv: false });

// The browser tests need Chromium's headless shell, the proxy tests Debian's nginx, the spreadsheet tests
// LibreOffice Calc (opening the exports as staff would), and the CMS's several-instance test PostgreSQL:
// installed here when this process may (root with apt), else named in one line. [Debian package, path,
// the setting that moves it]
const systemPieces = [
  // The headless shell: the browser without its own window's interface, a third less CPU per test than
  // the full browser in headless mode.
  ['chromium-headless-shell', process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell', 'CHROME_PATH'],
  ['nginx', process.env.NGINX_PATH || '/usr/sbin/nginx', 'NGINX_PATH'],
  ['libreoffice-calc-nogui', process.env.SOFFICE_PATH || '/usr/bin/soffice', 'SOFFICE_PATH'],
  ['postgresql', process.env.POSTGRES_BIN || '/usr/lib/postgresql', 'POSTGRES_BIN'],
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

// Each stage's steps run side by side; a stage starts when the one before passed. On a machine of two
// cores: lint and the type check are one core each; the browser tests keep about one core busy (the
// browser's page, the site, the runner) and spend the rest waiting on timers and pages, so jest runs
// beside them instead of before them (its output is kept and printed after theirs).
const stages = [
  [
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
    { name: 'type check', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  ],
  // Also the production build the browser tests run against.
  [{ name: 'build with dummy secrets, then scan for them', command: 'node', args: ['scripts/check-secrets.mjs'] }],
  [
    { name: 'playwright', command: 'npx', args: ['playwright', 'test'], live: true },
    {
      name: 'jest',
      command: 'npx',
      args: ['jest', '--ci', '--maxWorkers=1', '--json', '--outputFile=test-reports/jest.json'],
      // The CMS's own tests load Payload, which is ES modules only (jest.cms.config.mjs).
      then: {
        name: 'jest (CMS)',
        command: 'npx',
        args: ['jest', '-c', 'jest.cms.config.mjs', '--ci', '--json', '--outputFile=test-reports/jest-cms.json'],
        env: { NODE_OPTIONS: '--experimental-vm-modules' },
      },
    },
  ],
];

rmSync('test-reports', { recursive: true, force: true });
mkdirSync('test-reports', { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED = '1';

// Runs a step (and the one it chains to), its output live or kept; resolves to the name of the first
// step that failed, or null.
function run(step, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    let kept = '';
    if (!live) {
      child.stdout.on('data', (chunk) => (kept += chunk));
      child.stderr.on('data', (chunk) => (kept += chunk));
    }
    child.on('close', async (code) => {
      if (!live) process.stdout.write(`\n=== ${step.name} (its output, kept while the others ran) ===\n${kept}`);
      console.log(
        `=== ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
      );
      if (code !== 0) resolve(step.name);
      else resolve(step.then ? await run(step.then, live) : null);
    });
  });
}

let failedStep = null;
for (const stage of stages) {
  console.log(`\n=== ${stage.map((step) => step.name).join(' | ')} ===`);
  // One step's output goes straight to the terminal: the live one, else the first.
  const live = stage.find((step) => step.live) ?? stage[0];
  const failures = (await Promise.all(stage.map((step) => run(step, step === live)))).filter(Boolean);
  if (failures.length > 0) {
    failedStep = failures.join(', ');
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
