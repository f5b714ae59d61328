// Next's page cache (next.config.ts's `cacheHandler`): its own file-system cache, which keeps each page
// it makes in memory and writes it into the build folder, made right for two servers on one build
// folder. `npm start` runs the visitors' pages and the back office in two processes (scripts/start.mjs):
// a publish in the back office makes the pages it changes again there, and the visitors' process must
// then serve those, not the copies in its memory. Plain JavaScript with no import of the project's:
// Next loads this file itself, outside its bundles.
//
// - Each page written gets a stamp file once all its files are on disk. A process serves a page from
//   memory only while the stamp is the one it last read or wrote; another stamp means another process
//   wrote the page, and it is read again from disk.
// - Each revalidation (revalidatePath, revalidateTag) is written down with its time. A page made before
//   a revalidation of one of its tags, and not made again within REMAKE_GRACE_MS of it, is not served:
//   the process that revalidated (the back office) makes it again at once (below), and should it fail
//   to, the visitors' process makes it itself rather than serve an old page for ever.
// - With PAGE_CACHE_REMAKE_ORIGIN (the back office's own address), a revalidation is followed by
//   visiting each page that carries one of its tags, one at a time, so the page is made in this process
//   and not at a visitor's request in the other.
// Servers that write no page to disk (PAGE_CACHE_ON_DISK=off) share nothing, and none of this applies.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;

const PAGE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE']);
const STAMP = '.stamp';
const TAGS_HEADER = 'x-next-cache-tags';
export const REMAKE_GRACE_MS = 30_000;
const REMAKE_TIMEOUT_MS = 30_000;
// Revalidations close together (one publish revalidates several sections) are remade in one round.
const REMAKE_GATHER_MS = 250;

// key → the stamp's mtime this process last read or wrote; shared by every instance Next makes. At most
// SEEN_LIMIT keys (an address a stranger makes up is a key too): past it the oldest is forgotten, and that
// page is read from disk at its next visit.
const seen = new Map();
const SEEN_LIMIT = 10_000;
function remember(key, stamp) {
  seen.delete(key);
  seen.set(key, stamp);
  if (seen.size > SEEN_LIMIT) {
    const oldest = seen.keys().next().value;
    seen.delete(oldest);
    FileSystemCache.memoryCache?.remove(oldest);
  }
}
let revalidations = { mtimeMs: -1, tags: {} };
let checkedAt = -Infinity;
const RECHECK_MS = 1_000;
let pendingTags = new Set();
let remaking = null;

export default class SharedPageCache extends FileSystemCache {
  revalidationsFile() {
    return join(this.serverDistDir, 'page-cache-revalidations.json');
  }

  stampOf(key, kind) {
    return this.getFilePath(`${key}${STAMP}`, kind);
  }

  async get(key, ctx) {
    if (!this.flushToDisk || !PAGE_KINDS.has(ctx?.kind)) return super.get(key, ctx);
    const stampFile = this.stampOf(key, ctx.kind);
    const stamp = await mtimeOf(stampFile);
    if (stamp !== undefined && stamp !== seen.get(key)) FileSystemCache.memoryCache?.remove(key);
    let data = await super.get(key, ctx);
    // Written again while it was being read (the other process's files are not replaced at once): read
    // again, once the writing has ended.
    const after = await mtimeOf(stampFile);
    if (after !== stamp) {
      FileSystemCache.memoryCache?.remove(key);
      data = await super.get(key, ctx);
    }
    if (after !== undefined) remember(key, after);
    if (data && (this.outdated(data) || halfWritten(data.value))) {
      FileSystemCache.memoryCache?.remove(key);
      seen.delete(key);
      return null;
    }
    return data;
  }

  // Next copies a page of the build to its later place on its first read ("seed promotion": the build's
  // record of it, then its document unless one is there by then), outside the stamps above. With two
  // processes that copy can land over the other's write: a move's document under the build's record, with
  // no status and no revalidation time, served as an empty page (tests/unit/page-cache.test.ts).
  // Nothing is copied here: the build's page is read where the build put it until a process makes the
  // page again, and only `set` writes the later place.
  async promoteSeed() {}

