// The built site for benchmarks and drills: `next start` run directly (not through scripts/start.mjs,
// so a signal reaches the process that holds the store), bound to 127.0.0.1.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export function startNextServer({ port, env = {}, stdio = 'ignore' }) {
  return spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio,
    },
  );
}

// Resolves once `url` answers 200; a server that never does is an error, not a silent skip.
export async function waitUntilUp(url, { timeoutMs = 60_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
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
