/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Next's page cache as the split server's two processes share it (lib/http/page-cache.mjs): each process
// is a fresh copy of the module (and of Next's file-system cache under it, with its memory), over one
// build folder.

type Cache = {
  get: (key: string, ctx: object) => Promise<{ value: { html: string } } | null>;
  set: (key: string, data: object, ctx: object) => Promise<void>;
  revalidateTag: (tags: string | string[]) => Promise<void>;
};

const KEY = '/route-cache/APP_PAGE/abc/$/en/projects';
const GET = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc of ${html}`),
  headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/[lang]/projects/layout' },
  status: 200,
  postponed: undefined,
  segmentData: undefined,
});
const SET = { cacheControl: { revalidate: false, expire: undefined } };

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'baobab-page-cache-'))));
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

// One server process: its own copy of the modules, so its own memory of pages.
function aProcess(): Cache {
  let made!: Cache;
  jest.isolateModules(() => {
    const { default: SharedPageCache } = jest.requireActual('../../lib/http/page-cache.mjs');
    const { nodeFs } = jest.requireActual('next/dist/server/lib/node-fs-methods');
    made = new SharedPageCache({ fs: nodeFs, flushToDisk: true, serverDistDir: dir, maxMemoryCacheSize: 50e6 });
  });
  return made;
}

const htmlOf = async (cache: Cache) => (await cache.get(KEY, GET))?.value.html;

it('serves the page another process wrote after the one it holds in memory', async () => {
  const backOffice = aProcess();
  const visitors = aProcess();
  await backOffice.set(KEY, page('before'), SET);
  expect(await htmlOf(visitors)).toBe('before');
  // Made again in the other process: a newer stamp, so the memory's copy is not served.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await backOffice.set(KEY, page('after'), SET);
  expect(await htmlOf(visitors)).toBe('after');
  // Its own pages it keeps serving from memory.
  await visitors.set(KEY, page('own'), SET);
  expect(await htmlOf(visitors)).toBe('own');
});

it('serves a revalidated page until the grace has passed, then has it made again where it is asked for', async () => {
  const backOffice = aProcess();
  const visitors = aProcess();
  await visitors.set(KEY, page('before'), SET);
  await backOffice.revalidateTag(['_N_T_/[lang]/projects/layout']);
  // Within the grace the back office is making it again: the visitors keep the old page meanwhile.
  expect(await htmlOf(visitors)).toBe('before');
  // Never made again (the back office stopped): past the grace, the visitors' process makes it.
  const now = Date.now();
  jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
  expect(await visitors.get(KEY, GET)).toBeNull();
});

it('leaves pages of other tags alone', async () => {
  const backOffice = aProcess();
  const visitors = aProcess();
  await visitors.set(KEY, page('kept'), SET);
  await backOffice.revalidateTag('_N_T_/[lang]/events/layout');
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000);
  expect(await htmlOf(visitors)).toBe('kept');
});

// Next's bare error document, as a page that redirects as it is made is kept (its status and Location
// carry the move).
const ERROR_DOCUMENT = '<!DOCTYPE html><html id="__next_error__"><head></head><body></body></html>';
const moved = { ...page(ERROR_DOCUMENT), status: 308, headers: { ...page('').headers, location: '/en/projects/new' } };

it('serves an error document kept with the status that carries it, and not one kept with a success', async () => {
  const backOffice = aProcess();
  await backOffice.set(KEY, moved, SET);
  expect(await htmlOf(aProcess())).toBe(ERROR_DOCUMENT);
  await backOffice.set(KEY, { ...page(ERROR_DOCUMENT), status: 404 }, SET);
  expect(await htmlOf(aProcess())).toBe(ERROR_DOCUMENT);
  // The page's own status (a success) beside another write's error document: made again, not served.
  await backOffice.set(KEY, page(ERROR_DOCUMENT), SET);
  expect(await aProcess().get(KEY, GET)).toBeNull();
  // A move with nowhere to go, likewise.
  await backOffice.set(KEY, { ...moved, headers: page('').headers }, SET);
  expect(await aProcess().get(KEY, GET)).toBeNull();
  // An ordinary page with a success is served as ever.
  await backOffice.set(KEY, page('<!DOCTYPE html><html lang="en"><body>Projects</body></html>'), SET);
  expect(await htmlOf(aProcess())).toContain('Projects');
});
