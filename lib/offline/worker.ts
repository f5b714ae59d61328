// The service worker (docs/product.md §13), bundled after `next build` by scripts/lib/build-worker.mjs
// into .next/sw.js and served by app/sw.js/route.ts. It keeps what a visitor read so it stays readable
// offline, and sends the forms that waited for the network. It keeps only what nginx may share too:
// pages prerendered identically for everyone (s-maxage) and content-hashed files. Form answers, /api,
// the newsletter's personal links (a query string) and pages rendered per request never enter a cache.
// Type-checked on its own (lib/offline/tsconfig.worker.json): it runs in a worker, not a page.
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type SerwistPlugin } from 'serwist';

import { langs, localePath, splitPath } from '@/lib/i18n';

import { SYNC_TAG, type WorkerRequest } from './names';
import { sendWaiting, sendWaitingPatiently } from './waiting-forms';

declare const self: ServiceWorkerGlobalScope;
// The build this worker belongs to (.next/BUILD_ID), set by the bundler: a new deploy is a new worker,
// whose offline pages replace the old ones.
declare const BUILD_ID: string;
// The scripts of lib/offline/hold.ts (scripts/lib/build-worker.mjs): named by their hash, kept from the start.
declare const FORM_HOLD_SCRIPTS: string[];

// app/[lang]/offline, in each language.
const OFFLINE_PATH = '/offline';
// Kept on a visitor's first visit, in their language, before they open them.
const START_PATHS = ['/', '/academy', '/contact'];
// A network slower than this for a page gets the copy kept here, if there is one.
const PAGE_TIMEOUT_SECONDS = 3;
const DAY = 24 * 60 * 60;

const CACHE = { pages: 'baobab-pages', files: 'baobab-files', images: 'baobab-images' } as const;

// Only a complete page the server marked shareable: the same for every visitor, so nothing personal.
const shareableOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    /\bs-maxage=/.test(response.headers.get('cache-control') ?? '')
      ? response
      : null,
};

const okOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

// Bounded in number and age (least recently used first), and emptied first when the device runs out of room.
const bounded = (maxEntries: number, days: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY, maxAgeFrom: 'last-used', purgeOnQuotaError: true });

// The staff workspace and the CMS's admin (lib/http/cms-paths.ts) under it: private, always the live site.
const isStaff = (pathname: string) => pathname === '/staff' || pathname.startsWith('/staff/');

// Whatever a workspace or CMS page loads (the admin's scripts are content-hashed files too): the
// referrer is the page's full address, which the site's Referrer-Policy sends within the origin.
function fromStaffPage(request: Request): boolean {
  return URL.canParse(request.referrer) && isStaff(new URL(request.referrer).pathname);
}

// A page address: no query string (the newsletter's links carry personal tokens), nothing of Next's or
// the API's or the staff's, no file.
function isPage(url: URL): boolean {
  return (
    url.origin === self.location.origin &&
    url.search === '' &&
    !/^\/(api|_next|v)\//.test(url.pathname) &&
    !isStaff(url.pathname) &&
    !/\.[^/]*$/.test(url.pathname) &&
    !url.pathname.includes('opengraph-image')
  );
}

// A request for a page's document: a navigation, or the worker's own warm-up (text/html, no RSC header).
function isPageRequest(request: Request, url: URL): boolean {
  if (request.method !== 'GET' || !isPage(url) || request.headers.has('rsc')) return false;
  return request.mode === 'navigate' || (request.headers.get('accept') ?? '').startsWith('text/html');
}

// The scripts a page's HTML loads from our build: `src`, or `data-src` where the page loads them after
// its first paint (scripts/lib/late-scripts.mjs).
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script[^>]+\b(?:data-)?src="(\/_next\/static\/[^"]+)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );

const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

// A kept page whose scripts are not all kept too would start, fail to load one, and replace itself with
// Next's error screen: it is served without its scripts instead, as plain reading (forms still post
// without JavaScript).
const readableCopy: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const html = await cachedResponse.clone().text();
    const kept = await Promise.all(scriptsOf(html).map((src) => caches.match(src)));
    if (kept.every(Boolean)) return cachedResponse;
    return new Response(withoutScripts(html), { headers: cachedResponse.headers });
  },
};

