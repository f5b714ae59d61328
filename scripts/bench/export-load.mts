// A visitor's page while staff download big files, on the production build (`npm run build` first):
// one event with 50,000 registrations; a visitor loads a page over and over, quiet, then while two XLSX
// downloads of that event run at once, then quiet again for as long as they took, then the same with two
// CSV downloads. Prints the visitor's median, 90th percentile and slowest load of each window, as a
// Markdown table for docs/performance.md. Run on Node 24 with tsx:
//   node --import tsx scripts/bench/export-load.mts [--rows 50000] [--page /about] [--root DIR ...]
// Each `--root` is a build of the site to serve (a folder with its own .next, as privateBuild in
// scripts/lib/next-server.mjs makes), e.g. one built from an older commit: each is measured in turn on
// a copy of the same records. The records are added once through the store's `add`, as the forms add
// them, to a SQLite file on /dev/shm when there is one (every add is synced).
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import ExcelJS from 'exceljs';

import { langs } from '@/lib/i18n';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '50000' },
    page: { type: 'string', default: '/about' },
    root: { type: 'string', multiple: true, default: ['.'] },
    // How long the first quiet window lasts (the others last as long as the downloads before them).
    quiet: { type: 'string', default: '20' },
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
  await measure(root, data);
  rmSync(data, { recursive: true, force: true });
}
rmSync(dir, { recursive: true, force: true });

async function measure(root: string, data: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNextServer({
    port,
    env: { ...settings, DATA_DIR: data },
    root,
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
    const visitorWhile = async (until: Promise<unknown>) => {
      const loads: number[] = [];
      let done = false;
      const finished = until.finally(() => (done = true));
      while (!done) loads.push((await timed(visitorUrl)).ms);
      await finished;
      return loads;
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const quiet = await visitorWhile(sleep(Number(values.quiet) * 1000));
    const during = async (format: 'csv' | 'xlsx') => {
      const t = performance.now();
      const files = Promise.all(
        [0, 1].map(() => timed(`${base}/staff/api/export?item=user:${slug}&format=${format}`, staff)),
      );
      const loads = await visitorWhile(files);
      const seconds = (performance.now() - t) / 1000;
      // Each file whole: a row per registration (and the headings), the last one there.
      for (const { body } of await files) {
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
      const after = await visitorWhile(sleep(seconds * 1000));
      return { format, loads, after, seconds, mb: (await files)[0]!.bytes / 1e6 };
    };
    const runs = [await during('xlsx'), await during('csv')];

    console.log(line(`${root}: quiet (${values.quiet} s)`, quiet));
    for (const run of runs) {
      const name = run.format.toUpperCase();
      console.log(
        line(
          `${root}: during two ${name} downloads at once (${run.seconds.toFixed(1)} s, ${run.mb.toFixed(1)} MB each)`,
          run.loads,
        ),
      );
      console.log(line(`${root}: quiet, as long, after the ${name} downloads`, run.after));
    }
  } finally {
    await stopServer(server);
  }
}
