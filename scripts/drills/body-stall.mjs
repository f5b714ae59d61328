#!/usr/bin/env node
// The body-size attack: 8 clients at once each stream a 9 MB chunked body (no Content-Length) to the
// form endpoint, three rounds. The server runs with an event-loop delay monitor (--import of a small
// preload) and reports its longest stall; this script prints it with the answers' status codes.
// Run after a build: node scripts/drills/body-stall.mjs [--port 3420]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../lib/next-server.mjs';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3420' }, rounds: { type: 'string', default: '3' } },
});
const base = `http://127.0.0.1:${args.port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-stall-'));
const report = join(dataDir, 'stall.json');
const monitor = join(dataDir, 'monitor.mjs');
// In the server: the event-loop delay histogram, reset on SIGUSR2 and written out on SIGUSR1.
writeFileSync(
  monitor,
  `import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
process.on('SIGUSR2', () => h.reset());
process.on('SIGUSR1', () => writeFileSync(${JSON.stringify(report)}, JSON.stringify({ maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, meanMs: h.mean / 1e6 })));
`,
);

const server = startNextServer({
  port: args.port,
  env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000', NODE_OPTIONS: `--import=${monitor}` },
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One 9 MB body in 64 KiB chunks, written as fast as the server takes it.
function post(headers) {
  return new Promise((resolve) => {
    const chunk = Buffer.from(`message=${'x'.repeat(64 * 1024 - 8)}`);
    let sent = 0;
    const req = request(
      `${base}/api/forms/contactUs`,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve('reset'));
    const write = () => {
      while (sent < 9 * 1024 * 1024) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

try {
  await waitUntilUp(`${base}/about`);
  const headers = await xsrfHeaders(base);
  await sleep(1000);
  process.kill(server.pid, 'SIGUSR2');
  const statuses = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    statuses.push(...(await Promise.all(Array.from({ length: 8 }, () => post(headers)))));
  }
  process.kill(server.pid, 'SIGUSR1');
  await sleep(500);
  const stall = JSON.parse(readFileSync(report, 'utf8'));
  const counts = statuses.reduce((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});
  console.log(`${statuses.length} chunked 9 MB posts, 8 at a time: answers ${JSON.stringify(counts)}`);
  console.log(
    `event-loop delay: max ${stall.maxMs.toFixed(1)} ms, p99 ${stall.p99Ms.toFixed(1)} ms, mean ${stall.meanMs.toFixed(1)} ms`,
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
