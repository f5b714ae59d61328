#!/usr/bin/env node
// The main thread after the first paint, on an emulated cheap phone: per route, the longest task after
// First Contentful Paint and the blocking time after it (Lighthouse's Total Blocking Time, measured
// rather than simulated: the part over 50 ms of every task after FCP), median of N runs, with the host's
// load average beside each run. Needs a build; starts its own servers.
//   node scripts/bench/long-tasks.mjs [--runs 5] [--cpu 4] [--root DIR ...] [--static DIR ...]
//        [--map /academy=/courses ...] [--trace] [--port 3500] [path ...]
// Each `--root` is a build of the site (a folder with its own .next, as privateBuild in
// scripts/lib/next-server.mjs makes; the repository by default); each `--static` is a folder served
// as a single-page app (its index.html for every address without a file), e.g. another site's `dist`,
// whose addresses `--map` translates. Targets alternate within each run, route by route, so a busy
// minute on the shared host costs every target alike.
// --trace records one Chrome trace per route and target and prints where the main thread went after
// FCP: script (split by what the code is: React's hydration and rendering, the RSC payload's decoding,
// the particles, the carousels...), style and layout, paint, HTML parsing, garbage collection.
// Run it under `nice -n -10` on a shared host: the figures are the page's, not the neighbours'.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

import { startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';
import { chromiumPath, phone } from './chromium.mjs';
import { serveStatic } from './static-site.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    root: { type: 'string', multiple: true },
    static: { type: 'string', multiple: true, default: [] },
    map: { type: 'string', multiple: true, default: [] },
    port: { type: 'string', default: '3500' },
    // Seconds without a long task that end a visit (Lighthouse's Time to Interactive waits 5).
    quiet: { type: 'string', default: '5' },
    trace: { type: 'boolean', default: false },
    // Seconds after FCP that the trace breakdown covers.
    window: { type: 'string', default: '10' },
  },
});
const routes = positionals.length
  ? positionals
  : [
      '/',
      '/about',
      '/academy',
      '/contact',
      '/events',
      '/projects',
      '/insights',
      '/events/baobab-data-hackathon-2023',
      '/offers/become-a-data-analyst',
      // French pages run the English pages' scripts (docs/performance.md); name them to measure them.
    ];
const routeMap = new Map(args.map.map((pair) => pair.split('=')));
const roots = args.root?.length ? args.root : args.static.length ? [] : ['.'];
const cpu = Number(args.cpu);

// ---- the targets: built sites and static folders --------------------------------------------------

const targets = [];
const cleanups = [];
let nextPort = Number(args.port);
for (const root of roots) {
  const port = nextPort++;
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-long-tasks-'));
  const server = startNextServer({ port, root, env: { DATA_DIR: dataDir } });
  cleanups.push(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });
  targets.push({ name: root === '.' ? 'this build' : root, base: `http://127.0.0.1:${port}`, server, map: (r) => r });
}
for (const dir of args.static) {
  const port = nextPort++;
  const server = serveStatic(dir, port);
  cleanups.push(() => new Promise((done) => server.close(done)));
  targets.push({ name: dir, base: `http://127.0.0.1:${port}`, map: (r) => routeMap.get(r) ?? r });
}
process.on('exit', () => targets.forEach((t) => t.server?.kill('SIGTERM')));
await Promise.all(targets.map((t) => t.server && waitUntilUp(`${t.base}/about`, { server: t.server })));

// ---- one visit --------------------------------------------------------------------------------------

