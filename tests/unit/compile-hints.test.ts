/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { COMPILE_HINT, markStartupChunks, MIN_HINTED_BYTES, startupChunks } from '../../scripts/lib/compile-hints.mjs';

// A build's .next folder in miniature: two prerendered pages and the chunks they name.
function fakeBuild(pages: Record<string, string>, chunks: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'hints-'));
  mkdirSync(join(dir, 'server', 'app', 'academy'), { recursive: true });
  mkdirSync(join(dir, 'static', 'chunks'), { recursive: true });
  for (const [path, html] of Object.entries(pages)) writeFileSync(join(dir, 'server', 'app', path), html);
  for (const [name, source] of Object.entries(chunks)) writeFileSync(join(dir, 'static', 'chunks', name), source);
  return dir;
}

const large = 'x'.repeat(MIN_HINTED_BYTES);
const chunk = (dir: string, name: string) => readFileSync(join(dir, 'static', 'chunks', name), 'utf8');

describe('markStartupChunks', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('marks the large chunks pages load at start-up, and only those, once', () => {
    dir = fakeBuild(
      {
        'index.html':
          '<script src="/_next/static/chunks/react.js" async=""></script><script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
        'academy/python.html':
          '<script src="/_next/static/chunks/react.js" async=""></script><script src="/_next/static/chunks/tiny.js" async=""></script>',
      },
      { 'react.js': large, 'polyfills.js': large, 'tiny.js': 'y', 'lazy.js': large },
    );
    expect(markStartupChunks(dir)).toEqual(['react.js']);
    expect(chunk(dir, 'react.js')).toBe(COMPILE_HINT + large);
    for (const name of ['polyfills.js', 'tiny.js', 'lazy.js'])
      expect(chunk(dir, name).startsWith(COMPILE_HINT)).toBe(false);
    // npm start after npm run build runs it again on the same files.
    expect(markStartupChunks(dir)).toEqual([]);
    expect(chunk(dir, 'react.js')).toBe(COMPILE_HINT + large);
  });

  it('fails loudly when a page names a chunk the build did not write', () => {
    dir = fakeBuild({ 'index.html': '<script src="/_next/static/chunks/gone.js" async=""></script>' }, {});
    expect(() => markStartupChunks(dir)).toThrow(/gone\.js/);
  });
});

test('the start-up chunks are read from tags loaded at once and from tags loaded after the first paint', () => {
  const html =
    '<script src="/_next/static/chunks/react.js" async=""></script>' +
    '<script data-src="/_next/static/chunks/router.js" async=""></script>' +
    '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>' +
    '<script data-source="/_next/static/chunks/not-a-script.js"></script>';
  expect([...startupChunks(html)]).toEqual(['react.js', 'router.js']);
});
