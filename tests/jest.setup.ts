import '@testing-library/jest-dom';

// Payload loads only as ES modules (jest.cms.config.mjs runs the CMS's own tests, tests/cms): in this
// suite the CMS's reading door serves what an empty database is seeded with, data/.
jest.mock('@/lib/cms', () => jest.requireActual('./helpers/cms-from-data'));

// Pages read Next's draft mode (an editor's preview, app/staff/preview); a test that renders one outside
// a request is a visitor's view, draft mode off.
jest.mock('next/headers', () => ({
  ...jest.requireActual('next/headers'),
  draftMode: async () => ({ isEnabled: false, enable() {}, disable() {} }),
}));

// Components render here outside Next's app router, where useRouter() throws. Links (SiteLink) follow
// and prefetch through the router: tests get one that records what it was asked, the same object on
// every call (a test reads it with useRouter() too).
jest.mock('next/navigation', () => {
  const router = {
    push: jest.fn(),
    replace: jest.fn(),
    prefetch: jest.fn(),
    back: jest.fn(),
    forward: jest.fn(),
    refresh: jest.fn(),
  };
  return { ...jest.requireActual('next/navigation'), useRouter: () => router };
});

// XSRF tokens are signed with this key rather than one written under DATA_DIR.
process.env.XSRF_SECRET ??= 'jest-xsrf-secret-0123456789abcdefghijklmnop';

// jsdom lacks these browser APIs; components that use them get inert stand-ins.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  class InertObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  window.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
  window.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;
}
