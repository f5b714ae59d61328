// The page's scripts are fetched once it has painted, not while it lays out its first screen.
//
// Next has React write every start-up chunk as `<script src async>` in the head, so the browser requests
// all of them (ten on most pages) the moment it reads the HTML, and its first layout runs while they
// load. On Linux the renderer asks the browser process, one synchronous call at a time, for each font
// size and weight it draws and for the cookie the consent line reads; with ten requests in flight those
// answers come late, and the first layout waited 60-110 ms for them (docs/performance.md, "Scripts
// after the first paint"). Lighthouse counts that wait four times over.
//
// This patches Next's compiled page renderer (the copy of React's HTML renderer it ships) so that the
// two kinds of start-up script tags it writes carry their address in `data-src`: the bootstrap script and
// the scripts Next and React "preinit" (the other start-up chunks and the page's client components);
// the bootstrap script's `<link rel="preload">` becomes a rel the browser ignores. Right after the
// bootstrap script it writes the loader (late-scripts-loader.mjs), which turns each tag into a real
// script once the page has painted: whatever document Next renders, our layouts or its own error
// documents, the tags and their loader come together. Without JavaScript nothing changes; a script tag
// written any other way is left alone. The patch is idempotent and runs before every build and every
// start (a loader changed since the last run replaces the one written then); it stops with a message if
// a new Next writes those tags differently.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { LATE_SCRIPTS_LOADER } from './late-scripts-loader.mjs';

// What ends the bootstrap script's tag once patched: the tag's end, then the loader. The loader's tag
// carries no nonce (the site's CSP allows inline scripts, lib/security/headers.ts): a CSP with a nonce
// would need it written here from the bootstrap tag's.
const BOOTSTRAP_END = ` async=""></script><script>${LATE_SCRIPTS_LOADER}</script>`;

// [what it is, the renderer's code as Next ships it, as patched, how the patched code is found]
// (the renderer is minified in Next's page runtimes, readable in its copies of React DOM).
const EDITS = [
  ['the bootstrap script', /(\b[\w$]+)\('<script src="'\)/g, "$1('<script data-src=\"')", `('<script data-src="')`],
  ['a preinit script', /\{ ?src: ?([\w$]+), ?async: ?!0 ?\}/g, '{ "data-src": $1, async: !0 }', '{ "data-src": '],
  // The end of the bootstrap script's tag (a precomputed chunk, written once per bootstrap script), as a
  // JSON string so that the loader's quotes need no care. Found patched by its JSON string, whichever
  // loader it holds, so that a changed loader replaces the old one.
  [
    'the end of the bootstrap script',
    /(\b[\w$]+\(\s*)' async=""\s*>(?:<\\\/|\\x3c\/)script>'(\s*\))/g,
    (_, call, close) => call + JSON.stringify(BOOTSTRAP_END) + close,
    /(\b[\w$]+\(\s*)" async=\\"\\"><\/script><script>(?:[^"\\]|\\.)*"(\s*\))/g,
  ],
  // The bootstrap script's preload link in the head: a rel the browser does not know fetches nothing.
  [
    "the bootstrap script's preload",
    /rel: ?"preload",\s*as: ?"script",\s*fetchPriority: ?"low"/g,
    'rel: "late-preload", as: "script", fetchPriority: "low"',
    'rel: "late-preload"',
  ],
];

// The production HTML renderers of the Next installed at `nextDir` (node_modules/next): its page
// runtimes, and the copies of React DOM's streaming renderer they load.
function renderers(nextDir) {
  const compiled = join(nextDir, 'dist', 'compiled');
  const found = [];
  const pick = (dir, test) => {
    if (existsSync(dir)) for (const name of readdirSync(dir)) if (test.test(name)) found.push(join(dir, name));
  };
  pick(join(compiled, 'next-server'), /^app-page(?:-turbo)?(?:-experimental)?\.runtime\.prod\.js$/);
  for (const react of ['react-dom', 'react-dom-experimental'])
    pick(join(compiled, react, 'cjs'), /^react-dom-server\.(?:node|edge|browser)\.production\.js$/);
  return found;
}

// Patches the text of one renderer; returns it unchanged when it is patched already.
export function patchRenderer(text, name = 'renderer') {
  let out = text;
  for (const [what, original, patched, marker] of EDITS) {
    const found = out.match(original)?.length ?? 0;
    const done = typeof marker === 'string' ? out.split(marker).length - 1 : (out.match(marker)?.length ?? 0);
    if (found === 1 && done === 0) out = out.replace(original, patched);
    else if (found === 0 && done === 1 && typeof patched === 'function') out = out.replace(marker, patched);
    else if (!(found === 0 && done === 1))
      throw new Error(
        `late-scripts: ${name} writes ${what} in a way this patch does not know (${found} original, ${done} patched); ` +
          'see scripts/lib/late-scripts.mjs',
      );
  }
  return out;
}

// Patches every production page renderer of Next in `nextDir`; returns the files it changed.
export function patchNextRenderers(nextDir = join('node_modules', 'next')) {
  const changed = [];
  for (const file of renderers(nextDir)) {
    const text = readFileSync(file, 'utf8');
    const patched = patchRenderer(text, file);
    if (patched !== text) {
      // Whole or not at all: a process loading the renderer meanwhile (a test, a server) reads one or
      // the other, never half a file.
      writeFileSync(`${file}.${process.pid}.tmp`, patched);
      renameSync(`${file}.${process.pid}.tmp`, file);
      changed.push(file);
    }
  }
  return changed;
}
