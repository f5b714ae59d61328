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
// --root DIR (repeatable) measures that build instead (a folder with its own .next, as privateBuild in
// scripts/lib/next-server.mjs makes); --static DIR (repeatable) a single-page app's folder, whose
// addresses --map /ours=/theirs translates. Several targets take turns route by route, in every round.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';
import { chromiumPath } from './chromium.mjs';
import { serveStatic } from './static-site.mjs';
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
    root: { type: 'string', multiple: true },
    static: { type: 'string', multiple: true, default: [] },
    map: { type: 'string', multiple: true, default: [] },
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
const routeMap = new Map(args.map.map((pair) => pair.split('=')));
const roots = args.root?.length ? args.root : args.static.length ? [] : ['.'];
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-lh-'));
// The servers' own output, kept so that a server that stops during a long run says why.
const serverLog = [];
let stopping = false;
const targets = [];
let nextPort = Number(args.port);
for (const root of roots) {
  const port = nextPort++;
  mkdirSync(join(dataDir, String(port)));
  const server = startNextServer({
    port,
    root,
    env: { DATA_DIR: join(dataDir, String(port)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => serverLog.push(String(chunk)));
  server.on('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `The server stopped during the run (code ${code}, signal ${signal}). Its output:\n${serverLog.join('').slice(-4000)}`,
      );
  });
  process.on('exit', () => server.kill('SIGTERM'));
  targets.push({ name: root === '.' ? '' : root, base: `http://127.0.0.1:${port}`, server, map: (r) => r });
}
for (const dir of args.static) {
  const port = nextPort++;
  const server = serveStatic(dir, port);
  targets.push({ name: dir, base: `http://127.0.0.1:${port}`, staticServer: server, map: (r) => routeMap.get(r) ?? r });
}
await Promise.all(targets.map((t) => t.server && waitUntilUp(`${t.base}/about`)));

const chromePath = chromiumPath({ fullFirst: true });
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

// Storage.clearDataForOrigin from the blank tab the browser starts with (the browser's own DevTools
// target refuses it with an internal error): the cookies, the caches and the service workers of one
// origin, as Lighthouse's own storage reset does before a run.
const clearingTab = await (async () => {
  const tabs = await (await fetch(`http://127.0.0.1:${chrome.port}/json/list`)).json();
  const socket = new WebSocket(tabs.find((tab) => tab.type === 'page').webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  return socket;
})();
let clearings = 0;
async function clearOrigin(origin) {
  const id = ++clearings;
  const answered = new Promise((resolve) => {
    clearingTab.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.id === id) resolve(message);
    };
  });
  clearingTab.send(
    JSON.stringify({ id, method: 'Storage.clearDataForOrigin', params: { origin, storageTypes: 'all' } }),
  );
  const answer = await answered;
  if (answer.error) throw new Error(`Clearing ${origin}: ${answer.error.message}`);
}

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
  const keyOf = (visit, route, target) => `${visit} ${route} ${targets.indexOf(target)}`;
  const runsByRoute = new Map(
    routes.flatMap((route) => targets.flatMap((target) => visits.map((visit) => [keyOf(visit, route, target), []]))),
  );
  for (let i = 0; i < Number(args.runs); i++) {
    for (const [key] of runsByRoute) {
      const [visit, route, index] = key.split(' ');
      const target = targets[Number(index)];
      // ignoreStatusCode: the 404 page is a route too, and Lighthouse refuses a 404 document otherwise.
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ignoreStatusCode: true,
        disableStorageReset: visit === 'repeat',
      };
      const url = `${target.base}${target.map(route)}`;
      const measure = () => lighthouse(url, flags, form === 'desktop' ? desktopConfig : mobileConfig);
      let result = await measure();
      // "Please run Lighthouse again", its own advice when the trace lost the navigation's start (about
      // one run in 25 here since the origins are cleared after each run): once.
      if (result.lhr.runtimeError?.code === 'NO_NAVSTART') result = await measure();
      // Lighthouse clears the storage of the origin it measures before each run, not of the one it
      // measured last; that one's service worker would go on installing (fetching the offline pages
      // from its server) through the next target's run. A visitor's first visit has no other site's
      // worker beside it, so each target's origin is cleared after its last visit of the route (the
      // repeat visit, which needs the worker the first one installed, comes right after it).
      if (visit === visits.at(-1)) await clearOrigin(new URL(url).origin);
      const { categories, audits, runtimeError } = result.lhr;
      if (args.save) {
        mkdirSync(args.save, { recursive: true });
        const name = `${form}-${visit}${route.replaceAll('/', '_') || '_'}-${index}-${i + 1}.json`;
        writeFileSync(join(args.save, name), JSON.stringify(result.lhr));
      }
      if (runtimeError) {
        console.error(`${form} ${url}: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      runsByRoute.get(key).push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories['best-practices'].score * 100,
        seo: categories.seo.score * 100,
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
        load: loadavg()[0],
      });
    }
    console.error(`${form}: round ${i + 1} of ${args.runs} done`);
  }
  for (const [key, runs] of runsByRoute) {
    const [visit, route, index] = key.split(' ');
    const target = targets[Number(index)];
    const label = `${visit === 'repeat' ? `${form}, repeat visit` : form}${target.name ? `, ${target.name}` : ''}`;
    if (runs.length === 0) {
      rows.push(`| ${label} | ${target.map(route)} | failed | | | | | | | | | | | |`);
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
      `| ${label} | ${target.map(route)} | ${m('performance')} | ${range('performance', String)} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${seconds('fcp')} | ${seconds('lcp')} | ${range('lcp', (v) => (v / 1000).toFixed(2))} | ${Math.round(m('tbt'))} | ${m('cls').toFixed(3)} | ${Math.round(m('benchmarkIndex'))} | ${runs.map((r) => r.load.toFixed(1)).join(', ')} |`,
    );
  }
}
clearingTab.close();
await chrome.kill();
stopping = true;
for (const target of targets) {
  if (target.server) await stopServer(target.server);
  else target.staticServer.close();
}
rmSync(dataDir, { recursive: true, force: true });
const cpu = args.cpu ? `, mobile CPU slowdown ${args.cpu}x` : '';
console.log(`\nLighthouse, median of ${args.runs} run(s)${cpu}, ${new Date().toISOString()}\n`);
console.log(
  '| form factor | route | Performance | runs | Accessibility | Best Practices | SEO | FCP s | LCP s | LCP runs s | TBT ms | CLS | host benchmarkIndex | load average (runs) |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
console.log(rows.join('\n'));