const pages = new NetworkFirst({
  cacheName: CACHE.pages,
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  plugins: [
    shareableOnly,
    bounded(60, 30),
    readableCopy,
    // Neither the network nor a kept copy: the offline page in the address's language.
    { handlerDidError: async ({ request }) => offlineAnswer(new URL(request.url)) },
  ],
});

const serwist = new Serwist({
  precacheEntries: [
    ...langs.map((lang) => ({ url: localePath(lang, OFFLINE_PATH), revision: BUILD_ID })),
    ...FORM_HOLD_SCRIPTS.map((url) => ({ url, revision: null })),
  ],
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    { matcher: ({ request, url }) => isPageRequest(request, url), handler: pages },
    {
      // Scripts, styles and fonts named by the hash of their content.
      matcher: ({ request, url }) =>
        request.method === 'GET' &&
        url.origin === self.location.origin &&
        url.pathname.startsWith('/_next/static/') &&
        !fromStaffPage(request),
      handler: new CacheFirst({ cacheName: CACHE.files, plugins: [okOnly, bounded(200, 30)] }),
    },
    {
      // Pictures: sized by Next's optimiser from an address that carries the picture's hash.
      matcher: ({ request, url }) =>
        request.method === 'GET' &&
        url.origin === self.location.origin &&
        (url.pathname === '/_next/image' || url.pathname.startsWith('/v/')),
      handler: new CacheFirst({ cacheName: CACHE.images, plugins: [okOnly, bounded(150, 30)] }),
    },
  ],
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

// The kept offline page of the address's language, its list filled with the pages this device keeps in
// that language, and without its scripts: it is read as it is, with nothing to hydrate.
async function offlineAnswer(url: URL): Promise<Response> {
  const { lang } = splitPath(url.pathname);
  const page = await serwist.matchPrecache(localePath(lang, OFFLINE_PATH));
  if (!page) return Response.error();
  const cache = await caches.open(CACHE.pages);
  const items: string[] = [];
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (splitPath(path).lang !== lang) continue;
    const html = (await (await cache.match(request))?.text()) ?? '';
    // The title is already escaped in the kept page; unescaping it first keeps it escaped once.
    const title = (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? path).replace(/&amp;/g, '&');
    items.push(`<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a></li>`);
  }
  const html = withoutScripts(await page.text()).replace(
    /(<ul[^>]*data-offline-list[^>]*>)[\s\S]*?(<\/ul>)/,
    `$1${items.join('')}$2`,
  );
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

// After a page's first load (before this worker controlled it): keep that page and what it loaded, and
// the start pages of its language. Each goes through its route, so the same rules and bounds apply.
async function keepVisit(path: string, resources: string[], event: ExtendableEvent): Promise<void> {
  const { lang } = splitPath(path);
  const kept = await caches.open(CACHE.pages);
  // The page itself only when the worker missed its load (it came with what it loaded).
  const wanted = [...(resources.length ? [path] : []), ...START_PATHS.map((start) => localePath(lang, start))];
  const requests = [
    ...wanted.map((page) => new Request(page, { headers: { accept: 'text/html' } })),
    ...resources.map((resource) => new Request(resource)),
  ];
  await Promise.allSettled(
    requests.map(async (request) => {
      if (!URL.canParse(request.url) || new URL(request.url).origin !== self.location.origin) return;
      const isPage = request.headers.has('accept');
      if (isPage && (await kept.match(request))) return;
      const response = await serwist.handleRequest({ request, event });
      // A start page's own scripts, so it runs offline as it does online (most are the current page's,
      // already kept: nothing is downloaded twice).
      if (isPage && response?.ok) {
        const scripts = scriptsOf(await response.text()).map((src) => new Request(src));
        await Promise.allSettled(scripts.map((script) => serwist.handleRequest({ request: script, event })));
      }
    }),
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (event.origin !== self.location.origin) return;
  const data = event.data as WorkerRequest | undefined;
  if (data?.type === 'send') event.waitUntil(sendWaitingPatiently());
  if (data?.type === 'visit' && typeof data.path === 'string' && Array.isArray(data.resources)) {
    event.waitUntil(keepVisit(data.path, data.resources.filter((r) => typeof r === 'string').slice(0, 100), event));
  }
});

// Background Sync: the browser wakes the worker when the network returns, even with no tab open. A
// rejection asks the browser to try again later.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    sendWaiting().then((done) => {
      if (!done) throw new Error('Forms still waiting');
    }),
  );
});

serwist.addEventListeners();
