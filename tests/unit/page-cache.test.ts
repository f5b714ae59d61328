/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Next's page cache as the split server's two processes share it (lib/http/page-cache.mjs): each process
// is a fresh copy of the module (and of Next's file-system cache under it, with its memory), over one
// build folder.

type Cache = {
  get: (key: string, ctx: object) => Promise<{ value: { html: string; status?: number } } | null>;
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

const htmlOf = async (cache: Cache, key = KEY) => (await cache.get(key, GET))?.value.html;

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

// The mix that check guards against, as Next's own cache makes it between two processes. A page from
// the build is copied to its later place on its first read ("seed promotion": the build's record, with
// no status, then the document unless one is there by then). When the back office writes the address's
// move there meanwhile, the copy's record lands over the move's, and the move's document stays.
const owner = { kind: 'APP_PAGE', sourceRoute: '/[lang]/projects/[slug]/page' };
const address = '/en/projects/old-name-1';
function buildPage(): string {
  const { getRouteCacheKey } = jest.requireActual('next/dist/server/lib/route-cache-key');
  const scoped: string = getRouteCacheKey(address, owner);
  // As `next build` writes it.
  const built = join(dir, 'app', address);
  mkdirSync(dirname(built), { recursive: true });
  writeFileSync(`${built}.html`, '<!DOCTYPE html><html lang="en"><body>Old name</body></html>');
  writeFileSync(`${built}.rsc`, 'rsc of the old name');
  writeFileSync(
    `${built}.meta`,
    JSON.stringify({ headers: page('').headers, routeCache: { key: scoped, owner, isFallback: false } }),
  );
  return scoped;
}
const onDisk = (scoped: string, suffix: string) => join(dir, `${scoped}${suffix}`);

it("Next's own cache, copying a build's page while another process writes a move there, keeps the mix", async () => {
  const scoped = buildPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atRecord = new Promise<void>((resolve) => (reached = resolve));
  let nextCache!: Cache;
  jest.isolateModules(() => {
    const { default: FileSystemCache } = jest.requireActual('next/dist/server/lib/incremental-cache/file-system-cache');
    const { nodeFs } = jest.requireActual('next/dist/server/lib/node-fs-methods');
    const fs = {
      ...nodeFs,
      // Held just before it writes the build's record in the later place.
      writeFile: async (file: string, data: string) => {
        if (file === onDisk(scoped, '.meta')) {
          reached();
          await held;
        }
        return nodeFs.writeFile(file, data);
      },
    };
    nextCache = new FileSystemCache({ fs, flushToDisk: true, serverDistDir: dir, maxMemoryCacheSize: 0 });
  });
  const copied = nextCache.get(scoped, GET);
  // A Next that no longer copies through `writeFile` never gets there: say so rather than time out.
  const first = await Promise.race([atRecord.then(() => 'held'), copied.then(() => 'read without a copy')]);
  expect(first).toBe('held');
  await aProcess().set(scoped, moved, SET);
  release();
  await copied;
  expect(readFileSync(onDisk(scoped, '.html'), 'utf8')).toBe(ERROR_DOCUMENT);
  const record = JSON.parse(readFileSync(onDisk(scoped, '.meta'), 'utf8'));
  expect(record.status).toBeUndefined();
  expect(record.cacheControl).toBeUndefined();
  // Which ours, had it been left so, serves to no one.
  expect(await aProcess().get(scoped, GET)).toBeNull();
});

it("ours copies nothing: the build's page is read where it is, and a move written meanwhile is served whole", async () => {
  const scoped = buildPage();
  const visitors = aProcess();
  expect(await htmlOf(visitors, scoped)).toContain('Old name');
  expect(existsSync(onDisk(scoped, '.meta'))).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await aProcess().set(scoped, moved, SET);
  for (const reader of [visitors, aProcess()]) {
    const data = await reader.get(scoped, GET);
    expect(data?.value.html).toBe(ERROR_DOCUMENT);
    expect(data?.value).toMatchObject({ status: 308, headers: { location: '/en/projects/new' } });
  }
});
