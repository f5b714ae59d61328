// V8 compiles a function lazily, on the main thread, the first time it is called. The scripts a page
// loads at start-up (React, Next's router, the page's own client components) are nearly all called
// while the page hydrates, so on a slow phone that compile work blocks the page just as it becomes
// usable. The magic comment below (V8's explicit compile hints, Chrome 136 and later) asks V8 to
// compile the whole file eagerly, on the background thread that streams the script in. Other
// browsers read it as a comment.
//
// Only the chunks a prerendered page names in its own <script> tags are marked: chunks fetched later
// (carousels, the particle animation) keep lazy compilation, as most of their functions may never run.
// Small chunks are left alone too: compiling a few KiB lazily costs next to nothing, while the comment
// adds 35-50 gzip bytes to every page that loads the chunk.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
export const MIN_HINTED_BYTES = 20_000;

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith('.html')) yield path;
  }
}

// The chunk paths (relative to .next/static/chunks) of every module script a page loads at start-up.
export function startupChunks(html) {
  const chunks = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (/\bnomodule\b/i.test(tag)) continue; // the legacy polyfills: modern browsers never run them
    // `data-src` where the page fetches them after its first paint (late-scripts.mjs).
    const src = /\b(?:data-)?src="[^"]*?\/_next\/static\/chunks\/([^"?#]+\.js)/.exec(tag);
    if (src) chunks.add(src[1]);
  }
  return chunks;
}

// Every chunk (relative to .next/static/chunks) that a prerendered page of the build in `nextDir`
// (its .next folder) loads at start-up. Read once after a build and shared by its steps.
export function buildStartupChunks(nextDir) {
  const chunks = new Set();
  for (const page of htmlFiles(join(nextDir, 'server', 'app')))
    for (const chunk of startupChunks(readFileSync(page, 'utf8'))) chunks.add(chunk);
  return chunks;
}

// Marks the start-up chunks (of MIN_HINTED_BYTES or more) of every prerendered page under `nextDir` (a build's .next folder).
// Idempotent: a chunk that already starts with the hint is left as it is. Returns the chunks marked now.
export function markStartupChunks(nextDir, wanted = buildStartupChunks(nextDir)) {
  const chunksDir = join(nextDir, 'static', 'chunks');
  const marked = [];
  for (const chunk of wanted) {
    const path = join(chunksDir, chunk);
    if (!existsSync(path)) throw new Error(`A prerendered page names ${chunk}, which the build did not write`);
    const source = readFileSync(path, 'utf8');
    if (source.startsWith(COMPILE_HINT) || Buffer.byteLength(source) < MIN_HINTED_BYTES) continue;
    writeFileSync(path, COMPILE_HINT + source);
    marked.push(chunk);
  }
  return marked;
}
