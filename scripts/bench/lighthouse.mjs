#!/usr/bin/env node
// Lighthouse over every route of docs/product.md §2, mobile (Lighthouse's default: emulated mid-range phone,
// slow 4G, 4x CPU slowdown) and desktop, N runs each, medians per route. Uses the same Chromium as the
// browser tests (CHROME_PATH, else /usr/bin/chromium). Needs a build; starts its own server.
// Usage: node scripts/bench/lighthouse.mjs [--runs 3] [--only mobile|desktop] [--save DIR] [path ...]
// --save DIR writes every run's full report as JSON (open it in the Lighthouse viewer to see why).
// --repeat measures each route twice in a row: the first visit (storage cleared, as every run does
// without it), then the second, with the service worker the first one installed and the browser's cache
// kept (Lighthouse's disableStorageReset): the "repeat visit" rows.
// --cpu N replaces the mobile CPU slowdown (default 4). Lighthouse's 4x assumes a fast desktop host;
// its docs/throttling.md says to lower it on a weaker host. The table prints the host's
// benchmarkIndex so a reader can tell which phone a run stood for.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';
import { importTool } from './tools.mjs';

const chromeLauncher = await importTool('chrome-launcher');
const { default: lighthouse } = await importTool('lighthouse');
const { throttling } = await importTool('lighthouse/core/config/constants.js');
const { default: desktopConfig } = await importTool('lighthouse/core/config/desktop-config.js');

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    port: { type: 'string', default: '3230' },
    save: { type: 'string' },
    cpu: { type: 'string' },
    repeat: { type: 'boolean', default: false },
  },
});
const routes = positionals.length
  ? positionals
  : [
      '/',
      '/about',
      '/projects',
      '/projects/water-point-watch-1',
      '/events/baobab-data-hackathon-2023',
      '/offers/become-a-data-analyst',
      '/academy',
      '/academy/data-analysis-with-python',
      '/insights',
      '/contact',
      '/verified',
      '/terms',
      '/privacy',
      '/no-such-page',
    ];
const base = `http://127.0.0.1:${args.port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-lh-'));
// The server's own output, kept so that a server that stops during a long run says why.
const serverLog = [];
let stopping = false;
const server = startNextServer({ port: args.port, env: { DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => serverLog.push(String(chunk)));
server.on('exit', (code, signal) => {
  if (!stopping)
    console.error(
      `The server stopped during the run (code ${code}, signal ${signal}). Its output:\n${serverLog.join('').slice(-4000)}`,
    );
});
process.on('exit', () => server.kill('SIGTERM'));
await waitUntilUp(`${base}/about`);

const chromePath = process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const mobileConfig = args.cpu
  ? {
      extends: 'lighthouse:default',
      settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: Number(args.cpu) } },
    }
  : undefined;
const forms = args.only ? [args.only] : ['mobile', 'desktop'];
const rows = [];
for (const form of forms) {
  // Round robin: run i of every route, then run i + 1. A busy minute on this shared host then costs
  // every route one run instead of costing one route all of its runs.
  const visits = args.repeat ? ['first', 'repeat'] : ['first'];
  const runsByRoute = new Map(routes.flatMap((route) => visits.map((visit) => [`${visit} ${route}`, []])));
  for (let i = 0; i < Number(args.runs); i++) {
    for (const [key] of runsByRoute) {
      const [visit, route] = key.split(' ');
      // ignoreStatusCode: the 404 page is a route too, and Lighthouse refuses a 404 document otherwise.
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ignoreStatusCode: true,
        disableStorageReset: visit === 'repeat',
      };
      const result = await lighthouse(`${base}${route}`, flags, form === 'desktop' ? desktopConfig : mobileConfig);
      const { categories, audits, runtimeError } = result.lhr;
      if (args.save) {
        mkdirSync(args.save, { recursive: true });
        const name = `${form}-${visit}${route.replaceAll('/', '_') || '_'}-${i + 1}.json`;
        writeFileSync(join(args.save, name), JSON.stringify(result.lhr));
      }
      if (runtimeError) {
        console.error(`${form} ${route}: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      runsByRoute.get(key).push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      });
    }
    console.error(`${form}: round ${i + 1} of ${args.runs} done`);
  }
  for (const [key, runs] of runsByRoute) {
    const [visit, route] = key.split(' ');
    const label = visit === 'repeat' ? `${form}, repeat visit` : form;
    if (runs.length === 0) {
      rows.push(`| ${label} | ${route} | failed | | | | | | | | | | |`);
      continue;
    }
    const m = (key) => median(runs.map((r) => r[key]));
    const seconds = (key) => (m(key) / 1000).toFixed(2);
    // The spread of the runs: on a shared host one route's Performance moves by 10 points or more.
    const range = (key, format) => {
      const values = runs.map((r) => r[key]);
      return `${format(Math.min(...values))}-${format(Math.max(...values))}`;
    };
    rows.push(
      `| ${label} | ${route} | ${m('performance')} | ${range('performance', String)} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${seconds('fcp')} | ${seconds('lcp')} | ${range('lcp', (v) => (v / 1000).toFixed(2))} | ${Math.round(m('tbt'))} | ${m('cls').toFixed(3)} | ${Math.round(m('benchmarkIndex'))} |`,
    );
  }
}
await chrome.kill();
stopping = true;
await stopServer(server);
rmSync(dataDir, { recursive: true, force: true });
const cpu = args.cpu ? `, mobile CPU slowdown ${args.cpu}x` : '';
console.log(`\nLighthouse, median of ${args.runs} run(s)${cpu}, ${new Date().toISOString()}\n`);
console.log(
  '| form factor | route | Performance | runs | Accessibility | Best Practices | SEO | FCP s | LCP s | LCP runs s | TBT ms | CLS | host benchmarkIndex |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(rows.join('\n'));
