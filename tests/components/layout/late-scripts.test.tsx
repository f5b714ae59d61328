import { LATE_SCRIPTS_LOADER } from '@/components/layout/late-scripts';

// The loader turns the renderer's data-src tags (scripts/lib/late-scripts.mjs) into scripts once the
// first frame is done, and loads nothing else.

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  jest.useFakeTimers();
  frames = [];
  window.requestAnimationFrame = (callback) => frames.push(callback);
  document.head.innerHTML =
    '<script data-src="/_next/static/chunks/main.js" id="_R_" async=""></script>' +
    '<script data-src="/_next/static/chunks/page.js" async=""></script>' +
    '<script data-src="https://elsewhere.example/x.js" async=""></script>';
});
afterEach(() => jest.useRealTimers());

const run = () => new Function(LATE_SCRIPTS_LOADER)();
const loaded = () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

test('nothing is loaded before the first frame; after it, each start-up tag becomes a script in its place', () => {
  run();
  expect(loaded()).toEqual([]);
  frames.forEach((frame) => frame(0));
  expect(loaded()).toEqual([]); // the task after the frame, not the frame itself
  jest.advanceTimersByTime(0);
  expect(loaded()).toEqual(['/_next/static/chunks/main.js', '/_next/static/chunks/page.js']);
  const main = document.getElementById('_R_')!;
  expect(main.getAttribute('src')).toBe('/_next/static/chunks/main.js');
  expect(main.hasAttribute('async')).toBe(true);
  expect(main.hasAttribute('data-src')).toBe(false);
  expect(document.querySelectorAll('#_R_')).toHaveLength(1);
  expect(document.querySelectorAll('script[data-src^="/_next/"]')).toHaveLength(0);
});

test('a tag with an address outside the build is left as it is', () => {
  run();
  frames.forEach((frame) => frame(0));
  jest.advanceTimersByTime(0);
  const other = document.querySelector('script[data-src="https://elsewhere.example/x.js"]');
  expect(other).not.toBeNull();
  expect(other!.hasAttribute('src')).toBe(false);
});

test('a tab that paints nothing loads them after 3 s, once', () => {
  run();
  jest.advanceTimersByTime(2999);
  expect(loaded()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(loaded()).toHaveLength(2);
  frames.forEach((frame) => frame(0));
  jest.advanceTimersByTime(0);
  expect(loaded()).toHaveLength(2);
});

test('tags the stream brings after the first frame are loaded once the document has been read', () => {
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  try {
    run();
    frames.forEach((frame) => frame(0));
    jest.advanceTimersByTime(0);
    document.body.insertAdjacentHTML('beforeend', '<script data-src="/_next/static/chunks/late.js" async=""></script>');
    expect(loaded()).toHaveLength(2);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(loaded()).toEqual([
      '/_next/static/chunks/main.js',
      '/_next/static/chunks/page.js',
      '/_next/static/chunks/late.js',
    ]);
  } finally {
    delete (document as unknown as { readyState?: string }).readyState;
  }
});
