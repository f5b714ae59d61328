/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

import { APP_LISTENS, SLICED, sliceSource, sliceStartup, topLevelImports } from '../../scripts/lib/startup-slices.mjs';

// A framework chunk in Turbopack's shape, as Next 16 writes it (minified): the app entry (module 11)
// imports three modules at its top level and one lazily, inside a function; the bootstrap module
// (module 9) calls appBootstrap, which runs its callback at once when no script comes before the app.
// Both start with an ES module import of module 5 (Turbopack's helpers), as Next's modules do.
const chunk = [
  '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["static/chunks/framework.js",',
  '5,(e,t,n)=>{log.push("helpers")},',
  '21,(e,t,n)=>{log.push("react-dom")},',
  '22,(e,t,n)=>{log.push("router")},',
  '23,(e,t,n)=>{log.push("flight")},',
  '24,(e,t,n)=>{log.push("error-overlay")},',
  '11,(e,t,n)=>{"use strict";let r;e.i(5),Object.defineProperty(n,"hydrate",{enumerable:!0,get:function(){return U}});',
  'let i=e.r(21),u=e.r(22);e.r(23);log.push("app-index");function L(t){return e.r(24)}',
  'function U(t){log.push("hydrate:"+t)}},',
  '9,(e,t,n)=>{"use strict";e.i(5);let r=e.r(8);let l="hooks";(0,r.appBootstrap)(()=>{let{hydrate:t}=e.r(11);t(l)}),',
  '("function"==typeof n.default)&&(t.exports=n.default)}]);',
].join('');

// Runs a chunk's module 9 with a minimal runtime: modules evaluated once, on first require; each
// MessageChannel message delivered as a task of its own, which the log marks with "|".
function run(source: string) {
  const factories = new Map<number, (ctx: object, module: object, exports: object) => void>();
  const log: string[] = [];
  const tasks: (() => void)[] = [];
  class MessageChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
  }
  const globalThis: { TURBOPACK?: unknown[][] } = {};
  // The page's document: the sliced bootstrap tells it when React's root listens.
  const document = { dispatchEvent: (event: { type: string }) => log.push(`event:${event.type}`) };
  class Event {
    constructor(readonly type: string) {}
  }
  runInNewContext(source, { globalThis, log, MessageChannel, document, Event });
  const [, ...pairs] = globalThis.TURBOPACK?.[0] ?? [];
  for (let i = 0; i < pairs.length; i += 2) factories.set(pairs[i] as number, pairs[i + 1] as never);
  const cache = new Map<number, object>();
  const ctx = {
    r(id: number): object {
      if (!cache.has(id)) {
        const exports = {};
        cache.set(id, exports);
        if (id === 8) Object.assign(exports, { appBootstrap: (callback: () => void) => callback() });
        else factories.get(id)!(ctx, { exports }, exports);
      }
      return cache.get(id)!;
    },
    i: (id: number): object => ctx.r(id),
  };
  factories.get(9)!(ctx, {}, {});
  while (tasks.length) {
    log.push('|');
    tasks.shift()!();
  }
  return log;
}

