import { randomBytes, randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import sharp from 'sharp';

import { CMS_UPLOAD_LIMIT } from '@/lib/http/read-body';
import { langs } from '@/lib/i18n';
import { openDatabase } from '@/lib/storage/sqlite/schema';
import { sharedWriters } from '@/lib/storage/sqlite/shared';

import { startPaystackStub } from '../../../tests/helpers/paystack-stub';
import { asFromElsewhere } from '../../lib/elsewhere.mjs';
import { privateBuild } from '../../lib/next-server.mjs';
import { contentCollections, otherLang, worstOf } from '../worst-content.mjs';
import { formHeaders, inParallel, send, tally, urlencoded, type Tally } from './client.mjs';
import { post, signIn } from './roles.mjs';
import { withServer } from './servers.mjs';
import { base, dayOnly, port, quick, SIGN_IN_LIMIT } from './settings.mjs';

// An editor's worst day (issue 41), beside a visitor: on a server of its own (a private build, since the
// editor's content changes its pages) whose store holds one event with `rows` registrations, a visitor
// loads `/` and `/events` one after another, first on a quiet server, then while at once
//   - an editor publishes every collection's worst content through the CMS's API
//     (scripts/drills/worst-content.mts), uploads the largest picture the CMS takes `uploads` times, and
//     starts two downloads of the event's registrations (XLSX and CSV);
//   - a stranger floods the CMS's API (refused paths, odd queries, picture-sized bodies behind a made-up
//     staff cookie), asks for pages behind made-up staff cookies, and opens a pay link and its return
//     page again and again.
// Goals: the visitor gets 0 5xx, and their slowest load stays within 2× of the quiet slowest of the
// same run; after the day, Home, the event lists in both languages and the door still answer 200.
// Reported: the visitor's median and slowest, quiet and during, each action's answers by status, the
// provider's calls during the pay-link flood.

const ADMIN = 'staff@example.org';
const EDITOR = 'drill-day-editor@example.org';
const EVENT = 'baobab-data-hackathon-2023';
export const EDITORS_DAY = "editor's worst day: visitors";
export const EDITORS_DAY_WORK = "editor's worst day: editor and stranger";

const counts = quick
  ? { rows: 2_000, uploads: 2, quiet: 20, apiFlood: 60, forgedUploads: 4, payVisits: 20 }
  : { rows: 50_000, uploads: 10, quiet: 60, apiFlood: 400, forgedUploads: 16, payVisits: 100 };
// The visitor's slowest load during the day, as a multiple of the quiet one (issue 41).
const BOUND = 2;
const VISITOR_PATHS = ['/', '/events'];

interface Load {
  path: string;
  at: number;
  ms: number;
  status: number;
  // Next's x-nextjs-cache: 'MISS' for a page made for this load (the first visit after a publish
  // regenerates the pages that show the change), 'HIT' or 'STALE' for one served from the cache.
  cache: string;
}
interface Phase {
  loads: number;
  medianMs: number;
  p90Ms: number;
  slowestMs: number;
  fiveHundreds: number;
  // Answered loads whose page was made for them, and the slowest of those served from the cache.
  made: number;
  slowestServedMs: number;
}

export const editorsDayReport: {
  rows?: number;
  pictureBytes?: number;
  picturePixels?: string;
  quiet?: Phase;
  during?: Phase;
  ratio?: number;
  seconds?: number;
  actions: Record<string, Record<string, number>>;
  providerCalls?: number;
  afterwards: Record<string, number>;
  // The visitor's slowest loads during the day, with what the editor and the stranger had under way then.
  slowestLoads: { path: string; ms: number; atS: number; cache: string; underWay: string[] }[];
} = { actions: {}, afterwards: {}, slowestLoads: [] };

export async function editorsDay() {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-editors-day-'));
  const stub = await startPaystackStub();
  try {
    await withServer(
      {
        RATE_LIMIT_PER_MINUTE: '100000000',
        STAFF_EMAILS: ADMIN,
        STAFF_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
        ...stub.env(),
      },
      (dataDir) => day(dataDir, stub),
      // As `npm start` serves the site: the editor's and the stranger's requests to the back office reach
      // a process of its own.
      { root: privateBuild(dir), prepare: seedRegistrations, split: true },
    );
  } finally {
    await stub.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The event's registrations, written with the store's own schema and writers (lib/storage/sqlite) in one
// transaction: a form's add syncs each record to disk, which for 50,000 would take minutes.
async function seedRegistrations(dataDir: string) {
  const db = openDatabase(join(dataDir, 'baobab.sqlite'));
  const shared = sharedWriters(db);
  const insert = db.prepare(
    "INSERT INTO records (id, collection, unique_key, date, data) VALUES (?, 'user', NULL, ?, ?)",
  );
  const start = Date.now() - counts.rows * 1000;
  db.transaction(() => {
    for (let i = 0; i < counts.rows; i++) {
      const id = `day-${i.toString(36).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const data = {
        firstName: `Amina${i}`,
        lastName: 'Diallo',
        email: `day${i}@example.org`,
        event: EVENT,
        lang: langs[i % langs.length]!,
        date: start + i * 1000,
      };
      insert.run(id, data.date, JSON.stringify(data));
      shared.indexWords(id, data);
    }
  })();
  db.close();
  editorsDayReport.rows = counts.rows;
}

type Stub = Awaited<ReturnType<typeof startPaystackStub>>;

async function day(dataDir: string, stub: Stub) {
  const visitors = tally(EDITORS_DAY);
  const t = tally(EDITORS_DAY_WORK);
  const actions = editorsDayReport.actions;
  // When each action was under way.
  const spans: { name: string; from: number; to: number }[] = [];
  // Each action's answers, by status (-1: no answer).
  const act = async (name: string, sending: Promise<{ status: number; body: string }>) => {
    const from = Date.now();
    const answer = await sending;
    spans.push({ name, from, to: Date.now() });
    const byStatus = (actions[name] ??= {});
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    return answer;
  };

  // What the day needs, before anything is timed: an editor signed in, the first document of each
  // collection, the picture, and a pay link the provider knows.
  const admin = await signIn(t, dataDir, ADMIN);
  await post(t, admin, 'team-set', { email: EDITOR, role: 'editor' });
  const editor = await signIn(t, dataDir, EDITOR);
  const ours = { cookie: editor, origin: base, 'sec-fetch-site': 'same-origin' };
  const firsts: [string, Record<string, unknown>][] = [];
  for (const collection of contentCollections) {
    const list = await send(t, 'GET', `/staff/content/api/${collection}?limit=1&depth=0&sort=id`, ours);
    const doc = (JSON.parse(list.body) as { docs?: Record<string, unknown>[] }).docs?.[0];
    if (!doc) throw new Error(`the editor could not read ${collection}: ${list.status}`);
    firsts.push([collection, doc]);
  }
  const picture = await largestPicture();
  editorsDayReport.pictureBytes = picture.bytes.length;
  editorsDayReport.picturePixels = `${picture.width} × ${picture.height}`;
  const upload = multipartPicture(picture.bytes);
  const payLink = await aPayLink(t, stub);

  // The visitor, quiet: each page warmed first (a page's first render after a start, or after a
  // change, is not the visitor's usual wait), then `quiet` loads; topped up after the day to as many
  // loads as during it, so that the two slowest loads are of samples of the same size.
  const warm = () => probe(VISITOR_PATHS.length * 3);
  await warm();
  const quietBefore = await probe(counts.quiet);

  // The day: everyone at once, the visitor throughout.
  const during = startProbe();
  const t0 = Date.now();
  const download = (format: string) =>
    act(
      `download ${counts.rows.toLocaleString('en')} rows, ${format}`,
      send(t, 'GET', `/staff/api/export?item=user:${EVENT}&format=${format}`, ours),
    );
  const providerCallsBefore = providerCalls(stub);
  // All of it, unless the command line named some actions (--only): each alone says what it costs.
  const on = (action: string) => !dayOnly || dayOnly.includes(action);
  // The editor's and the stranger's browsers are on machines of their own: their requests are sent at
  // the lowest priority (scripts/lib/elsewhere.mjs), the visitor's worker thread keeps its own.
  await asFromElsewhere(() =>
    Promise.all([
      on('downloads') && Promise.all([download('xlsx'), download('csv')]),
      on('uploads') &&
        (async () => {
          for (let i = 0; i < counts.uploads; i++) {
            await act(
              'upload the largest picture',
              send(t, 'POST', '/staff/content/api/media', { ...ours, ...upload.headers }, upload.body),
            );
          }
        })(),
      on('publishes') &&
        (async () => {
          for (const [collection, doc] of firsts) {
            for (const [kind, path, data] of worstOf(collection, doc)) {
              await act(
                `publish: ${kind}`,
                send(
                  t,
                  'POST',
                  `/staff/content/api/${path}`,
                  { ...ours, 'content-type': 'application/json' },
                  JSON.stringify(data),
                ),
              );
            }
          }
        })(),
      on('api') && strangerOnTheApi(t, act, upload),
      on('pay') && strangerOnPayLinks(t, act, payLink),
    ]),
  );
  editorsDayReport.providerCalls = providerCalls(stub) - providerCallsBefore;
  // The editor's actions first, then the stranger's, each in the order they began.
  editorsDayReport.actions = Object.fromEntries(
    Object.entries(actions).sort(([a], [b]) => Number(a.startsWith('stranger')) - Number(b.startsWith('stranger'))),
  );
  editorsDayReport.seconds = Math.round((Date.now() - t0) / 100) / 10;
  const loads = await during();
  editorsDayReport.during = phase(loads);
  await warm();
  const quiet = [...quietBefore, ...(await probe(Math.max(0, loads.length - quietBefore.length)))];
  editorsDayReport.quiet = phase(quiet);
  editorsDayReport.slowestLoads = [...loads]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((load) => ({
      path: load.path,
      ms: Math.round(load.ms),
      atS: Math.round((load.at - t0) / 100) / 10,
      cache: load.cache || 'none',
      underWay: [
        ...new Set(spans.filter((span) => span.from < load.at + load.ms && span.to > load.at).map((span) => span.name)),
      ],
    }));

  // The visitor's tally: every load, its 5xx, and the bound.
  for (const load of [...quiet, ...loads]) {
    visitors.requests += 1;
    if (load.status === -1) visitors.unanswered += 1;
    if (load.status >= 500) {
      visitors.fiveHundreds += 1;
      visitors.notes.push(`${load.status} for ${load.path}`);
    }
  }
  const q = editorsDayReport.quiet;
  const d = editorsDayReport.during;
  editorsDayReport.ratio = Math.round((d.slowestMs / q.slowestMs) * 10) / 10;
  visitors.notes.unshift(
    `quiet ${q.medianMs}/${q.slowestMs} ms, during ${d.medianMs}/${d.slowestMs} ms (median/slowest), ${editorsDayReport.ratio}×`,
  );
  // A figure for docs/reliability.md, not a pass or a fail: on a machine shared with other work (CI runs
  // this beside the browser tests) a timing says more about the machine than about the site.
  if (d.slowestMs > BOUND * q.slowestMs)
    visitors.notes.push(`slowest load ${editorsDayReport.ratio}× the quiet one (goal ${BOUND}×)`);

  // After the day: the pages that list content, in both languages, and the door.
  for (const path of ['/', '/events', `/${otherLang}`, `/${otherLang}/events`, '/staff/door']) {
    const answer = await send(visitors, 'GET', path, path.startsWith('/staff') ? ours : {});
    editorsDayReport.afterwards[path] = answer.status;
    if (answer.status !== 200) {
      visitors.bypasses += 1;
      visitors.notes.push(`after the day, ${path} answered ${answer.status}`);
    }
  }
}

type Act = (name: string, sending: Promise<{ status: number; body: string }>) => Promise<unknown>;

// Refused paths and odd queries of the CMS's API from nobody (issue 41's list), 16 at a time; and
// picture-sized bodies behind a made-up staff cookie, all at once.
async function strangerOnTheApi(t: Tally, act: Act, upload: { headers: Record<string, string>; body: Buffer }) {
  const paths = [
    'events',
    '__proto__',
    'constructor',
    'valueOf',
    'toString',
    'hasOwnProperty',
    'events/access',
    'media/versions',
    'payload-jobs/handle-schedules',
    'media/file/missing.png',
    'events?where[title][near]=1,2',
    'events?where[__proto__][equals]=1',
  ].map((path) => `/staff/content/api/${path}`);
  const asked = Array.from({ length: counts.apiFlood }, (_, i) => paths[i % paths.length]!);
  // The split server's front sends a browser with a staff cookie to the back office: made-up ones must
  // only move their sender there, never slow the visitors or get anything but the public page.
  const pages = Array.from({ length: counts.apiFlood }, (_, i) => ['/', '/events', '/fr/events'][i % 3]!);
  const madeUp = () => ({ cookie: `baobab-staff=${randomBytes(32).toString('base64url')}` });
  await Promise.all([
    inParallel(asked, async (path) => void (await act('stranger: the CMS API', send(t, 'GET', path, {}))), 16),
    inParallel(
      pages,
      async (path) => void (await act('stranger: pages behind a made-up staff cookie', send(t, 'GET', path, madeUp()))),
      16,
    ),
    Promise.all(
      Array.from({ length: counts.forgedUploads }, () =>
        act(
          'stranger: a picture behind a made-up staff cookie',
          send(
            t,
            'POST',
            '/staff/content/api/media',
            { ...upload.headers, cookie: `baobab-staff=${randomBytes(32).toString('base64url')}`, origin: base },
            upload.body,
          ),
        ),
      ),
    ),
  ]);
}

// One pay link and its return page, opened again and again, 8 at a time.
async function strangerOnPayLinks(t: Tally, act: Act, link: { path: string; reference: string }) {
  const asked = Array.from({ length: counts.payVisits }, (_, i) => i);
  await inParallel(
    asked,
    async () => {
      await act('stranger: the pay link', send(t, 'GET', link.path, {}));
      await act('stranger: its return page', send(t, 'GET', `/payments/return?reference=${link.reference}`, {}));
    },
    8,
  );
}

// The stub's calls from the site (the provider's API, not its checkout page).
const providerCalls = (stub: Stub) => stub.requests.filter((r) => r.url.pathname.startsWith('/transaction/')).length;

// An enrolment in a paid course, as a visitor makes it: its pay link, opened once so the provider knows
// the reference.
async function aPayLink(t: Tally, stub: Stub) {
  const answer = await send(
    t,
    'POST',
    '/api/forms/enrol',
    formHeaders(),
    urlencoded({
      name: 'Day Payer',
      email: `day-payer.${Date.now()}@example.org`,
      phone: '+234 801 234 5678',
      gender: 'female',
      country: 'Nigeria',
      course: 'Data Analysis with Python',
      lang: 'en',
    }),
  );
  const href = (JSON.parse(answer.body) as { link?: { href: string } }).link?.href ?? '';
  const path = href.startsWith('/pay/') ? href : `/pay/${href.split('/pay/')[1] ?? ''}`;
  const opened = await send(t, 'GET', path, {});
  const started = [...stub.transactions.values()].find((tx) =>
    String(opened.headers.location ?? '').endsWith(tx.accessCode),
  );
  if (!started) throw new Error(`the pay link did not lead to the provider: ${opened.status} ${answer.body}`);
  return { path, reference: started.reference };
}

// The largest picture the CMS takes: a PNG of 6000 × 4000 pixels (24 megapixels) whose first rows are
// noise, as many as keep the file, sent with its form fields, under the upload limit (CMS_UPLOAD_LIMIT).
// Noise does not compress, so the file is as heavy to send as allowed and as heavy to decode as its size.
async function largestPicture() {
  const width = 6000;
  const height = 4000;
  const target = CMS_UPLOAD_LIMIT - 64 * 1024;
  const raw = Buffer.alloc(width * height * 3, 0x40);
  // A noisy row costs a little more than its bytes (PNG's filter byte, deflate's stored blocks).
  let noisy = Math.floor(target / (width * 3 * 1.05));
  for (let attempt = 0; attempt < 4; attempt++) {
    raw.fill(0x40);
    randomFillSync(raw, 0, noisy * width * 3);
    const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    if (bytes.length <= target) return { bytes, width, height };
    noisy -= Math.ceil((bytes.length - target) / (width * 3)) + 4;
  }
  throw new Error('could not make a picture under the upload limit');
}

function multipartPicture(png: Buffer) {
  const boundary = `day${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n${JSON.stringify({ alt: 'The largest picture' })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="largest.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
    body,
  };
}

function runProbe(count?: number) {
  const worker = new Worker(new URL('./visitor-probe.mjs', import.meta.url), {
    workerData: { port, paths: VISITOR_PATHS, count },
  });
  const loads = new Promise<Load[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { worker, loads };
}

const probe = (count: number): Promise<Load[]> => (count > 0 ? runProbe(count).loads : Promise.resolve([]));

function startProbe() {
  const { worker, loads } = runProbe();
  return () => {
    worker.postMessage('stop');
    return loads;
  };
}

function phase(loads: Load[]): Phase {
  const ms = loads.map((l) => l.ms).sort((a, b) => a - b);
  return {
    loads: loads.length,
    medianMs: Math.round(ms[Math.floor(ms.length / 2)] ?? 0),
    p90Ms: Math.round(ms[Math.floor(ms.length * 0.9)] ?? 0),
    slowestMs: Math.round(ms.at(-1) ?? 0),
    fiveHundreds: loads.filter((l) => l.status >= 500).length,
    made: loads.filter((l) => l.status > 0 && l.cache === 'MISS').length,
    slowestServedMs: Math.round(
      Math.max(0, ...loads.filter((l) => l.cache === 'HIT' || l.cache === 'STALE').map((l) => l.ms)),
    ),
  };
}
