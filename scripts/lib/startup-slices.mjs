// When a page's last start-up script arrives, Next's bootstrap evaluates the app's entry (React DOM,
// Next's router, the flight client and the rest of the framework's modules) and starts hydration, all
// in the one task that evaluated the script: 100-160 ms on a phone (4x CPU), during which a tap waits.
// The work itself cannot shrink, but it need not be one task. This rewrites the bootstrap in the
// built chunk so that each of the entry's top-level imports is evaluated in a task of its own, in
// the order the entry would evaluate them, then the entry itself with the hydration: the same
// modules, run in the same order, with the browser free to handle input and paint between them
// (docs/performance.md, "The start-up in slices").
//
// The rewrite reads Turbopack's output: the bootstrap call `(0,x.appBootstrap)(()=>{let{hydrate:h}=
// ctx.r(ID);h(hooks)})` and the factory of module ID. If a new Next.js writes either differently, the
// build stops here with that said, rather than ship a page that hydrates in a way nobody measured.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildStartupChunks } from './compile-hints.mjs';

// Marks a rewritten bootstrap, so that running the step again (npm start after npm run build) is a no-op.
export const SLICED = '/*startup-slices*/';

const BOOTSTRAP =
  /\(0,([\w$]+)\.appBootstrap\)\(\(\)=>\{let\{hydrate:([\w$]+)\}=([\w$]+)\.r\((\d+)\);\2\(([\w$]+)\)\}\)/g;

const escape = (name) => name.replace(/\$/g, '\\$');

// What the factory of module `id` imports at its top level, in order: `ctx.r(N)` (a require) as N and
// `ctx.i(N)` (an ES module import) as -N. Read from the factory's start to its first function
// declaration or arrow, since a require inside a function is not run at load and must not be run early.
// Anything that would make an early run differ (an import that is conditional, in a block, a getter or
// a try) stops the build. Returns null when the chunk does not hold the module.
export function topLevelImports(source, id) {
  const factory = new RegExp(`[,\\[]${id},\\(([\\w$]+)(?:,[\\w$]+)*\\)=>\\{`).exec(source);
  if (!factory) return null;
  const [head, ctx] = factory;
  const body = source.slice(factory.index + head.length);
  const end = body.search(/\bfunction [\w$]+\(|=>/);
  const prefix = end === -1 ? body : body.slice(0, end);
  const calls = [...prefix.matchAll(new RegExp(`(?<![\\w$.])${escape(ctx)}\\.([ri])\\((\\d+)\\)`, 'g'))];
  const firstRequire = calls.findIndex((m) => m[1] === 'r');
  if (firstRequire === -1) return [];
  const last = calls.at(-1);
  // Between the first require and the last import: plain statements only.
  const section = prefix.slice(calls[firstRequire].index, last.index + last[0].length);
  // Before it: only imports that are statements of their own (`;e.i(5),`), not inside an object or a getter.
  const early = calls.slice(0, firstRequire).filter((m) => !/[;,]$/.test(prefix.slice(0, m.index)));
  if (/[?{}]|\btry\b|\bfunction\b|&&|\|\|/.test(section) || early.length)
    throw new Error(
      `startup-slices: module ${id} imports something conditionally or inside a block at its top level; ` +
        'its imports cannot be run one by one safely. See scripts/lib/startup-slices.mjs',
    );
  return calls.map((m) => (m[1] === 'i' ? -Number(m[2]) : Number(m[2])));
}

const SLICE_NAMES = ['__q', '__c', '__s'];

// The event the document receives once React's root listens (Next's hydrate has called hydrateRoot:
// it resolves right after), for the late-scripts loader to make the taps it noted before.
export const APP_LISTENS = 'app-listens';

// The bootstrap's replacement: one task per import (a MessageChannel message: no timer clamping), then
// one for the entry and its hydration together, with the hooks the original passed. The entry and the
// hydration stay in one task as Next wrote them: the entry schedules the closing of its server data
// for after hydration. Once hydrate has started React's root, the document hears APP_LISTENS.
export function slicedBootstrap({ bootstrapModule, hydrate, ctx, entry, hooks, imports }) {
  return (
    `(0,${bootstrapModule}.appBootstrap)(()=>{${SLICED}let __q=[${imports.join(',')}],__c=new MessageChannel;` +
    `__c.port1.onmessage=()=>{if(!__q.length){let{hydrate:${hydrate}}=${ctx}.r(${entry});` +
    `Promise.resolve(${hydrate}(${hooks})).then(()=>document.dispatchEvent(new Event('${APP_LISTENS}')));return}` +
    `let __s=__q.shift();__s<0?${ctx}.i(-__s):${ctx}.r(__s);` +
    `__c.port2.postMessage(0)};__c.port2.postMessage(0)})`
  );
}

// Rewrites the chunk of `source` that holds the bootstrap; returns the new text, or null if there is none.
export function sliceSource(source) {
  const found = [...source.matchAll(BOOTSTRAP)];
  if (found.length === 0) return null;
  if (found.length > 1) throw new Error(`startup-slices: ${found.length} app bootstraps in one chunk`);
  const [call, bootstrapModule, hydrate, ctx, entry, hooks] = found[0];
  if ([ctx, hooks, hydrate].some((name) => SLICE_NAMES.includes(name)))
    throw new Error(`startup-slices: the bootstrap already uses one of the names ${SLICE_NAMES.join(', ')}`);
  const imports = topLevelImports(source, entry);
  if (!imports?.length)
    throw new Error(
      `startup-slices: the app entry (module ${entry}) is not in the bootstrap's chunk, or imports nothing`,
    );
  const at = source.indexOf(call);
  return (
    source.slice(0, at) +
    slicedBootstrap({ bootstrapModule, hydrate, ctx, entry, hooks, imports }) +
    source.slice(at + call.length)
  );
}

// Rewrites the bootstrap of a build (`nextDir`, its .next folder): looked for in the chunks its
// prerendered pages load at start-up. Returns the chunk rewritten now ([] if it already was).
export function sliceStartup(nextDir, candidates = buildStartupChunks(nextDir)) {
  const chunksDir = join(nextDir, 'static', 'chunks');
  for (const chunk of candidates) {
    const path = join(chunksDir, chunk);
    const source = readFileSync(path, 'utf8');
    if (source.includes(SLICED)) return [];
    const sliced = sliceSource(source);
    if (sliced === null) continue;
    writeFileSync(path, sliced);
    return [chunk];
  }
  throw new Error(
    `startup-slices: no start-up chunk of the ${candidates.size} the pages load holds Next's app bootstrap; ` +
      'has Next.js changed how it starts? See scripts/lib/startup-slices.mjs',
  );
}
