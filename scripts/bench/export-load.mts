// A visitor's page while staff download big files, on the production build (`npm run build` first):
// one event with 50,000 registrations; a visitor loads a page over and over, quiet, then while two XLSX
// downloads of that event run at once, then quiet again for as long as they took, then the same with two
// CSV downloads. Prints the visitor's median, 90th percentile and slowest load of each window, as a
// Markdown table for docs/performance.md. Run on Node 24 with tsx:
//   node --import tsx scripts/bench/export-load.mts [--rows 50000] [--page /about] [--root DIR ...]
// Each `--root` is a build of the site to serve (a folder with its own .next, as privateBuild in
// scripts/lib/next-server.mjs makes), e.g. one built from an older commit: each is measured in turn on
// a copy of the same records. Each is served as `npm start` serves it, the visitors' pages and the back
// office in two processes (`--single`: one `next start`, as with SERVER_ROLE or PAGE_CACHE_ON_DISK=off).
// The visitor loads the page from a worker thread of its own (the drills' visitor probe: a new
// connection a load, 20 ms apart), and the downloads are asked for at the lowest priority
// (scripts/lib/elsewhere.mjs): staff's browser is not on the server's machine. The records are added once through the store's `add`, as the forms add
// them, to a SQLite file on /dev/shm when there is one (every add is synced).
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

import ExcelJS from 'exceljs';

import { langs } from '@/lib/i18n';

import { asFromElsewhere } from '../lib/elsewhere.mjs';
import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '50000' },
    page: { type: 'string', default: '/about' },
    root: { type: 'string', multiple: true, default: ['.'] },
    // How long the first quiet window lasts (the others last as long as the downloads before them).
    quiet: { type: 'string', default: '20' },
    single: { type: 'boolean', default: false },
  },
});
const total = Number(values.rows);
const dir = await mkdtemp(join(readdirSync('/dev').includes('shm') ? '/dev/shm' : tmpdir(), 'baobab-bench-export-'));
const slug = 'baobab-data-hackathon-2023';
const settings = {
  DATA_DIR: dir,
  STAFF_EMAILS: 'staff@example.org',
  LINK_SECRET: 'bench-link-secret-padded-to-thirty-two-characters',
  // The daily digest would run at start over the day's records, all of these: not what is measured.
  DIGEST_ENABLED: 'false',
};
Object.assign(process.env, settings);
const { getStore } = await import('../../lib/storage');
const { signInLink } = await import('@/lib/team');

const store = getStore();
const seeded = performance.now();
const start = Date.now() - total * 1000;
for (let i = 0; i < total; i++) {
  await store.add('user', {
    firstName: `Amina${i}`,
    lastName: 'Diallo',
    email: `p${i}@example.org`,
    phone: '+234 801 000 0000',
    event: slug,
    lang: langs[i % langs.length]!,
    date: start + i * 1000,
  });
}
await store.close();
console.error(`${total} records added in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
const line = (what: string, loads: number[]) =>
  `| ${what} | ${loads.length} | ${quantile(loads, 0.5).toFixed(0)} | ${quantile(loads, 0.9).toFixed(0)} | ${Math.max(...loads).toFixed(0)} |`;
console.log(
  `| visitor's page (${values.page}), ${total.toLocaleString('en')} registrations | loads | median ms | 90th percentile ms | slowest ms |`,
);
console.log('| --- | ---: | ---: | ---: | ---: |');

for (const root of values.root) {
  // Each build on its own copy of the records (a server adds its content database and audit entries).
  const data = `${dir}-${values.root.indexOf(root)}`;
  cpSync(dir, data, { recursive: true });
  // The split server writes the pages it makes again into its build folder: this one's own copy of it.
  const copy = values.single || root !== '.' ? null : mkdtempSync(join(tmpdir(), 'baobab-bench-build-'));
  await measure(copy ? privateBuild(copy) : root, data, root);
  rmSync(data, { recursive: true, force: true });
  if (copy) rmSync(copy, { recursive: true, force: true });
}
rmSync(dir, { recursive: true, force: true });