describe('startup slices', () => {
  it('finds the entry top-level imports, not the one inside a function', () => {
    expect(topLevelImports(chunk, 11)).toEqual([-5, 21, 22, 23]);
  });

  it('once hydrate has started React, the document hears that the app listens, and not before', async () => {
    const log = run(sliceSource(chunk)!);
    expect(log.at(-1)).toBe('hydrate:hooks');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.at(-1)).toBe(`event:${APP_LISTENS}`);
    expect(log.filter((entry) => entry.startsWith('event:'))).toHaveLength(1);
  });

  it('as built, the bootstrap runs the whole app and its hydration in one task', () => {
    expect(run(chunk)).toEqual(['helpers', 'react-dom', 'router', 'flight', 'app-index', 'hydrate:hooks']);
  });

  it('sliced, each import runs in a task of its own, then the entry with its hydration, in the same order', () => {
    const sliced = sliceSource(chunk)!;
    expect(sliced).toContain(SLICED);
    expect(run(sliced)).toEqual([
      'helpers', // module 9's own import, before the bootstrap
      '|', // the entry's import of module 5, already evaluated
      '|',
      'react-dom',
      '|',
      'router',
      '|',
      'flight',
      '|',
      'app-index',
      'hydrate:hooks',
    ]);
  });

  it('keeps names with $ in them as they are', () => {
    // Replacement functions: in a replacement string, `$$` would stand for one `$`.
    const dollars = chunk.replace('let l="hooks"', () => 'let $$="hooks"').replace('t(l)})', () => 't($$)})');
    expect(dollars).toContain('t($$)})');
    expect(run(sliceSource(dollars)!).slice(-2)).toEqual(['app-index', 'hydrate:hooks']);
  });

  it('refuses an entry whose top-level imports are not plain statements', () => {
    const conditional = chunk.replace('u=e.r(22);', 'u=P?e.r(22):null;');
    expect(() => sliceSource(conditional)).toThrow(/conditionally or inside a block/);
    const inTry = chunk.replace('e.r(23);', 'try{e.r(23)}catch{}');
    expect(() => sliceSource(inTry)).toThrow(/conditionally or inside a block/);
    const inGetter = chunk.replace('get:function(){return U}', 'get:function(){return e.i(99)}');
    expect(() => sliceSource(inGetter)).toThrow(/conditionally or inside a block/);
  });

  it('refuses a bootstrap that already uses the names it adds', () => {
    expect(() =>
      sliceSource(chunk.replaceAll('let l="hooks"', 'let __q="hooks"').replace('t(l)})', 't(__q)})')),
    ).toThrow(/already uses/);
  });

  it('leaves a chunk without the bootstrap alone, and refuses one it cannot read', () => {
    expect(sliceSource('(globalThis.TURBOPACK||[]).push(["a.js",1,(e)=>{}])')).toBeNull();
    const entryElsewhere = chunk.replace(/11,\(e,t,n\)=>\{/, '12,(e,t,n)=>{');
    expect(() => sliceSource(entryElsewhere)).toThrow(/module 11/);
  });

  describe('on a build folder', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    function fakeBuild(chunks: Record<string, string>, html: string) {
      dir = mkdtempSync(join(tmpdir(), 'slices-'));
      mkdirSync(join(dir, 'server', 'app'), { recursive: true });
      mkdirSync(join(dir, 'static', 'chunks'), { recursive: true });
      writeFileSync(join(dir, 'server', 'app', 'index.html'), html);
      for (const [name, text] of Object.entries(chunks)) writeFileSync(join(dir, 'static', 'chunks', name), text);
    }
    const scripts = (...names: string[]) =>
      names.map((n) => `<script src="/_next/static/chunks/${n}" async=""></script>`).join('');

    it('rewrites the start-up chunk holding the bootstrap, once', () => {
      fakeBuild(
        { 'a.js': '(globalThis.TURBOPACK||[]).push(["a.js",1,(e)=>{}])', 'framework.js': chunk },
        scripts('a.js', 'framework.js'),
      );
      expect(sliceStartup(dir)).toEqual(['framework.js']);
      const once = readFileSync(join(dir, 'static', 'chunks', 'framework.js'), 'utf8');
      expect(once).toContain(SLICED);
      expect(sliceStartup(dir)).toEqual([]);
      expect(readFileSync(join(dir, 'static', 'chunks', 'framework.js'), 'utf8')).toBe(once);
    });

    it('stops the build when no start-up chunk holds the bootstrap', () => {
      fakeBuild(
        { 'a.js': '(globalThis.TURBOPACK||[]).push(["a.js",1,(e)=>{}])', 'framework.js': chunk },
        scripts('a.js'),
      );
      expect(() => sliceStartup(dir)).toThrow(/no start-up chunk/);
    });
  });
});
