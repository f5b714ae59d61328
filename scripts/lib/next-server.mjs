// The built site for benchmarks and drills: `next start` run directly (not through scripts/start.mjs,
// so a signal reaches the process that holds the store), bound to 127.0.0.1.
import { spawn } from 'node:child_process';
import { constants, copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// `root` is the project folder to serve (a private build's, below); the repository by default. A server
// on the repository's build writes no page it makes again into it (PAGE_CACHE_ON_DISK, next.config.ts):
// each server has its own address and data, and another one reading that page from the shared folder
// would serve this one's links and content.
// `split`: served as `npm start` serves it, the visitors and the back office in two processes behind
// one front (scripts/lib/split-server.mjs); otherwise one process.
export function startNextServer({ port, env = {}, stdio = 'ignore', root = '.', split = false }) {
  startFromSeededContent(root, env);
  const shared = resolve(root) === resolve('.');
  return spawn(
    process.execPath,
    split
      ? [resolve('scripts/start.mjs'), '--serve-only']
      : [resolve('node_modules/next/dist/bin/next'), 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: root,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        ...(shared ? { PAGE_CACHE_ON_DISK: 'off' } : {}),
        ...(split ? { PORT: String(port), HOSTNAME: '127.0.0.1' } : {}),
        ...env,
      },
      stdio,
    },
  );
}

// Under the browser tests, a server on a DATA_DIR without content begins from the content the shared
// site seeded (tests/e2e/global-setup.ts names the copy): seeding costs three seconds of CPU a server.
// Two servers started on one DATA_DIR take the first copy; a database elsewhere (Postgres) is left alone.
function startFromSeededContent(root, env) {
  const template = process.env.CMS_SEEDED_TEMPLATE;
  if (!template || !env.DATA_DIR || env.CMS_DATABASE_URL) return;
  const dataDir = resolve(root, env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  try {
    copyFileSync(template, join(dataDir, 'cms.db'), constants.COPYFILE_EXCL);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
}

// A copy of the build under `dir`, for a server whose pages will differ from the build's: the server
// writes the pages it makes again into its build folder, where a server sharing it (or the next run)
// would serve them. The rest of the project is linked, not copied. Returns the folder to serve.
export function privateBuild(dir) {
  const root = join(dir, 'site');
  mkdirSync(root, { recursive: true });
  cpSync('.next', join(root, '.next'), {
    recursive: true,
    verbatimSymlinks: true,
    // The build cache (compiler and image caches) is not needed to serve.
    filter: (source) => resolve(source) !== resolve('.next/cache'),
  });
  // data and messages: scripts/start.mjs reads the settings through lib/config.ts, which imports them.
  for (const name of [
    'node_modules',
    'public',
    'lib',
    'data',
    'messages',
    'package.json',
    'next.config.ts',
    'tsconfig.json',
  ]) {
    symlinkSync(resolve(name), join(root, name));
  }
  return root;
}

// Resolves once `url` answers 200; a server that never does is an error, not a silent skip. Given the
// `server` process, fails as soon as it exits instead.
export async function waitUntilUp(url, { timeoutMs = 60_000, intervalMs = 100, server } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && (server.exitCode !== null || server.signalCode !== null)) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before ${url} answered`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stopServer(server, signal = 'SIGTERM') {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill(signal);
  await exited;
}

// The headers of a script-driven post: an XSRF token from the site's token endpoint, echoed in the
// header and sent back as the cookie, as the page's own script does.
export async function xsrfHeaders(base) {
  const response = await fetch(`${base}/api/xsrf`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error(`${base}/api/xsrf set no XSRF-TOKEN cookie`);
  const pair = cookie.split(';')[0];
  return { 'x-xsrf-token': pair.slice('XSRF-TOKEN='.length), cookie: pair };
}

// Makes this process the only run of a drill on a fixed port (tests/e2e/hostile.spec.ts) until it ends,
// then waits until nothing else listens there. Two runs on one port take turns: otherwise one run's
// server fails to listen while the other's answers come in its place, and its start-up error reads as a
// server error. The claim is a file naming this process; one left by a run that died is taken over.
// Returns the release (also done at exit).
export async function claimPort(port, { timeoutMs = 180_000, intervalMs = 500 } = {}) {
  const file = join(tmpdir(), `baobab-port-${port}.claim`);
  const deadline = Date.now() + timeoutMs;
  let told = false;
  const wait = async (what) => {
    if (Date.now() > deadline) throw new Error(`port ${port} is still ${what} after ${timeoutMs / 1000} s`);
    if (!told) console.error(`port ${port} is ${what} (another run?): waiting for it`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  };
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // Empty while its run is still writing it; gone if released meanwhile (then try again).
      const holder = readIfThere(file);
      if (holder === '' || (holder !== null && isRunning(Number(holder)))) await wait('claimed');
      else if (holder !== null && readIfThere(file) === holder) rmSync(file, { force: true });
    }
  }
  const release = () => {
    if (readIfThere(file) === String(process.pid)) rmSync(file, { force: true });
  };
  process.once('exit', release);
  while (!(await isFree(port))) await wait('in use');
  return release;
}

function readIfThere(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

// A port nothing listens on now, for a server a test starts beside the others.
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
