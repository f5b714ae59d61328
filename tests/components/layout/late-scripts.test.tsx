import { LATE_SCRIPTS_LOADER } from '@/components/layout/late-scripts';

import { APP_LISTENS } from '../../../scripts/lib/startup-slices.mjs';

// The loader turns the renderer's data-src tags (scripts/lib/late-scripts.mjs) into scripts once the
// first frame is done, and loads nothing else.

let frames: FrameRequestCallback[] = [];
// Each run's listeners on the document, removed after its test so that no loader outlives it.
let listeners: Parameters<Document['addEventListener']>[] = [];
const addEventListener = document.addEventListener.bind(document);
beforeEach(() => {
  listeners = [];
  document.addEventListener = (...args: Parameters<Document['addEventListener']>) => {
    listeners.push(args);
    addEventListener(...args);
  };
  jest.useFakeTimers();
  frames = [];
  window.requestAnimationFrame = (callback) => frames.push(callback);
  document.head.innerHTML =
    '<script data-src="/_next/static/chunks/main.js" id="_R_" async=""></script>' +
    '<script data-src="/_next/static/chunks/page.js" async=""></script>' +
    '<script data-src="https://elsewhere.example/x.js" async=""></script>';
});
afterEach(() => {
  jest.useRealTimers();
  for (const [type, listener, options] of listeners) document.removeEventListener(type, listener, options);
});

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

describe('a tap on an app-only button before the app listens', () => {
  const listens = () => document.dispatchEvent(new Event(APP_LISTENS));
  const taps: string[] = [];
  beforeEach(() => {
    taps.length = 0;
    document.body.innerHTML =
      '<button type="button" id="menu"><span>Menu</span></button><button type="button" id="next">Next</button>' +
      '<button type="button" id="gone">Gone</button><button id="send">Send</button><a href="#x" id="link">x</a>';
    // What the app would do with each tap once it runs; the loader's own listener is on the document.
    for (const id of ['menu', 'next', 'gone', 'send', 'link'])
      document.getElementById(id)!.addEventListener('click', (event) => {
        taps.push(id);
        event.preventDefault();
      });
  });
  afterEach(() => (document.body.innerHTML = ''));

  const tap = (id: string) => {
    const button = document.getElementById(id)!;
    (button.firstElementChild ?? button).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  };

  test('is made again, once per button and in order, when the app says it listens', () => {
    run();
    tap('next');
    tap('menu');
    tap('next'); // tapped again because nothing happened: still one intent
    tap('send');
    tap('link');
    tap('gone');
    document.getElementById('gone')!.remove();
    frames.forEach((frame) => frame(0));
    jest.advanceTimersByTime(3000);
    taps.length = 0;
    expect(taps).toEqual([]); // the scripts are loaded, but the app has not said it listens
    listens();
    expect(taps).toEqual(['next', 'menu']);
  });

  test('is not made again once the app listens, nor twice', () => {
    run();
    tap('menu');
    listens();
    tap('next');
    listens();
    expect(taps).toEqual(['menu', 'menu', 'next']);
  });

  test('a tap the app stops before its button (not hydrated yet) is made again until it reaches it', () => {
    run();
    tap('menu');
    let hydrated = false;
    // React, a tap's target not hydrated yet: it stops the tap on the document, before the button.
    document.addEventListener('click', (event) => hydrated || event.stopPropagation(), true);
    taps.length = 0;
    listens();
    jest.advanceTimersByTime(100);
    expect(taps).toEqual([]);
    hydrated = true;
    jest.advanceTimersByTime(100);
    expect(taps).toEqual(['menu']);
    jest.advanceTimersByTime(10_000);
    expect(taps).toEqual(['menu']);
  });

  test('once the app listens, a tap stopped before its button is noted, until the page is hydrated', () => {
    run();
    listens();
    let hydrated = false;
    document.addEventListener('click', (event) => hydrated || event.stopPropagation(), true);
    tap('menu'); // React could not hydrate the button yet, and stopped the tap
    jest.advanceTimersByTime(0);
    expect(taps).toEqual([]);
    hydrated = true;
    jest.advanceTimersByTime(100);
    expect(taps).toEqual(['menu']);
    document.documentElement.setAttribute('data-hydrated', 'true');
    try {
      hydrated = false; // a tap the page itself stops, once hydrated, is its own business
      tap('next');
      jest.advanceTimersByTime(1000);
      expect(taps).toEqual(['menu']);
    } finally {
      document.documentElement.removeAttribute('data-hydrated');
    }
  });

  test('gives up after 10 s', () => {
    run();
    tap('menu');
    let attempts = 0;
    document.addEventListener(
      'click',
      (event) => {
        attempts++;
        event.stopPropagation();
      },
      true,
    );
    listens();
    jest.advanceTimersByTime(60_000);
    expect(attempts).toBe(100);
  });

  // The browser's own rule: click() on a disabled control does nothing.
  test('a disabled button is not tapped', () => {
    run();
    tap('menu');
    (document.getElementById('menu') as HTMLButtonElement).disabled = true;
    taps.length = 0;
    listens();
    expect(taps).toEqual([]);
  });

  test("the event is the one the app's start-up sends", () => {
    expect(LATE_SCRIPTS_LOADER).toContain(`'${APP_LISTENS}'`);
  });
});
