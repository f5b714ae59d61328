#!/usr/bin/env node
// The layout before the page's first paint, as Lighthouse records it on this host: an unthrottled first visit, traced.
// Per route and run it gives the first layout's wall time and the main thread's CPU time in it, and
// how long the layout waited on the browser process for fonts (Linux's renderer asks the browser for
// each font family it matches and each size it draws, one synchronous call at a time). Lighthouse's
// mobile simulation multiplies a task's wall time by 4, waits included: a layout that waits 100 ms for
// fonts weighs 400 ms in its Total Blocking Time.
//   node scripts/bench/first-layout.mjs [--runs 7] [--without-scripts] [--root DIR] [--port 3520] [path ...]
// --without-scripts serves each page with its script tags taken out (the same HTML and stylesheets):
// what the layout costs when nothing loads beside it. Run it under `nice -n -10` on a shared host.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

import { startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';
import { chromiumPath, phone } from './chromium.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '7' },
    root: { type: 'string', default: '.' },
    port: { type: 'string', default: '3520' },
    'without-scripts': { type: 'boolean', default: false },
  },
});
const routes = positionals.length ? positionals : ['/', '/about', '/academy', '/contact', '/events'];
const base = `http://127.0.0.1:${args.port}`;

const dataDir = mkdtempSync(join(tmpdir(), 'baobab-first-layout-'));
const server = startNextServer({ port: Number(args.port), root: args.root, env: { DATA_DIR: dataDir } });
process.on('exit', () => server.kill('SIGTERM'));
await waitUntilUp(`${base}/about`, { server });

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
// Lighthouse's phone, with no CPU slowdown: Lighthouse loads the page unthrottled and simulates.
const categories = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'fonts'];
// Where Linux's renderer waits on the browser process for a font (third_party/blink's font cache and
// its sandbox support).
const FONT_WAITS = new Set([
  'FontCache::GetFontPlatformData',
  'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
]);

async function visit(url) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  if (args['without-scripts']) {
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '');
      await route.fulfill({ response, body: html });
    });
  }
  const load = loadavg()[0];
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const events = JSON.parse(String(await browser.stopTracing())).traceEvents;
  await context.close();
  // The page's renderer is the one that painted; its main thread is named.
  const painted = events.find((e) => e.name === 'firstContentfulPaint');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === painted?.pid,
  );
  if (!main) throw new Error(`no first paint traced for ${url}`);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  // The layout that places the page's content: the longest before the first paint (the document's
  // first one or two are of an empty page).
  const layout = onMain.filter((e) => e.name === 'Layout' && e.ts < painted.ts).sort((a, b) => b.dur - a.dur)[0];
  if (!layout) throw new Error(`no layout before the first paint of ${url}`);
  const inLayout = onMain.filter((e) => e.ts >= layout.ts && e.ts + e.dur <= layout.ts + layout.dur);
  // Outermost font waits only (one may call another).
  const waits = inLayout.filter(
    (e) =>
      FONT_WAITS.has(e.name) &&
      !inLayout.some((o) => o !== e && FONT_WAITS.has(o.name) && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur),
  );
  return {
    wall: layout.dur / 1000,
    cpu: (layout.tdur ?? 0) / 1000,
    fontCalls: waits.length,
    fontWall: waits.reduce((sum, e) => sum + e.dur, 0) / 1000,
    load,
  };
}

const results = new Map(routes.map((route) => [route, []]));
for (let i = 0; i < Number(args.runs); i++) {
  for (const route of routes) results.get(route).push(await visit(`${base}${route}`));
  console.error(`round ${i + 1} of ${args.runs} done (load ${loadavg()[0].toFixed(1)})`);
}
await browser.close();
await stopServer(server);
rmSync(dataDir, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
console.log(
  `\nThe first layout, unthrottled first visits, ${args['without-scripts'] ? 'script tags taken out, ' : ''}median of ${args.runs}, ${new Date().toISOString()}\n`,
);
console.log(
  '| route | wall ms (runs) | CPU ms (runs) | font calls | waiting for fonts ms (runs) | load average (runs) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | --- |');
for (const [route, runs] of results) {
  const pick = (key) => runs.map((r) => r[key]);
  console.log(
    `| ${route} | ${Math.round(median(pick('wall')))} (${spread(pick('wall'))}) | ${Math.round(median(pick('cpu')))} (${spread(pick('cpu'))}) | ${median(pick('fontCalls'))} | ${Math.round(median(pick('fontWall')))} (${spread(pick('fontWall'))}) | ${pick(
      'load',
    )
      .map((l) => l.toFixed(1))
      .join(', ')} |`,
  );
}