// The visitor, on a worker thread: loads `page` until stopped, then resolves with their times in ms.
function visitor(port: number) {
  const worker = new Worker(new URL('../drills/hostile/visitor-probe.mjs', import.meta.url), {
    workerData: { port, paths: [values.page] },
  });
  const from = Date.now();
  const loads = new Promise<{ ms: number; status: number; at: number }[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const all = await loads;
    // The probe listens for 'stop' for as long as it lives.
    await worker.terminate();
    const failed = all.filter((load) => load.status !== 200);
    if (failed.length > 0) throw new Error(`${failed.length} visitor loads answered ${failed[0]!.status}`);
    // Where in its window the slowest load came, on stderr: beside the server's log, what it met.
    const slowest = all.reduce((a, b) => (b.ms > a.ms ? b : a), all[0]!);
    console.error(
      `slowest load ${slowest.ms.toFixed(0)} ms, ${((slowest.at - from) / 1000).toFixed(1)} s into its window`,
    );
    return all.map((load) => load.ms);
  };
}

async function measure(root: string, data: string, name: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNextServer({
    port,
    env: { ...settings, DATA_DIR: data },
    root,
    split: !values.single,
    stdio: process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore',
  });
  try {
    await waitUntilUp(`${base}${values.page}`, { server, timeoutMs: 120_000 });
    const token = new URL(signInLink('staff@example.org', Date.now())).searchParams.get('t')!;
    const signedIn = await fetch(`${base}/staff/api/sign-in`, {
      method: 'POST',
      body: new URLSearchParams({ t: token }),
      headers: { origin: base },
      redirect: 'manual',
    });
    const cookie = /baobab-staff=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error(`not signed in (${signedIn.status})`);
    // A download is asked for from a workspace page (the route checks where it came from).
    const staff = { headers: { cookie, referer: `${base}/staff/items/user/${slug}`, 'sec-fetch-site': 'same-origin' } };

    const timed = async (url: string, init?: RequestInit) => {
      const t = performance.now();
      const answer = await fetch(url, init);
      const body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
      return { ms: performance.now() - t, bytes: body.length, body };
    };
    const visitorUrl = `${base}${values.page}`;
    // Warm: the page made once, and the first XLSX after a start (which loads exceljs) not counted.
    for (let r = 0; r < 5; r++) await timed(visitorUrl);
    await timed(`${base}/staff/api/export?form=contact&format=xlsx`, staff);

    // The visitor's loads, one after the other, until `until` resolves.
    const visitorWhile = async (until: () => Promise<unknown>) => {
      const stop = visitor(port);
      await until();
      return stop();
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const quiet = await visitorWhile(() => sleep(Number(values.quiet) * 1000));
    const during = async (format: 'csv' | 'xlsx') => {
      const t = performance.now();
      let files: { ms: number; bytes: number; body: Buffer }[] = [];
      const loads = await visitorWhile(async () => {
        files = await asFromElsewhere(() =>
          Promise.all([0, 1].map(() => timed(`${base}/staff/api/export?item=user:${slug}&format=${format}`, staff))),
        );
      });
      const seconds = (performance.now() - t) / 1000;
      // Each file whole: a row per registration (and the headings), the last one there.
      for (const { body } of files) {
        let rows: number;
        if (format === 'csv') rows = body.toString('utf8').split('\r\n').length - 2;
        else {
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(body as unknown as ArrayBuffer);
          rows = book.worksheets[0]!.rowCount - 1;
        }
        if (rows !== total) throw new Error(`a ${format} download had ${rows} rows, not ${total}`);
      }
      // Then quiet again as long, so that each window's slowest load is drawn from as many loads.
      const after = await visitorWhile(() => sleep(seconds * 1000));
      return { format, loads, after, seconds, mb: files[0]!.bytes / 1e6 };
    };
    const runs = [await during('xlsx'), await during('csv')];

    console.log(line(`${name}: quiet (${values.quiet} s)`, quiet));
    for (const run of runs) {
      const format = run.format.toUpperCase();
      console.log(
        line(
          `${name}: during two ${format} downloads at once (${run.seconds.toFixed(1)} s, ${run.mb.toFixed(1)} MB each)`,
          run.loads,
        ),
      );
      console.log(line(`${name}: quiet, as long, after the ${format} downloads`, run.after));
    }
  } finally {
    await stopServer(server);
  }
}
