// `npm start`'s server: the front (front.mjs) on HOSTNAME:PORT, and behind it two `next start` of the
// same build on loopback ports of their own, the visitors' (SERVER_ROLE=visitors: pages and forms, no
// background task) and the back office's (SERVER_ROLE=back-office: the staff's pages, the content
// editor, payments, and every background task). The back office runs at a lower CPU priority, so on a
// busy machine the visitors' pages come first. A process that stops on its own is started again; a
// signal to this one stops both and then the front.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { setPriority } from 'node:os';
import { join } from 'node:path';

import { createFront } from './front.mjs';

// The back office's CPU priority (nice): staff work uses what the visitors' pages leave.
const BACK_OFFICE_NICENESS = Number(process.env.BACK_OFFICE_NICENESS ?? 10);
const RESTART_DELAY_MS = 1_000;
// How often the back office looks for mail to send when nobody tells it: the visitors' process queues
// a visitor's mail and cannot wake the other process's sender.
const BACK_OFFICE_MAIL_POLL_MS = '1000';

const label = (name) => (name === 'visitors' ? "The visitors' server" : "The back office's server");
const roleName = (name) => (name === 'visitors' ? 'visitors' : 'back office');

async function freePort() {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// A GET to a process behind, on loopback: its status and Next's x-nextjs-cache once the whole answer
// has come, or null when there was none (refused, cut off, or nothing within 30 s).
function ask(port, path, headers = {}) {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path, headers, timeout: 30_000 }, (response) => {
      const answer = { status: response.statusCode, cache: response.headers['x-nextjs-cache'] };
      response
        .resume()
        .once('end', () => resolve(answer))
        .once('error', () => resolve(null));
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
  });
}

// Up once the child answers a request, whatever its status: Next finishes its start-up (instrumentation.ts,
// and so the back office's background tasks) before it handles one, whereas its port accepts earlier.
// A signal that came between the two found the outbox worker not yet started, and nothing to stop.
async function answering(port, deadline, child) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    if (await ask(port, '/api/health')) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

// The visitors' process makes Home once before it is called up. Its pages come from the page cache, so
// the first it makes is the first past its revalidate time, 30 s after it was made, at a visitor's
// request: it paid for the renderer's first run (code loaded and compiled for the first time), a
// tenth of a second or more of the process's only thread, which a visitor's load then waited for.
// Next's own header for a page made again on demand asks for it, with the build's own key: the same
// page, made now, before any visitor.
async function makeHomeOnce(port, root) {
  let key;
  try {
    key = JSON.parse(readFileSync(join(root, '.next', 'prerender-manifest.json'), 'utf8')).preview.previewModeId;
  } catch {
    return;
  }
  const started = Date.now();
  const answer = await ask(port, '/', { 'x-prerender-revalidate': key });
  const made = answer ? `${answer.status}, ${answer.cache ?? 'not cached'}` : 'no answer';
  console.log(`The visitors' server made Home before serving (${made}) in ${Date.now() - started} ms`);
}

// Next's draft-mode cookie: the editor's preview (app/staff/preview) is the back office's to serve.
const PREVIEW_COOKIE = '__prerender_bypass';

// `nextBin` runs `next`; `settings` are the checked settings (lib/config.ts); `clientAddress`, the
// `addressHeaders` it may read and `hasSessionCookie` are lib/security's. Resolves with the exit code
// once stopped.
export async function serveSplit({
  nextBin,
  root,
  port,
  hostname,
  settings,
  clientAddress,
  addressHeaders,
  hasSessionCookie,
}) {
  const ports = { visitors: await freePort(), backOffice: await freePort() };
  const up = { visitors: null, backOffice: null };
  const children = {};
  const restarts = new Set();
  let front = null;
  let stopping = false;
  const running = () => Object.values(children).filter((child) => child.exitCode === null && child.signalCode === null);

  // A signal at any time, during the start too: no restart after it, both processes stopped, then the
  // front. Should this process end some other way, the two behind it end with it.
  let stopped;
  const done = new Promise((resolve) => (stopped = resolve));
  const stop = async (signal, code = 0) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    front?.close();
    const exits = running().map((child) => once(child, 'exit'));
    for (const child of running()) child.kill(signal);
    await Promise.all(exits);
    front?.closeAllConnections();
    stopped(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal));
  process.on('exit', () => {
    for (const child of running()) child.kill('SIGKILL');
  });

  const roles = {
    visitors: { SERVER_ROLE: 'visitors' },
    backOffice: {
      SERVER_ROLE: 'back-office',
      PAGE_CACHE_REMAKE_ORIGIN: `http://127.0.0.1:${ports.backOffice}`,
      MAIL_POLL_MS: process.env.MAIL_POLL_MS ?? BACK_OFFICE_MAIL_POLL_MS,
    },
  };

  const start = async (name) => {
    const child = spawn(
      process.execPath,
      [nextBin, 'start', '--port', String(ports[name]), '--hostname', '127.0.0.1'],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...roles[name],
          PORT: String(ports[name]),
          // This front is the one proxy each process trusts; it resolved the client by the operator's settings.
          TRUSTED_PROXY_HOPS: '1',
          TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        },
      },
    );
    children[name] = child;
    if (name === 'backOffice') {
      try {
        setPriority(child.pid, BACK_OFFICE_NICENESS);
      } catch {
        // Not allowed here (a container's limits): both at the same priority.
      }
    }
    child.once('exit', (code, signal) => {
      up[name] = null;
      if (stopping) return;
      console.error(`${label(name)} stopped (${code ?? signal}): starting it again`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (stopping) return;
        void start(name).then((again) =>
          console.log(`${label(name)} started again: ${roleName(name)} on port ${ports[name]} (pid ${again.pid})`),
        );
      }, RESTART_DELAY_MS);
      restarts.add(timer);
    });
    if (await answering(ports[name], Date.now() + 120_000, child)) {
      if (name === 'visitors') await makeHomeOnce(ports[name], root);
      up[name] = ports[name];
    }
    return child;
  };

  await Promise.all([start('visitors'), start('backOffice')]);
  if (stopping) return done;
  if (!up.visitors || !up.backOffice) {
    console.error('The site did not start: see the messages above.');
    void stop('SIGTERM', 1);
    return done;
  }

  const { trustedHops, header } = settings.trustedProxy;
  front = createFront({
    targets: () => up,
    // Only the address headers are read: no copy of the rest for every request.
    clientOf: (headers, socketAddress) =>
      clientAddress(
        new Headers(
          addressHeaders.flatMap((name) => (typeof headers[name] === 'string' ? [[name, headers[name]]] : [])),
        ),
        socketAddress,
        { trustedHops, header },
      ),
    addressHeaders,
    trustsProxy: trustedHops > 0,
    staffBrowser: (cookie) =>
      hasSessionCookie(cookie) ||
      (cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${PREVIEW_COOKIE}=`)),
  });
  try {
    front.listen(Number(port), hostname);
    await once(front, 'listening');
  } catch (error) {
    console.error(`The site could not listen on ${hostname}:${port}: ${error.message}`);
    front = null;
    void stop('SIGTERM', 1);
    return done;
  }
  console.log(
    `Serving on http://${hostname}:${port}: visitors on port ${ports.visitors} (pid ${children.visitors.pid}), back office on port ${ports.backOffice} (pid ${children.backOffice.pid})`,
  );
  return done;
}
