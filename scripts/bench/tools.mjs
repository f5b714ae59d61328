// The benchmark tools are not dependencies of the site: a production install (or `npm ci` for the tests)
// never downloads them. The first benchmark run installs these exact versions into
// node_modules/.cache/bench-tools; later runs reuse them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { root } from '../lib/entry.mjs';

const versions = { autocannon: '9.0.0', 'chrome-launcher': '1.2.1', lighthouse: '13.5.0' };
const dir = join(root, 'node_modules', '.cache', 'bench-tools');

function installedVersion(name) {
  const manifest = join(dir, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : null;
}

function ensureInstalled() {
  const missing = Object.entries(versions).filter(([name, version]) => installedVersion(name) !== version);
  if (missing.length === 0) return;
  console.error(`Installing the benchmark tools once into ${dir} ...`);
  const specs = Object.entries(versions).map(([name, version]) => `${name}@${version}`);
  const result = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
    { stdio: ['ignore', process.stderr, process.stderr] },
  );
  if (result.status !== 0) {
    console.error(`Installing ${specs.join(' ')} failed: see npm's message above.`);
    process.exit(1);
  }
}

// import() of a tool or a file inside it: 'lighthouse', 'lighthouse/core/config/constants.js'.
export async function importTool(specifier) {
  ensureInstalled();
  const [first, second, ...rest] = specifier.split('/');
  const name = first.startsWith('@') ? `${first}/${second}` : first;
  const inner = first.startsWith('@') ? rest : [second, ...rest].filter(Boolean);
  const packageDir = join(dir, 'node_modules', name);
  const file =
    inner.length > 0
      ? join(packageDir, ...inner)
      : join(packageDir, JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).main ?? 'index.js');
  return import(pathToFileURL(file).href);
}
