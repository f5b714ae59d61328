/** @jest-environment node */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { BUILD_SOURCES } from '../../scripts/lib/build-sources.mjs';

const run = promisify(execFile);
const repo = resolve(__dirname, '../..');

// A checkout whose `next` only notes how it was called (a build writes a BUILD_ID), so the test sees
// when `npm start` decides to build without paying for a real build.
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-rebuild-'));
  cpSync(join(repo, 'scripts'), join(dir, 'scripts'), { recursive: true });
  for (const name of [...BUILD_SOURCES, 'package.json']) symlinkSync(join(repo, name), join(dir, name));
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (name === 'next') continue;
    if (name === '.installed-by-node' || name === '.package-lock.json') {
      copyFileSync(join(repo, 'node_modules', name), join(modules, name));
    } else if (!name.startsWith('.')) {
      symlinkSync(join(repo, 'node_modules', name), join(modules, name));
    }
  }
  mkdirSync(join(modules, 'next', 'dist', 'bin'), { recursive: true });
  writeFileSync(
    join(modules, 'next', 'dist', 'bin', 'next'),
    `const fs = require('node:fs');
fs.appendFileSync('next-calls.log', process.argv.slice(2).join(' ') + '\\n');
if (process.argv[2] === 'build') {
  fs.mkdirSync('.next/server/app', { recursive: true });
  fs.writeFileSync('.next/BUILD_ID', 'fake');
  // What the service worker's build looks for (scripts/lib/build-worker.mjs): the waiting forms' script.
  fs.mkdirSync('.next/static/chunks', { recursive: true });
  fs.writeFileSync('.next/static/chunks/hold.js', 'indexedDB.open("baobab-forms", 1)');
  // What the start-up split rewrites (scripts/lib/startup-slices.mjs): a page naming the chunk that
  // holds Next's bootstrap, and the app entry that bootstrap requires.
  fs.writeFileSync('.next/server/app/index.html', '<script src="/_next/static/chunks/main.js" async=""></script>');
  fs.writeFileSync(
    '.next/static/chunks/main.js',
    '(globalThis.TURBOPACK||[]).push(["main.js",2,(e,t,n)=>{let r=e.r(3);function U(){}},' +
      '1,(e,t,n)=>{let r=e.r(4),l=e.r(5);(0,r.appBootstrap)(()=>{let{hydrate:t}=e.r(2);t(l)})}])',
  );
}
`,
  );
  return dir;
}

async function buildOnly(dir: string): Promise<string> {
  // Only the .env file may bring build settings (and NODE_ENV=test would make Next skip .env).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'SITE_URL' && name !== 'NODE_ENV' && !name.startsWith('NEXT_PUBLIC_'),
    ),
  ) as NodeJS.ProcessEnv;
  const { stdout, stderr } = await run(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: dir, env });
  return stdout + stderr;
}

const builds = (dir: string) =>
  readFileSync(join(dir, 'next-calls.log'), 'utf8')
    .split('\n')
    .filter((line) => line === 'build').length;

it('npm start rebuilds when a build setting changes in .env, and only then', async () => {
  const dir = project();
  expect(await buildOnly(dir)).toContain('Building the site (no build yet)');
  expect(await buildOnly(dir)).not.toContain('Building');
  expect(builds(dir)).toBe(1);

  writeFileSync(join(dir, '.env'), 'SITE_URL=https://data.example.org\n');
  expect(await buildOnly(dir)).toContain('Building the site (build settings changed)');
  expect(await buildOnly(dir)).not.toContain('Building');
  writeFileSync(join(dir, '.env'), 'SITE_URL=https://www.data.example.org\n');
  expect(await buildOnly(dir)).toContain('Building the site (build settings changed)');
  expect(builds(dir)).toBe(3);
  expect(readFileSync(join(dir, '.next', 'build-settings.json'), 'utf8')).toBe(
    '{"SITE_URL":"https://www.data.example.org"}',
  );
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

it('npm start rebuilds when a text in messages/ is newer than the build', async () => {
  const dir = project();
  expect(await buildOnly(dir)).toContain('Building the site (no build yet)');
  expect(await buildOnly(dir)).not.toContain('Building');
  // An edited French text, and nothing else newer than the build.
  rmSync(join(dir, 'messages'));
  cpSync(join(repo, 'messages'), join(dir, 'messages'), { recursive: true });
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(dir, 'messages', 'fr.ts'), later, later);
  expect(await buildOnly(dir)).toContain('Building the site (sources changed)');
  expect(builds(dir)).toBe(2);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);
