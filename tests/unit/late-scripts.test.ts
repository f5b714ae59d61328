/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';

import { LATE_SCRIPTS_LOADER } from '../../scripts/lib/late-scripts-loader.mjs';
import { patchRenderer } from '../../scripts/lib/late-scripts.mjs';

// Next's own copy of React DOM's streaming renderer for Node, the one its page runtimes load.
const RENDERER = require.resolve('next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js');
const nextRequire = createRequire(RENDERER);
// The production React that renderer goes with (jest's NODE_ENV would pick React's development build).
const env = process.env as Record<string, string | undefined>;
const testEnv = env.NODE_ENV;
env.NODE_ENV = 'production';
const React = nextRequire('next/dist/compiled/react');
const ReactDOM = nextRequire('next/dist/compiled/react-dom');
env.NODE_ENV = testEnv;

type Renderer = {
  renderToPipeableStream: (
    element: unknown,
    options: { bootstrapScripts: string[]; onAllReady: () => void; onError: (e: unknown) => void },
  ) => { pipe: (w: Writable) => void };
};

// Loads the renderer from `source`, with the requires of the installed file.
function load(source: string): Renderer {
  const loaded = { exports: {} as Renderer };
  new Function('require', 'module', 'exports', source)(nextRequire, loaded, loaded.exports);
  return loaded.exports;
}

// A page rendered as Next renders one: a bootstrap script, and a component that preinits a chunk.
function render(renderer: Renderer): Promise<string> {
  function Page() {
    ReactDOM.preinit('/_next/static/chunks/page.js', { as: 'script' });
    return React.createElement(
      'html',
      null,
      React.createElement('head', null),
      React.createElement(
        'body',
        null,
        React.createElement('p', null, 'Bonjour'),
        React.createElement('script', { src: '/widget.js' }),
      ),
    );
  }
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk;
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderer.renderToPipeableStream(React.createElement(Page), {
      bootstrapScripts: ['/_next/static/chunks/main.js'],
      onAllReady: () => stream.pipe(sink),
      onError: reject,
    });
  });
}

const installed = readFileSync(RENDERER, 'utf8');

const loaderTag = `<script>${LATE_SCRIPTS_LOADER}</script>`;
const count = (text: string, part: string) => text.split(part).length - 1;

test('the patched renderer writes the start-up scripts with their address in data-src, and nothing else', async () => {
  const html = await render(load(patchRenderer(installed)));
  // The loader comes with the tags it loads, once, right after the bootstrap script.
  expect(html).toContain(`<script data-src="/_next/static/chunks/main.js" id="_R_" async=""></script>${loaderTag}`);
  expect(count(html, loaderTag)).toBe(1);
  expect(html).toContain(
    '<link rel="late-preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  );
  expect(html).toContain('<script data-src="/_next/static/chunks/page.js" async="">');
  expect(html).not.toMatch(/<script src="\/_next|rel="preload"/);
  // A script the page itself renders is left as it is, and so is the text.
  expect(html).toContain('<script src="/widget.js">');
  expect(html).toContain('Bonjour');
});

test('React as Next ships it writes them as ordinary scripts (what the patch changes)', async () => {
  const original = installed
    .replace(`('<script data-src="')`, `('<script src="')`)
    .replace('{ "data-src": src, async: !0 }', '{ src: src, async: !0 }')
    .replace(
      'rel: "late-preload", as: "script", fetchPriority: "low"',
      'rel: "preload",\n as: "script",\n fetchPriority: "low"',
    )
    .replace(
      /stringToPrecomputedChunk\(" async=.*?<\/script>"\)/,
      () => `stringToPrecomputedChunk(' async="">\\x3c/script>')`,
    );
  const html = await render(load(original));
  expect(html).toContain('<script src="/_next/static/chunks/main.js" id="_R_" async=""></script>');
  expect(html).not.toContain('app-listens');
  expect(html).toContain('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>');
  expect(html).toContain('<script src="/_next/static/chunks/page.js" async="">');
  expect(patchRenderer(original)).toBe(patchRenderer(installed));
});

test('patching twice changes nothing', () => {
  const once = patchRenderer(installed);
  expect(patchRenderer(once)).toBe(once);
});

test('a renderer patched with an older loader gets the current one', async () => {
  const current = patchRenderer(installed);
  const older = current.replace(JSON.stringify(LATE_SCRIPTS_LOADER).slice(1, -1), 'window.older=1');
  expect(older).not.toBe(current);
  expect(patchRenderer(older)).toBe(current);
  const html = await render(load(patchRenderer(older)));
  expect(count(html, loaderTag)).toBe(1);
  expect(html).not.toContain('window.older');
});

test('a renderer written another way stops the patch with a message', () => {
  expect(() => patchRenderer('var a=q("<script src=\\"");', 'new-next.js')).toThrow(
    /late-scripts: new-next\.js writes the bootstrap script in a way this patch does not know/,
  );
  // Two places that write the bootstrap script: the patch would not know which one it changed.
  const twice = `q('<script src="');r('<script src="');{src:e,async:!0}`;
  expect(() => patchRenderer(twice)).toThrow(/2 original/);
});
