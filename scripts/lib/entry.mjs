// What every command (`npm start`, `npm test`, `npm run export`, ...) does before its own work, so the
// README's commands work from a host's own Node, whatever its version:
// 1. On a Node other than 24, fetch Node 24 once from the npm registry (package `node@24`) into a cache
//    and run the same command again under it; a host already on Node 24 downloads nothing. If that is
//    impossible, one line says what to do.
// 2. Make sure the dependencies are an install Node 24 can use: one made by another Node could lack the
//    optional packages whose engines exclude it (firebase-admin's Firestore client, now a direct
//    dependency for that reason), so such an install is completed once under Node 24.
// 3. Read .env the way Next does (without overriding the environment), so every command sees the same
//    settings as the server.
// Only Node built-ins here: this file must run on an old Node to say what is wrong.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_MAJOR = 24;
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const installStamp = join(root, 'node_modules', '.installed-by-node');
const hiddenLockfile = join(root, 'node_modules', '.package-lock.json');

export function runningMajor() {
  return Number(process.versions.node.split('.')[0]);
}

// The cache Node 24 is fetched into: NODE24_DIR, else ~/.cache/node24 (shared by every checkout).
function cacheDirs() {
  if (process.env.NODE24_DIR) return [process.env.NODE24_DIR];
  const dirs = [];
  try {
    dirs.push(join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'node24'));
  } catch {
    // No home folder (a system account): the checkout's own cache still works.
  }
  dirs.push(join(root, 'node_modules', '.cache', 'node24'));
  return dirs;
}

function nodeIn(dir) {
  const bin = join(dir, 'node_modules', '.bin', 'node');
  if (!existsSync(bin)) return null;
  const probe = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return probe.status === 0 && Number(probe.stdout.split('.')[0]) === NODE_MAJOR ? bin : null;
}

// The npm that runs this command (npm_execpath) or the one on PATH, run by `node`.
function npmCommand(args, node = process.execPath) {
  const cli = process.env.npm_execpath;
  return cli && /npm-cli\.js$/.test(cli) ? [node, [cli, ...args]] : ['npm', args];
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

// Finds or fetches Node 24; returns its binary. Its output goes to stderr: stdout may be a pipe (export).
export function node24Binary() {
  const dirs = cacheDirs();
  for (const dir of dirs) {
    const found = nodeIn(dir);
    if (found) return found;
  }
  const wrong = `Node ${process.versions.node} is running; this site needs Node ${NODE_MAJOR}`;
  let lastError = '';
  for (const dir of dirs) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch {
      continue;
    }
    console.error(`${wrong}: fetching it once from the npm registry into ${dir} ...`);
    const [command, args] = npmCommand([
      'install',
      '--prefix',
      dir,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node@${NODE_MAJOR}`,
    ]);
    const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, npm_config_global: '' } });
    const found = result.status === 0 && nodeIn(dir);
    if (found) return found;
    const lines = `${result.stderr || result.error || ''}`.split('\n');
    lastError = lines.find((line) => /error/i.test(line) && !/complete log/.test(line))?.trim() ?? '';
  }
  fail(
    `${wrong}, and fetching it with npm failed${lastError ? ` (${lastError})` : ''}: install Node ${NODE_MAJOR} (see .nvmrc) and run the command again.`,
  );
}

// Puts Node 24's folder first on PATH so that `node`, `npm` and `npx` started by the command run on it.
export function envWithNode(binary, env = process.env) {
  return { ...env, PATH: `${dirname(binary)}${delimiter}${env.PATH ?? ''}` };
}

// Runs this same command under Node 24 and mirrors its end; signals go to it (npm, a supervisor and
// Ctrl-C reach this process first). Never returns.
function rerunUnder(binary) {
  const child = spawn(binary, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: envWithNode(binary),
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
  return new Promise(() => {});
}

function hiddenLockHash() {
  return existsSync(hiddenLockfile) ? createHash('sha256').update(readFileSync(hiddenLockfile)).digest('hex') : '';
}

// Written after every install that Node 24 can use as it is (postinstall): one made by Node 24, or one
// made by another Node that left out nothing Node 24 installs (installIsWhole). It marks the node_modules
// that npm's own record (node_modules/.package-lock.json) describes.
export function stampInstall() {
  writeFileSync(installStamp, `${NODE_MAJOR} ${hiddenLockHash()}\n`);
}

function installIsNode24s() {
  return existsSync(installStamp) && readFileSync(installStamp, 'utf8').trim() === `${NODE_MAJOR} ${hiddenLockHash()}`;
}

// Whether `range` (a package's engines.node) excludes Node `major`: every alternative of it asks for a
// newer major. Rough on purpose (lower bounds only), for the ranges packages write (">=22", "^20.3 || >=21").
function excludes(range, major) {
  return range.split('||').every((alternative) => Number(/\d+/.exec(alternative)?.[0] ?? 0) > major);
}

// Whether an install made by this Node holds every package of package-lock.json that Node 24 installs:
// nothing required is missing, and nothing left out was left out for its engines (the optional packages
// an older Node skips; the lockfile's engine-bound packages are direct dependencies so that none is
// optional: package.json). What is missing is then only other platforms' binaries, which Node 24 skips too.
export function installIsWhole() {
  if (!existsSync(hiddenLockfile)) return false;
  const installed = JSON.parse(readFileSync(hiddenLockfile, 'utf8')).packages ?? {};
  const locked = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  return Object.entries(locked).every(
    ([path, entry]) =>
      path === '' ||
      path in installed ||
      ((entry.optional || entry.devOptional) && !excludes(entry.engines?.node ?? '', runningMajor())),
  );
}

// `npm install` run by Node 24's `binary`: adds what an install by another Node left out.
export function installUnder(binary) {
  const [command, args] = npmCommand(['install', '--no-audit', '--no-fund', '--loglevel=error'], binary);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    env: envWithNode(binary),
  });
  if (result.status !== 0)
    fail(`Reinstalling the dependencies under Node ${NODE_MAJOR} failed: run \`npm install\` again.`);
}

// The .env files Next reads for a production server, with the environment taking precedence.
function loadDotenv() {
  const require = createRequire(join(root, 'package.json'));
  const { loadEnvConfig } = require('@next/env');
  loadEnvConfig(root, false, { info: () => {}, error: console.error });
}

/**
 * @param {{ dotenv?: boolean }} [options]
 */
export async function onNode24({ dotenv = true } = {}) {
  if (runningMajor() !== NODE_MAJOR) return rerunUnder(node24Binary());
  if (!existsSync(join(root, 'node_modules'))) fail('Dependencies are missing: run `npm install` first.');
  if (!installIsNode24s()) {
    if (!installIsWhole()) {
      console.error(`The dependencies lack what Node ${NODE_MAJOR} needs: completing them with npm install ...`);
      installUnder(process.execPath);
    }
    stampInstall();
  }
  if (dotenv) loadDotenv();
}
