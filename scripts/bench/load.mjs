#!/usr/bin/env node
// Load from a second process on 127.0.0.1 (autocannon): pages, then contact-form submissions on a
// fresh SQLite store, checking that every acknowledged submission was stored exactly once.
// Usage: node scripts/bench/load.mjs [--connections 50] [--seconds 10]     (builds first if needed)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import Database from 'better-sqlite3';

import { stopServer, waitUntilUp, xsrfHeaders } from '../lib/next-server.mjs';
import { importTool } from './tools.mjs';

const { default: autocannon } = await importTool('autocannon');

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '3210' },
  },
});
const connections = Number(args.connections);
const duration = Number(args.seconds);
const base = `http://127.0.0.1:${args.port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-load-'));

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: args.port,
    HOSTNAME: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    NEXT_TELEMETRY_DISABLED: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

function run(options) {
  return new Promise((resolve, reject) =>
    autocannon({ connections, duration, ...options }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

const row = (name, r, extra = '') =>
  `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} | ${extra} |`;

// scripts/start.mjs builds first when the build is missing or stale: allow it five minutes.
await waitUntilUp(`${base}/about`, { timeoutMs: 300_000, intervalMs: 500 });
const lines = [
  '| target | requests/s (mean) | p50 ms | p99 ms | non-2xx | errors | notes |',
  '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
];
for (const [name, path] of [
  ['Home', '/'],
  ['Course page', '/academy/data-analysis-with-python'],
  ['404 page', '/no-such-page'],
]) {
  const result = await run({ url: `${base}${path}` });
  lines.push(row(name, result, path === '/no-such-page' ? 'non-2xx are the expected 404s' : ''));
}

const xsrf = await xsrfHeaders(base);
const acknowledgedEmails = new Set();
let sent = 0;
const result = await run({
  url: `${base}/api/forms/contactUs`,
  requests: [
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...xsrf,
      },
      // One request in flight per connection, so the connection's context names the pending one.
      setupRequest: (request, context) => {
        sent += 1;
        context.email = `load${sent}@example.org`;
        const body = new URLSearchParams({
          name: `Load ${sent}`,
          email: context.email,
          message: `Message number ${sent}`,
        });
        return { ...request, body: body.toString() };
      },
      onResponse: (status, body, context) => {
        if (status === 200 && JSON.parse(body).status === 'success') acknowledgedEmails.add(context.email);
      },
    },
  ],
});
const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true });
const storedEmails = db
  .prepare("SELECT json_extract(data, '$.email') AS email FROM records WHERE collection = 'contact'")
  .all()
  .map((r) => r.email);
db.close();
const storedSet = new Set(storedEmails);
const lost = [...acknowledgedEmails].filter((email) => !storedSet.has(email)).length;
const duplicates = storedEmails.length - storedSet.size;
const inFlight = storedSet.size - acknowledgedEmails.size;
const ok = lost === 0 && duplicates === 0;
lines.push(
  row(
    'Contact form POST (SQLite)',
    result,
    `acknowledged ${acknowledgedEmails.size}, all stored: ${lost === 0 ? 'yes' : `NO, ${lost} lost`}, duplicates ${duplicates}; ${inFlight} stored but unanswered when the run stopped`,
  ),
);

console.log(`\n${connections} connections, ${duration} s each, ${new Date().toISOString()}\n`);
console.log(lines.join('\n'));
// Stop the server (its outbox worker writes into dataDir) before removing its files.
await stopServer(server);
rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
