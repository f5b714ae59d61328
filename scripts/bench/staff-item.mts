// One event with 100,000 registrations, on the production build (`npm run build` first): how long the
// staff item page takes, how much the server's memory grows while a CSV and an XLSX download stream, and
// how long a visitor's page takes meanwhile. Run on Node 24 with tsx:
//   node --import tsx scripts/bench/staff-item.mts [records, default 100000]
// The records are added through the store's `add`, as the forms add them, to a SQLite file in a scratch
// folder (on /dev/shm when there is one: every add is synced to disk, and on a disk 100,000 syncs take
// minutes). Prints a Markdown table for docs/performance.md.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { langs } from '@/lib/i18n';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';

const total = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 100_000);
const dir = await mkdtemp(join(readdirSync('/dev').includes('shm') ? '/dev/shm' : tmpdir(), 'baobab-bench-item-'));
const slug = 'baobab-data-hackathon-2023';
const settings = {
  DATA_DIR: dir,
  STAFF_EMAILS: 'staff@example.org',
  LINK_SECRET: 'bench-link-secret-padded-to-thirty-two-characters',
  // The daily digest would run at start over the day's records, all of these: measured apart.
  DIGEST_ENABLED: 'false',
};
// The store and the sign-in link read their settings from the environment, as the server does.
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
    ...(i % 100 === 1 ? { staffStatus: 'spam' } : {}),
  });
}
await store.close();
console.error(`${total} records added in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

// The resident memory of the server and the processes it started, in MB.
function rssMb(pid: number): number {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return own + children.reduce((sum, child) => sum + rssMb(child), 0);
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
const median = (values: number[]) => quantile(values, 0.5);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startNextServer({ port, env: settings, stdio: process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore' });
try {
  await waitUntilUp(`${base}/about`, { server, timeoutMs: 120_000 });
  const token = new URL(signInLink('staff@example.org', Date.now())).searchParams.get('t')!;
  const signedIn = await fetch(`${base}/staff/api/sign-in`, {
    method: 'POST',
    body: new URLSearchParams({ t: token }),
    headers: { origin: base },
    redirect: 'manual',
  });
  const cookie = /baobab-staff=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`not signed in (${signedIn.status})`);
  const staff = { headers: { cookie } };

  const timed = async (url: string, init?: RequestInit) => {
    const t = performance.now();
    const answer = await fetch(url, init);
    const bytes = (await answer.arrayBuffer()).byteLength;
    if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
    return { ms: performance.now() - t, bytes };
  };
  const itemUrl = `${base}/staff/items/user/${slug}`;
  await timed(itemUrl, staff);
  const item: { ms: number; bytes: number }[] = [];
  for (let r = 0; r < 5; r++) item.push(await timed(itemUrl, staff));
  const olderUrl = `${itemUrl}?after=${start + (total - 1000) * 1000}.zzzz`;
  const older: number[] = [];
  for (let r = 0; r < 5; r++) older.push((await timed(olderUrl, staff)).ms);
  const visitorAlone: number[] = [];
  for (let r = 0; r < 10; r++) visitorAlone.push((await timed(`${base}/about`)).ms);

  // The first XLSX download after a start loads exceljs, which holds the server for a moment whatever
  // the file: timed once, apart from the downloads measured.
  const load = await timed(`${base}/staff/api/export?form=contact&format=xlsx`, staff);

  // A download, sampling the server's memory every 50 ms and loading a visitor's page in turn.
  const during = async (format: 'csv' | 'xlsx') => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssMb(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 50);
    const visitor: number[] = [];
    let done = false;
    const visitors = (async () => {
      while (!done) visitor.push((await timed(`${base}/about`)).ms);
    })();
    const file = await timed(`${base}/staff/api/export?item=user:${slug}&format=${format}`, staff);
    done = true;
    await visitors;
    clearInterval(sampler);
    return { format, ...file, before, peak, visitor };
  };
  const downloads = [await during('csv'), await during('xlsx')];

  const mb = (n: number) => (n / 1e6).toFixed(1);
  console.log(`| ${total.toLocaleString('en')} registrations on one event (SQLite) | figure |`);
  console.log('| --- | ---: |');
  console.log(
    `| item page, first page of 50 (median of 5) | ${median(item.map((r) => r.ms)).toFixed(0)} ms, ${(item[0]!.bytes / 1024).toFixed(0)} KB |`,
  );
  console.log(`| item page, a page 20 pages in (median of 5) | ${median(older).toFixed(0)} ms |`);
  console.log(
    `| visitor's page (/about), server otherwise idle (median of 10) | ${median(visitorAlone).toFixed(0)} ms |`,
  );
  console.log(`| first XLSX download after a start (loads exceljs; an empty form) | ${load.ms.toFixed(0)} ms |`);
  for (const d of downloads) {
    console.log(
      `| ${d.format.toUpperCase()} download: time, size | ${(d.ms / 1000).toFixed(1)} s, ${mb(d.bytes)} MB |`,
    );
    console.log(
      `| ${d.format.toUpperCase()} download: server memory before → peak | ${d.before.toFixed(0)} → ${d.peak.toFixed(0)} MB (+${(d.peak - d.before).toFixed(0)} MB) |`,
    );
    console.log(
      `| visitor's page during the ${d.format.toUpperCase()} download (${d.visitor.length} loads): median, 90th percentile, slowest | ${median(d.visitor).toFixed(0)}, ${quantile(d.visitor, 0.9).toFixed(0)}, ${Math.max(...d.visitor).toFixed(0)} ms |`,
    );
  }
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