// Collects long tasks and the first paint from the document's start, before any of the page's scripts.
const observe = () => {
  window.__longTasks = { tasks: [], fcp: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__longTasks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

// A first visit (a fresh profile: no cache, no cookie, no service worker), ended once `quiet` seconds
// pass without a long task after the load event (at most 30 s).
async function visit(url, { trace = false } = {}) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const load = loadavg()[0];
  if (trace) await browser.startTracing(page, { categories: traceCategories });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // Waited for inside the page, with one call: polling from here would add DevTools work to the
  // page's main thread, itself a task of tens of milliseconds under the slowdown.
  await page.evaluate(
    ({ quietMs, capMs }) =>
      new Promise((done) => {
        const started = performance.now();
        const check = () => {
          const lastEnd = Math.max(0, ...window.__longTasks.tasks.map(([start, duration]) => start + duration));
          const now = performance.now();
          if (now - lastEnd >= quietMs || now - started > capMs) done();
          else setTimeout(check, 500);
        };
        check();
      }),
    { quietMs: Number(args.quiet) * 1000, capMs: 30_000 },
  );
  const { tasks, fcp } = await page.evaluate(() => window.__longTasks);
  const traceEvents = trace ? JSON.parse(String(await browser.stopTracing())).traceEvents : null;
  // The document as served (the payload's size, the inline scripts' text), not as the page made it.
  const html = trace ? await fetch(url).then((response) => response.text()) : null;
  await context.close();
  // Lighthouse's rule: only a task's part after FCP counts, and of that, what is over 50 ms blocks.
  const after = tasks
    .map(([start, duration]) => Math.min(duration, start + duration - fcp))
    .filter((duration) => duration > 0);
  return {
    fcp,
    longest: Math.max(0, ...after),
    blocking: after.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    longTaskMs: after.filter((d) => d > 50).reduce((sum, d) => sum + d, 0),
    count: after.filter((d) => d > 50).length,
    load,
    traceEvents,
    html,
  };
}

// ---- the timed runs ---------------------------------------------------------------------------------

const results = new Map(targets.map((t) => [t, new Map(routes.map((r) => [r, []]))]));
for (let i = 0; i < Number(args.runs); i++) {
  for (const route of routes) {
    for (const target of targets) {
      const result = await visit(`${target.base}${target.map(route)}`);
      results.get(target).get(route).push(result);
    }
  }
  console.error(`round ${i + 1} of ${args.runs} done (load ${loadavg()[0].toFixed(1)})`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (v) => String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
console.log(
  `\nLong tasks after FCP, ${phone.viewport.width}×${phone.viewport.height} phone, ${cpu}× CPU, median of ${args.runs}, ${new Date().toISOString()}\n`,
);
console.log(
  '| target | route | FCP ms | blocking after FCP ms (TBT-like) | runs | longest task ms | runs | tasks > 50 ms | load average (runs) |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const route of routes) {
  for (const target of targets) {
    const runs = results.get(target).get(route);
    const m = (key) => median(runs.map((r) => r[key]));
    const spread = (key) => `${ms(Math.min(...runs.map((r) => r[key])))}–${ms(Math.max(...runs.map((r) => r[key])))}`;
    console.log(
      `| ${target.name} | ${target.map(route)} | ${ms(m('fcp'))} | ${ms(m('blocking'))} | ${spread('blocking')} | ${ms(m('longest'))} | ${spread('longest')} | ${m('count')} | ${runs.map((r) => r.load.toFixed(1)).join(', ')} |`,
    );
  }
}

// ---- the trace breakdown ----------------------------------------------------------------------------

const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

// The main thread's native work, by trace event name: what a CPU profile sample taken inside one of
// these was doing. Any other sample with a script address was running that script.
const nativeGroupOf = (name) => {
  if (
    /^(UpdateLayoutTree|RecalculateStyles|Layout|InvalidateLayout|ParseAuthorStyleSheet|HitTest|UpdateLayerTree|IntersectionObserverController::computeIntersections)$/.test(
      name,
    )
  )
    return 'style and layout';
  if (
    /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|PaintImage|Decode Image|ImageDecodeTask|Commit)$/.test(name)
  )
    return 'paint';
  if (name === 'ParseHTML') return 'HTML parsing';
  if (/^(MinorGC|MajorGC|V8\.GC|BlinkGC|CppGC)/.test(name)) return 'garbage collection';
  return null;
};

// What a piece of script is, from the text of the module (or the script) it was in.
const kinds = [
  ['the particles (@tsparticles, then the hero canvas)', /tsParticles|home-particles/],
  ['the carousels (embla)', /containScroll|slidesToScroll/],
  ['the RSC payload (decoding self.__next_f)', /"resolved_model"/],
  ['React: hydration and rendering', /__reactFiber|unstable_scheduleCallback/],
  ['form validation (zod)', /ZodError/],
  ['offline support (service worker)', /serviceWorker/],
  ['the cookie banner and analytics', /cookie_consent|data-analytics|dataset\.analytics/],
  ['the router and the rest of Next.js', /__next_f|__NEXT|next-router|_rsc|nextjs/],
];

// Turbopack's chunks: `.push([script, id, factory, id, factory, ...])`. The spans of a chunk's
// modules, so that a profile's sample can be put in its module.
const scriptTexts = new Map();
async function modulesOf(url, base, html) {
  if (scriptTexts.has(url)) return scriptTexts.get(url);
  let text = '';
  if (url === `${base}/` || !/\.(m?js)(\?|$)/.test(url)) text = html ?? '';
  else
    text = await fetch(url).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
  // Only Turbopack's chunks say where their modules start; another bundle is one script.
  const turbopack = text.includes('globalThis.TURBOPACK');
  const starts = !turbopack
    ? []
    : [...text.matchAll(/[,[](\d{3,8}),(?:\(?[\w$]+(?:,[\w$]+)*\)?=>|function\s*\()/g)].map((m) => m.index);
  const spans = (starts.length ? starts : [0]).map((start, i, all) => ({
    start,
    turbopack,
    kind: !turbopack
      ? undefined
      : kinds.find(([, pattern]) => pattern.test(text.slice(start, all[i + 1] ?? text.length)))?.[0],
  }));
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
  const entry = { spans, lineStarts, inline: !/\.(m?js)(\?|$)/.test(url) };
  scriptTexts.set(url, entry);
  return entry;
}

// Where the main thread's time went between FCP and the end of the visit: every CPU profile sample on
// it is given to the native work it fell in (style, layout, paint, parsing, GC), else to the script
// it was running, by what that script's module is. The samples are CPU time; the tasks, wall time.
async function breakdown(target, { traceEvents, html }) {
  const fcpEvent = traceEvents.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) return null;
  const { pid, tid } = fcpEvent;
  const from = fcpEvent.ts;
  const onMain = traceEvents.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur > 0);
  // The same window for every page: from FCP, `window` seconds, or to the end of the visit if sooner.
  const to = Math.min(Math.max(...onMain.map((e) => e.ts + e.dur)), from + Number(args.window) * 1e6);
  const clip = (e) => Math.max(0, Math.min(e.ts + e.dur, to) - Math.max(e.ts, from));
  // Top-level tasks only: a task can run inside another (a nested run loop).
  let taskEnd = 0;
  let busy = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts)) {
    if (task.ts < taskEnd) continue;
    taskEnd = task.ts + task.dur;
    busy += clip(task);
  }
  const native = onMain
    .filter((e) => nativeGroupOf(e.name) && e.ts + e.dur > from)
    .map((e) => ({ start: e.ts, end: e.ts + e.dur, group: nativeGroupOf(e.name) }))
    .sort((a, b) => a.start - b.start);

  const nodes = new Map();
  const samples = [];
  // The main thread's profile (a service worker in the same process has its own).
  const profile = traceEvents.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  let time = profile?.args.data.startTime ?? 0;
  for (const e of traceEvents) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || e.id !== profile?.id) continue;
    const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, i) => {
      const delta = timeDeltas[i] ?? 0;
      time += delta;
      samples.push({ id, time, weight: delta });
    });
  }
  samples.sort((a, b) => a.time - b.time);
  const totals = new Map();
  const add = (group, amount) => totals.set(group, (totals.get(group) ?? 0) + amount);
  let explained = 0;
  let n = 0;
  const open = [];
  for (const sample of samples) {
    if (sample.time < from || sample.time > to) continue;
    let node = nodes.get(sample.id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    while (n < native.length && native[n].start <= sample.time) open.push(native[n++]);
    const inside = open.filter((span) => span.end >= sample.time);
    open.length = 0;
    open.push(...inside);
    const weight = Math.min(sample.weight, 2000);
    explained += weight;
    if (inside.length) {
      add(inside.at(-1).group, weight);
      continue;
    }
    if (node.callFrame.functionName === '(garbage collector)') {
      add('garbage collection', weight);
      continue;
    }
    while (node && !node.callFrame.url && node.parent) node = nodes.get(node.parent);
    const url = node?.callFrame.url;
    if (!url) {
      add('other native work', weight);
      continue;
    }
    const { spans, lineStarts, inline } = await modulesOf(url, target.base, html);
    let kind;
    if (inline) kind = 'inline scripts (self.__next_f pushes, consent)';
    else if (!url.startsWith(target.base)) kind = 'other scripts';
    else {
      const offset = (lineStarts[node.callFrame.lineNumber] ?? 0) + node.callFrame.columnNumber;
      const span = spans.findLast((s) => s.start <= offset) ?? spans[0];
      kind = span.turbopack ? (span.kind ?? 'other modules (site components, React, Next)') : 'other scripts';
    }
    add(`script: ${kind}`, weight);
  }
  // Under the slowdown the thread is paused for most of a task, and the host's other work takes its
  // share: task time no sample covers.
  add('not sampled', Math.max(0, busy - explained));
  const payload = [...(html ?? '').matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)].reduce(
    (sum, [, body]) => sum + Buffer.byteLength(body),
    0,
  );
  return { busy, totals, payload, htmlBytes: Buffer.byteLength(html ?? '') };
}

