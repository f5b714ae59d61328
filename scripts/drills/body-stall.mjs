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
let cpu = process.cpuUsage();
process.on('SIGUSR2', () => { h.reset(); cpu = process.cpuUsage(); });
process.on('SIGUSR1', () => {
  const used = process.cpuUsage(cpu);
  writeFileSync(${JSON.stringify(report)}, JSON.stringify({ maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, meanMs: h.mean / 1e6, cpuMs: (used.user + used.system) / 1000 }));
});
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
  await waitUntilUp(`${base}/about`, { server });
  const headers = await xsrfHeaders(base);
  // Load the form route once, so its first-use compile is not counted as a stall.
  await fetch(`${base}/api/forms/contactUs`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'name=Warm&email=warm%40example.org&message=up',
  });
  await sleep(1000);
  // The machine's own noise first: the same measurement over a quiet period as long as the attack.
  const read = async () => {
    process.kill(server.pid, 'SIGUSR1');
    await sleep(500);
    return JSON.parse(readFileSync(report, 'utf8'));
  };
  process.kill(server.pid, 'SIGUSR2');
  const started = Date.now();
  const statuses = [];
  const rounds = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    process.kill(server.pid, 'SIGUSR2');
    statuses.push(...(await Promise.all(Array.from({ length: 8 }, () => post(headers)))));
    rounds.push(await read());
  }
  const stall = { maxMs: Math.max(...rounds.map((r) => r.maxMs)), p99Ms: NaN, meanMs: NaN };
  const attackMs = Date.now() - started;
  process.kill(server.pid, 'SIGUSR2');
  await sleep(attackMs);
  const quiet = await read();
  const counts = statuses.reduce((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});
  console.log(`${statuses.length} chunked 9 MB posts, 8 at a time: answers ${JSON.stringify(counts)}`);
  const line = (h) =>
    `max ${h.maxMs.toFixed(1)} ms, p99 ${h.p99Ms.toFixed(1)} ms, mean ${h.meanMs.toFixed(1)} ms, server CPU ${h.cpuMs.toFixed(0)} ms`;
  rounds.forEach((r, i) => console.log(`event-loop delay, round ${i + 1}: ${line(r)}`));
  console.log(`longest stall during the attack (${attackMs} ms): ${stall.maxMs.toFixed(1)} ms`);
  console.log(`event-loop delay over as long a quiet period: ${line(quiet)}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