  async set(key, data, ctx) {
    await super.set(key, data, ctx);
    if (!this.flushToDisk || !data || !PAGE_KINDS.has(data.kind)) return;
    const file = this.stampOf(key, data.kind);
    await writeFile(file, String(Date.now()));
    remember(key, await mtimeOf(file));
  }

  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    const list = typeof tags === 'string' ? [tags] : tags;
    if (!this.flushToDisk || list.length === 0) return;
    const file = this.revalidationsFile();
    const now = Date.now();
    const written = { ...this.readRevalidations().tags };
    for (const tag of list) written[tag] = now;
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(written));
    renameSync(partial, file);
    revalidations = { mtimeMs: statSync(file).mtimeMs, tags: written };
    if (process.env.PAGE_CACHE_REMAKE_ORIGIN) this.remakeSoon(list);
  }

  // The shared revalidations; `recent`: as last read, if that was within RECHECK_MS (a page served from
  // the cache pays no file check of its own).
  readRevalidations(recent = false) {
    if (recent && Date.now() - checkedAt < RECHECK_MS) return revalidations;
    checkedAt = Date.now();
    const mtimeMs = statSync(this.revalidationsFile(), { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return { mtimeMs: -1, tags: {} };
    if (mtimeMs !== revalidations.mtimeMs) {
      try {
        revalidations = { mtimeMs, tags: JSON.parse(readFileSync(this.revalidationsFile(), 'utf8')) };
      } catch {
        // Being replaced at this moment: the next request reads it.
      }
    }
    return revalidations;
  }

  // Whether a page was made before a revalidation of one of its tags that is older than the grace.
  outdated(data) {
    const tags = tagsOf(data.value?.headers);
    if (tags.length === 0) return false;
    const { tags: times } = this.readRevalidations(true);
    const before = Date.now() - REMAKE_GRACE_MS;
    return tags.some((tag) => times[tag] !== undefined && times[tag] > data.lastModified && times[tag] < before);
  }

  remakeSoon(tags) {
    for (const tag of tags) pendingTags.add(tag);
    if (remaking) return;
    remaking = new Promise((resolve) => setTimeout(resolve, REMAKE_GATHER_MS))
      .then(async () => {
        while (pendingTags.size > 0) {
          const waited = Date.now();
          await writesSettled();
          const round = pendingTags;
          pendingTags = new Set();
          const started = Date.now();
          const paths = await this.pagesTagged(round);
          for (const path of paths) await remake(path);
          note(
            30,
            `made ${paths.length} page(s) again after a change, in ${Date.now() - started} ms (writes ended ${started - waited} ms after the change): ${paths.join(' ')}`,
          );
        }
      })
      .catch((error) => note(40, `could not make pages again: ${error}`))
      .finally(() => (remaking = null));
  }

  // The public address of every page on disk that carries one of `tags`: the build's (under app/) and
  // those made since (under route-cache/, each under its route's own key, the address after `/$/`).
  async pagesTagged(tags) {
    const paths = new Set();
    for (const root of ['app', 'route-cache'].map((name) => join(this.serverDistDir, name))) {
      const files = await readdir(root, { recursive: true }).catch(() => []);
      for (const file of files) {
        if (!file.endsWith('.meta')) continue;
        let meta;
        try {
          meta = JSON.parse(await readFile(join(root, file), 'utf8'));
        } catch {
          continue;
        }
        // Pages only: route handlers (pictures for sharing, the sitemap) are made when asked for. And not
        // the "not found" answers kept for addresses nobody published (a stranger can make up thousands):
        // they expire on their own within their revalidate time, 30 s, or are made at their next visit
        // after the grace below.
        if (meta.segmentPaths === undefined || meta.status === 404) continue;
        if (!tagsOf(meta.headers).some((tag) => tags.has(tag))) continue;
        const key = `/${file.slice(0, -'.meta'.length)}`;
        paths.add(publicPath(key.includes('/$/') ? key.slice(key.indexOf('/$/') + 2) : key));
      }
    }
    return [...paths];
  }
}

// Next's bare error document (`<html id="__next_error__">`: a page that redirected, or was not found,
// as it was made) says nothing of its own: its status and Location carry it. One kept with a status
// that does not (a success, or a move with nowhere to go) is half of one write and half of another,
// as Next's seed promotion made them (above). A visitor without JavaScript would get an empty page, so
// it is made again instead: a guard for any other such mix.
function halfWritten(value) {
  if (value?.kind !== 'APP_PAGE') return false;
  const { html } = value;
  const start =
    typeof html === 'string' ? html.slice(0, 120) : Buffer.isBuffer(html) ? String(html.subarray(0, 120)) : '';
  if (!start.includes('<html id="__next_error__">')) return false;
  const status = value.status ?? 200;
  const moves = status >= 300 && status < 400 && typeof value.headers?.location === 'string';
  return !(moves || status >= 400);
}

// Until the content database's writes open in this process have ended (lib/cms/open-writes.ts), at
// most WRITES_WAIT_MS: the revalidation comes from inside the write, before its commit.
const WRITES_WAIT_MS = 10_000;
async function writesSettled() {
  const settled = globalThis[Symbol.for('baobab.cms.writesSettled')];
  if (typeof settled !== 'function') return;
  let timer;
  await Promise.race([settled(), new Promise((resolve) => (timer = setTimeout(resolve, WRITES_WAIT_MS)))]);
  clearTimeout(timer);
}

// A line in the server's log, in its shape (lib/log.ts): info 30, warn 40.
function note(level, msg) {
  console.log(JSON.stringify({ level, time: new Date().toISOString(), component: 'page-cache', msg }));
}

function tagsOf(headers) {
  const value = headers?.[TAGS_HEADER];
  return typeof value === 'string' ? value.split(',') : [];
}

async function mtimeOf(file) {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

// Pages of the default language are stored under its code and served without it (next.config.ts).
function publicPath(pathname) {
  const unprefixed = process.env.PAGE_CACHE_UNPREFIXED;
  if (!unprefixed) return pathname;
  if (pathname === unprefixed) return '/';
  return pathname.startsWith(`${unprefixed}/`) ? pathname.slice(unprefixed.length) : pathname;
}

async function remake(path) {
  try {
    const response = await fetch(new URL(path, process.env.PAGE_CACHE_REMAKE_ORIGIN), {
      headers: { accept: 'text/html' },
      redirect: 'manual',
      signal: AbortSignal.timeout(REMAKE_TIMEOUT_MS),
    });
    await response.arrayBuffer();
  } catch (error) {
    note(40, `${path} could not be made again: ${error}`);
  }
}
