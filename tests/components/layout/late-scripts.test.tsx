import { LATE_SCRIPTS_LOADER } from '../../../scripts/lib/late-scripts-loader.mjs';
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

describe('a tap on an app-only button before the app takes it', () => {
  const listens = () => document.dispatchEvent(new Event(APP_LISTENS));
  const hydrate = (element: Element) => Object.assign(element, { __reactProps$test: {} });
  const pageHydrated = () => document.documentElement.setAttribute('data-hydrated', 'true');
  const taps: string[] = [];
  beforeEach(() => {
    taps.length = 0;
    document.body.innerHTML =
      '<button type="button" id="menu"><span>Menu</span></button><button type="button" id="next">Next</button>' +
      '<button type="button" id="gone">Gone</button><button id="send">Send</button><a href="#x" id="link">x</a>';
    // What the app does with each tap once it has hydrated the element (React's mark on it); the
    // loader's own listener is on the document.
    for (const id of ['menu', 'next', 'gone', 'send', 'link']) {
      const element = document.getElementById(id)!;
      hydrate(element);
      element.addEventListener('click', (event) => {
        taps.push(id);
        event.preventDefault();
      });
    }
  });
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-hydrated');
  });

  const tap = (id: string) => {
    const button = document.getElementById(id)!;
    (button.firstElementChild ?? button).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  };

  test('is made again, once per button and in order, once the root listens and the page is hydrated', () => {
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
    listens();
    jest.advanceTimersByTime(500);
    expect(taps).toEqual([]); // the root listens, but the page is still hydrating
    pageHydrated();
    jest.advanceTimersByTime(100);
    expect(taps).toEqual(['next', 'menu']);
    jest.advanceTimersByTime(10_000);
    expect(taps).toEqual(['next', 'menu']);
  });

  test("once the root listens, a tap that reaches its hydrated button is the app's alone", () => {
    run();
    listens();
    tap('menu');
    jest.advanceTimersByTime(100);
    pageHydrated();
    jest.advanceTimersByTime(1000);
    expect(taps).toEqual(['menu']);
  });

  test('once the root listens, a tap React stops before its button is noted, until the page is hydrated', () => {
    run();
    listens();
    let stopping = true;
    document.addEventListener('click', (event) => stopping && event.stopPropagation(), true);
    tap('menu'); // React could not hydrate the button yet, and stopped the tap
    jest.advanceTimersByTime(200);
    expect(taps).toEqual([]);
    stopping = false;
    pageHydrated();
    jest.advanceTimersByTime(100);
    expect(taps).toEqual(['menu']);
    stopping = true; // a tap the page itself stops, once hydrated, is its own business
    tap('next');
    jest.advanceTimersByTime(1000);
    expect(taps).toEqual(['menu']);
  });

  test('10 s after the root listens, a lost tap is no longer noted', () => {
    run();
    listens();
    document.addEventListener('click', (event) => event.stopPropagation(), true);
    jest.advanceTimersByTime(10_001);
    tap('menu');
    jest.advanceTimersByTime(0);
    pageHydrated();
    let attempts = 0;
    document.addEventListener('click', () => attempts++, true);
    jest.advanceTimersByTime(1000);
    expect(attempts).toBe(0);
  });

  test('a tap that reaches a button React has not hydrated is made again until it has', () => {
    run();
    listens();
    const menu = document.getElementById('menu')!;
    delete (menu as unknown as { __reactProps$test?: object }).__reactProps$test;
    tap('menu'); // lost: React dispatched it to nothing
    pageHydrated(); // the page, but not yet this part of it
    jest.advanceTimersByTime(300);
    expect(taps).toEqual(['menu', 'menu', 'menu', 'menu']); // the tap and one every 100 ms, all lost
    hydrate(menu);
    taps.length = 0;
    jest.advanceTimersByTime(1000);
    expect(taps).toEqual(['menu']);
  });

  test('gives up 10 s after the root listens', () => {
    run();
    tap('menu');
    listens();
    pageHydrated();
    let attempts = 0;
    document.addEventListener(
      'click',
      (event) => {
        attempts++;
        event.stopPropagation();
      },
      true,
    );
    jest.advanceTimersByTime(60_000);
    expect(attempts).toBe(100);
  });

  test('a button the app has drawn again meanwhile is found by its place and name', () => {
    run();
    tap('next');
    const drawn = document.createElement('button');
    drawn.type = 'button';
    drawn.textContent = 'Next';
    hydrate(drawn);
    drawn.addEventListener('click', () => taps.push('next, drawn again'));
    document.getElementById('next')!.replaceWith(drawn);
    listens();
    pageHydrated();
    jest.advanceTimersByTime(100);
    expect(taps).toEqual(['next', 'next, drawn again']);
  });

  // The browser's own rule: click() on a disabled control does nothing.
  test('a disabled button is not tapped', () => {
    run();
    tap('menu');
    (document.getElementById('menu') as HTMLButtonElement).disabled = true;
    taps.length = 0;
    listens();
    pageHydrated();
    jest.advanceTimersByTime(1000);
    expect(taps).toEqual([]);
  });

  test("the event is the one the app's start-up sends", () => {
    expect(LATE_SCRIPTS_LOADER).toContain(`'${APP_LISTENS}'`);
  });
});

// The mark the loader reads is React's own: the React Next ships puts it on each element it hydrates.
test('React marks a hydrated button with its props, as the loader expects', async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(__filename);
  const React = require('next/dist/compiled/react') as typeof import('react');
  const { hydrateRoot } = require('next/dist/compiled/react-dom/client') as typeof import('react-dom/client');
  const { act } = React;
  jest.useRealTimers();
  const host = document.createElement('div');
  host.innerHTML = '<button type="button">Menu</button>';
  document.body.append(host);
  const button = host.querySelector('button')!;
  expect(Object.keys(button).some((key) => key.startsWith('__reactProps$'))).toBe(false);
  (globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    hydrateRoot(host, React.createElement('button', { type: 'button', onClick: () => {} }, 'Menu'));
  });
  expect(Object.keys(button).some((key) => key.startsWith('__reactProps$'))).toBe(true);
  expect(LATE_SCRIPTS_LOADER).toContain("'__reactProps$'");
  host.remove();
});
