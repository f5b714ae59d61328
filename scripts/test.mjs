#!/usr/bin/env node
// `npm test`: the type check, a production build scanned for secrets, then Playwright against it; beside
// them the lint then jest, and the CMS's jest suite. Starts no new step once one has failed, and ends
// with one summary line of the tests that ran.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
function missingPieces() {
  return systemPieces.filter(([, path]) => !existsSync(path)).map(([name]) => name);
}
function sayMissing(missing) {
  console.error(
    `npm test needs ${missing.join(' and ')}: install ${missing.length > 1 ? 'them' : 'it'} with \`sudo apt-get install ${missing.join(' ')}\` (or set ${systemPieces
      .filter(([name]) => missing.includes(name))
      .map(([, , setting]) => setting)
      .join(' / ')}).`,
  );
}
// Only the browser tests and jest need them: apt-get runs beside the lint and the type check (a minute
// or more on a bare machine, mostly waiting on the network and the disk), and the tests wait for it. Its output is printed when it ends.
let installing = Promise.resolve();
const missingAtStart = missingPieces();
if (missingAtStart.length > 0) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    sayMissing(missingAtStart);
    process.exit(1);
  }
  console.log(`Installing Debian's ${missingAtStart.join(' and ')} (apt-get), beside the first steps ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quietly = (args) =>
    new Promise((resolve) => {
      const child = spawn('apt-get', args, { stdio: ['ignore', 'pipe', 'pipe'], env });
      let kept = '';
      child.stdout.on('data', (chunk) => (kept += chunk));
      child.stderr.on('data', (chunk) => (kept += chunk));
      child.on('close', () => resolve(kept));
    });
  const started = Date.now();
  installing = (async () => {
    const kept =
      (await quietly(['update', '-qq'])) +
      (await quietly(['install', '-y', '-qq', '--no-install-recommends', ...missingAtStart]));
    console.log(
      `\n=== apt-get (its output) ===\n${kept}=== apt-get: done in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
    );
  })();
}

// Three lanes run side by side on a machine of two cores, each a chain of steps; no lane starts a new
// step once a step of any has failed. The browser tests need the build, which needs the type check. The
// jest suites need neither, and each runs its files one after another, so they start first and the
// browser tests, which keep three workers busy, take up the cores as they end: a serial suite left alone
// at the end would leave a core idle for minutes. Every lane is CPU-bound; the order only decides how
// little of the run leaves a core idle.
const lanes = [
  [
    { name: 'type check', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    {
      name: 'build with dummy secrets, then scan for them',
      command: 'node',
      args: ['scripts/check-secrets.mjs'],
      // The type check just passed on this tree: the build does not repeat it (next.config.ts).
      env: { TYPES_CHECKED: '1' },
    },
    { name: 'playwright', command: 'npx', args: ['playwright', 'test'], live: true, needsPieces: true },
  ],
  [
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
    {
      name: 'jest',
      command: 'npx',
      // --forceExit: a handle some test leaves open kept jest from exiting after its report (seen once,
      // 2026-12-02; the suite had passed or failed by then), and a run that never ends is worse than one that
      // ends on its report.
      args: ['jest', '--ci', '--maxWorkers=1', '--forceExit', '--json', '--outputFile=test-reports/jest.json'],
      needsPieces: true,
    },
  ],
  [
    // The CMS's own tests load Payload, which is ES modules only (jest.cms.config.mjs).
    {
      name: 'jest (CMS)',
      command: 'npx',
      args: ['jest', '-c', 'jest.cms.config.mjs', '--ci', '--json', '--outputFile=test-reports/jest-cms.json'],
      env: { NODE_OPTIONS: '--experimental-vm-modules' },
      needsPieces: true,
    },
  ],
];

rmSync('test-reports', { recursive: true, force: true });
mkdirSync('test-reports', { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED = '1';
// Node's compile cache, for every process of the run: the operator commands jest's tests start (some
// sixty, each loading Payload and the stores anew), the servers the browser tests and drills start, the
// CMS's instances. The first to load a module leaves V8's compiled code in the folder and the next ones
// skip compiling it: `scripts/digest.ts` starts on a sixth less CPU, the jest files that start commands
// take 5 % less in all. Node checks each entry against the file's contents and its own version, so an
// entry never stands for code that changed.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'baobab-node-compile-cache');

// Runs a step, its output live or kept until it ends; resolves to whether it passed.
function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    let kept = '';
    if (!step.live) {
      child.stdout.on('data', (chunk) => (kept += chunk));
      child.stderr.on('data', (chunk) => (kept += chunk));
    }
    child.on('close', (code) => {
      if (!step.live) process.stdout.write(`\n=== ${step.name} (its output, kept while the others ran) ===\n${kept}`);
      console.log(
        `=== ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
      );
      resolve(code === 0);
    });
  });
}

const failures = [];
// The system pieces, once: the first step that needs them waits for apt-get and checks they are there.
let piecesReady;
function pieces() {
  piecesReady ??= installing.then(() => {
    const missing = missingPieces();
    if (missing.length > 0) sayMissing(missing);
    return missing.length === 0;
  });
  return piecesReady;
}
async function runLane(lane) {
  for (const step of lane) {
    if (failures.length > 0) return;
    if (step.needsPieces && !(await pieces())) {
      if (!failures.includes('apt-get')) failures.push('apt-get');
      return;
    }
    if (failures.length > 0) return;
    console.log(`\n=== ${step.name}: started ===`);
    if (!(await run(step))) failures.push(step.name);
  }
}
await Promise.all(lanes.map(runLane));
const failedStep = failures.length > 0 ? failures.join(', ') : null;

// A lane that failed early does not leave apt-get holding dpkg's lock behind it.
await installing;

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
