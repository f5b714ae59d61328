// When a page's last start-up script arrives, Next's bootstrap evaluates the app's entry (React DOM,
// Next's router, the flight client and the rest of the framework's modules) and starts hydration, all
// in the one task that evaluated the script: 100-160 ms on a phone (4x CPU), during which a tap waits.
// The work itself cannot shrink, but it need not be one task. This rewrites the bootstrap in the
// built chunk so that each of the entry's top-level imports is evaluated in a task of its own, in
// the order the entry would evaluate them, then the entry itself, then hydration: the same modules,
// run in the same order, with the browser free to handle input and paint between them
// (docs/performance.md, "The start-up in slices").
//
// The rewrite reads Turbopack's output: the bootstrap call `(0,x.appBootstrap)(()=>{let{hydrate:h}=
// ctx.r(ID);h(hooks)})` and the factory of module ID. If a new Next.js writes either differently, the
// build stops here with that said, rather than ship a page that hydrates in a way nobody measured.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startupChunks } from './compile-hints.mjs';

// Marks a rewritten bootstrap, so that running the step again (npm start after npm run build) is a no-op.
export const SLICED = '/*startup-slices*/';

const BOOTSTRAP =
  /\(0,([\w$]+)\.appBootstrap\)\(\(\)=>\{let\{hydrate:([\w$]+)\}=([\w$]+)\.r\((\d+)\);\2\(([\w$]+)\)\}\)/g;

// The ids the factory of module `id` requires before its first function: its top-level imports, in order.
export function topLevelImports(source, id) {
  const factory = new RegExp(`[,\\[]${id},\\(([\\w$]+)(?:,[\\w$]+)*\\)=>\\{`).exec(source);
  if (!factory) return null;
  const [head, ctx] = factory;
  const body = source.slice(factory.index + head.length);
  // The first function declaration or arrow ends the top-level imports: a require inside one is not
  // run at load, and must not be run early.
  const end = body.search(/\bfunction [\w$]+\(|=>/);
  const prefix = end === -1 ? body : body.slice(0, end);
  const require = new RegExp(`(?<![\\w$.])${ctx.replace(/\$/g, '\\$')}\\.r\\((\\d+)\\)`, 'g');
  return [...prefix.matchAll(require)].map((m) => Number(m[1]));
}

// The bootstrap's replacement: one task per import (a MessageChannel message: no timer clamping), then
// the entry, then hydration with the hooks the original passed.
export function slicedBootstrap({ bootstrapModule, hydrate, ctx, entry, hooks, imports }) {
  return (
    `(0,${bootstrapModule}.appBootstrap)(()=>{${SLICED}let __q=[${imports.join(',')}],__c=new MessageChannel,` +
    `__s=()=>{if(__q.length){${ctx}.r(__q.shift());__c.port2.postMessage(0)}else{let{hydrate:${hydrate}}=${ctx}.r(${entry});` +
    `__c.port1.onmessage=()=>${hydrate}(${hooks});__c.port2.postMessage(0)}};__c.port1.onmessage=__s;__c.port2.postMessage(0)})`
  );
}

// Rewrites the chunk of `source` that holds the bootstrap; returns the new text, or null if there is none.
export function sliceSource(source) {
  const found = [...source.matchAll(BOOTSTRAP)];
  if (found.length === 0) return null;
  if (found.length > 1) throw new Error(`startup-slices: ${found.length} app bootstraps in one chunk`);
  const [call, bootstrapModule, hydrate, ctx, entry, hooks] = found[0];
  const imports = topLevelImports(source, entry);
  if (!imports?.length)
    throw new Error(
      `startup-slices: the app entry (module ${entry}) is not in the bootstrap's chunk, or imports nothing`,
    );
  return source.replace(call, slicedBootstrap({ bootstrapModule, hydrate, ctx, entry, hooks, imports }));
}

function* htmlFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

// Rewrites the bootstrap of a build (`nextDir`, its .next folder): looked for in the chunks every
// prerendered page loads at start-up. Returns the chunk rewritten now ([] if it already was).
export function sliceStartup(nextDir) {
  const chunksDir = join(nextDir, 'static', 'chunks');
  const candidates = new Set();
  for (const page of htmlFiles(join(nextDir, 'server', 'app')))
    for (const chunk of startupChunks(readFileSync(page, 'utf8'))) candidates.add(chunk);
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
