#!/usr/bin/env node
// `npm start`: builds the site when there is no build or the sources changed since the last one, then
// serves it on HOSTNAME:PORT (default 0.0.0.0:3000). Build-time settings (SITE_URL, SITE_TODAY, NEXT_PUBLIC_*) are
// part of the fingerprint, so changing them rebuilds too.
// --build-only stops after the build; --force builds even when nothing changed; --serve-only serves the
// build of the current folder as it is (the drills' private copies of the build, scripts/lib/next-server.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BUILD_SOURCES } from './lib/build-sources.mjs';
import { buildWorker } from './lib/build-worker.mjs';
import { buildStartupChunks, markStartupChunks } from './lib/compile-hints.mjs';
import { onNode24 } from './lib/entry.mjs';
import { patchNextRenderers } from './lib/late-scripts.mjs';
import { siteUrlProblem } from './lib/site-url.mjs';
import { sliceStartup } from './lib/startup-slices.mjs';

await onNode24();

// A server with a bad setting would stop right after saying Ready: name it now, before a long build.
// A build alone needs no runtime setting (check-secrets builds with some on purpose).
let settings = null;
if (!process.argv.includes('--build-only')) {
  await import('tsx');
  const { readConfig, ConfigError } = await import('../lib/config.ts');
  try {
    settings = readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const serveOnly = process.argv.includes('--serve-only');
const root = serveOnly ? process.cwd() : join(dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'next', 'dist', 'bin', 'next');
const buildId = join(root, '.next', 'BUILD_ID');
const stampFile = join(root, '.next', 'build-settings.json');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function buildSettings() {
  const entries = Object.entries(process.env).filter(
    ([k]) => k === 'SITE_URL' || k === 'SITE_TODAY' || k.startsWith('NEXT_PUBLIC_'),
  );
  return JSON.stringify(Object.fromEntries(entries.sort()));
}

function needsBuild() {
  if (!existsSync(buildId)) return 'no build yet';
  const builtAt = statSync(buildId).mtimeMs;
  if (BUILD_SOURCES.some((s) => newestMtime(join(root, s)) > builtAt)) return 'sources changed';
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (previous !== buildSettings()) return 'build settings changed';
  return null;
}

// The child of the moment (build, then server) gets the signals this process receives (from npm, a
// supervisor, or Ctrl-C), so a stop during the build does not leave the build running either.
// Once serving split, serveSplit stops its two processes itself.
let child = null;
let split = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (split) return;
    if (child) child.kill(signal);
    else process.exit(128 + osConstants.signals[signal]);
  });
}

function run(args) {
  child = spawn(process.execPath, [nextBin, ...args], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function exitLike({ code, signal }) {
  process.exit(code ?? (signal ? 128 + osConstants.signals[signal] : 1));
}

const port = process.env.PORT || '3000';
const hostname = process.env.HOSTNAME || '0.0.0.0';
const siteUrlWarning = siteUrlProblem(process.env.SITE_URL, hostname);

// Before the build prerenders any page and before a server renders one: the start-up scripts are
// fetched once the page has painted (scripts/lib/late-scripts.mjs).
const patched = patchNextRenderers(join(dirname(nextBin), '..', '..'));
if (patched.length > 0)
  console.log(`Start-up scripts set to load after the first paint in ${patched.length} page renderers`);

const force = process.argv.includes('--force');
const reason = serveOnly ? null : force ? 'asked to' : needsBuild();
if (reason) {
  console.log(`Building the site (${reason})...`);
  if (siteUrlWarning) console.warn(`Warning: ${siteUrlWarning}`);
  const build = await run(['build']);
  if (build.code !== 0) exitLike(build);
  const startup = buildStartupChunks(join(root, '.next'));
  const marked = markStartupChunks(join(root, '.next'), startup);
  console.log(`Compile hints added to ${marked.length} start-up chunks`);
  const sliced = sliceStartup(join(root, '.next'), startup);
  console.log(`Start-up split into tasks in ${sliced.join(', ') || 'no chunk (done before)'}`);
  await buildWorker(root);
  writeFileSync(stampFile, buildSettings());
}

if (process.argv.includes('--build-only')) process.exit(0);

if (siteUrlWarning) console.warn(`Warning: ${siteUrlWarning}`);
// SERVER_ROLE set by the operator: one process of that role, as `next start` (docs/operations.md). So
// too with no page written to disk (PAGE_CACHE_ON_DISK=off): the two processes share pages through
// the build folder. Otherwise the visitors' pages and the back office in two processes behind one
// address (lib/split-server.mjs).
if (process.env.SERVER_ROLE || process.env.PAGE_CACHE_ON_DISK === 'off') {
  exitLike(await run(['start', '--port', port, '--hostname', hostname]));
}
split = true;
const { serveSplit } = await import('./lib/split-server.mjs');
const { ADDRESS_HEADERS, clientAddress } = await import('../lib/security/client-address.ts');
const { hasSessionCookie } = await import('../lib/security/staff-cookie.ts');
process.exit(
  await serveSplit({
    nextBin,
    root,
    port,
    hostname,
    settings,
    clientAddress,
    addressHeaders: ADDRESS_HEADERS,
    hasSessionCookie,
  }),
);
