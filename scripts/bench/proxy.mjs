#!/usr/bin/env node
// Pages per second straight from Node and through nginx running docs/deploy/nginx.conf (pages from its
// cache, gzip on the fly), with autocannon from a third process on 127.0.0.1. Needs a build and
// Debian's nginx. Usage: node scripts/bench/proxy.mjs [--connections 50] [--seconds 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { importTool } from './tools.mjs';

const { default: autocannon } = await importTool('autocannon');
const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '3250' },
  },
});
const sitePort = Number(args.port);
const proxyPort = sitePort + 1;
const dir = mkdtempSync(join(tmpdir(), 'baobab-proxy-bench-'));
const site = startNextServer({ port: sitePort, env: { DATA_DIR: join(dir, 'data') } });
const nginx = startNginx({ port: proxyPort, upstreamPort: sitePort, dir });
await waitUntilUp(`http://127.0.0.1:${sitePort}/api/health`);
await waitUntilUp(`http://127.0.0.1:${proxyPort}/api/health`);

// A returning visitor's browser: it has its XSRF cookie and accepts gzip.
const headers = { cookie: `XSRF-TOKEN=${'e'.repeat(64)}`, 'accept-encoding': 'gzip' };
const run = (url) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, headers, connections: Number(args.connections), duration: Number(args.seconds) },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );

const lines = [
  '| page | via | requests/s (mean) | p50 ms | p99 ms | non-2xx |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
];
try {
  for (const path of ['/', '/academy/data-analysis-with-python', '/contact']) {
    for (const [via, port] of [
      ['Node', sitePort],
      ['nginx', proxyPort],
    ]) {
      await fetch(`http://127.0.0.1:${port}${path}`, { headers }); // warms nginx's cache and Node's
      const r = await run(`http://127.0.0.1:${port}${path}`);
      lines.push(
        `| ${path} | ${via} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`,
      );
    }
  }
} finally {
  await stopServer(nginx);
  await stopServer(site);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${args.connections} connections, ${args.seconds} s each, ${new Date().toISOString()}\n`);
console.log(lines.join('\n'));