if (args.trace) {
  console.log(
    `\nWhere the main thread went in the ${args.window} s after FCP (one traced visit per route, ${cpu}× CPU), ms\n`,
  );
  const columns = [
    'script: React: hydration and rendering',
    'script: the RSC payload (decoding self.__next_f)',
    'script: the router and the rest of Next.js',
    'script: other modules (site components, React, Next)',
    'script: the particles (@tsparticles, then the hero canvas)',
    'script: the carousels (embla)',
    'script: form validation (zod)',
    'script: the cookie banner and analytics',
    'script: offline support (service worker)',
    'script: inline scripts (self.__next_f pushes, consent)',
    'script: other scripts',
    'style and layout',
    'paint',
    'HTML parsing',
    'garbage collection',
    'other native work',
    'not sampled',
  ];
  const rows = [];
  for (const route of routes) {
    for (const target of targets) {
      const run = await visit(`${target.base}${target.map(route)}`, { trace: true });
      if (process.env.LONG_TASKS_DEBUG)
        (await import('node:fs')).writeFileSync(
          `/tmp/long-tasks-${target.map(route).replaceAll('/', '_')}.json`,
          JSON.stringify(run.traceEvents),
        );
      const b = await breakdown(target, run);
      scriptTexts.clear();
      if (!b) {
        rows.push(`| ${target.name} | ${target.map(route)} | no FCP in the trace |`);
        continue;
      }
      const cell = (name) => ms((b.totals.get(name) ?? 0) / 1000);
      rows.push(
        `| ${target.name} | ${target.map(route)} | ${ms(b.busy / 1000)} | ${columns.map(cell).join(' | ')} | ${(b.payload / 1024).toFixed(1)} of ${(b.htmlBytes / 1024).toFixed(1)} | ${run.load.toFixed(1)} |`,
      );
    }
  }
  console.log(`| target | route | main thread busy | ${columns.join(' | ')} | RSC payload KiB of HTML KiB | load |`);
  console.log(`| --- | --- | ---: | ${columns.map(() => '---:').join(' | ')} | ---: | ---: |`);
  console.log(rows.join('\n'));
}

await browser.close();
for (const cleanup of cleanups) await cleanup();
