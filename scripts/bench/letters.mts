// A newsletter to 10,000 confirmed subscribers, sent by the production build (`npm run build` first) to
// a local SMTP server: the rate mail leaves at, the server's memory through the send, and the slowest
// answer of a visitor's page meanwhile. Run on Node 24 with tsx:
//   node --import tsx scripts/bench/letters.mts [subscribers, default 10000] [MAIL_RATE_PER_MINUTE, default 30000]
// The subscribers are added through the store, to a SQLite file in a scratch folder (on /dev/shm when
// there is one); the send is started as the workspace's confirmation does. Prints a Markdown table for
// docs/performance.md.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { SMTPServer } from 'smtp-server';

import { langs } from '@/lib/i18n';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';

const total = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 10_000);
const rate = Number(/^\d+$/.test(process.argv[3] ?? '') ? process.argv[3] : 30_000);
const dir = await mkdtemp(join(readdirSync('/dev').includes('shm') ? '/dev/shm' : tmpdir(), 'baobab-bench-letters-'));

// The local relay: counts what it accepts, and the size of the largest message.
let received = 0;
let largest = 0;
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let size = 0;
    stream.on('data', (chunk: Buffer) => (size += chunk.length));
    stream.on('end', () => {
      received += 1;
      largest = Math.max(largest, size);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const settings = {
  DATA_DIR: dir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_RATE_PER_MINUTE: String(rate),
  LINK_SECRET: 'bench-link-secret-padded-to-thirty-two-characters',
  DIGEST_ENABLED: 'false',
};
Object.assign(process.env, settings);
const { getStore } = await import('../../lib/storage');
const { storedOf } = await import('../../lib/letters/letter');
const { startSending } = await import('../../lib/letters/send');

const store = getStore();
const seeded = performance.now();
for (let i = 0; i < total; i++) {
  const email = `reader${i}@example.org`;
  await store.add(
    'newsletter',
    { name: `Reader ${i}`, email, lang: langs[i % langs.length]!, date: Date.now(), status: 'confirmed' },
    { uniqueKey: email },
  );
}
console.error(`${total} subscribers added in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startNextServer({ port, env: settings, stdio: process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore' });
try {
  await waitUntilUp(`${base}/about`, { server, timeoutMs: 120_000 });
  const timed = async (path: string) => {
    const t = performance.now();
    const answer = await fetch(`${base}${path}`);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    return performance.now() - t;
  };
  const pages = ['/about', '/', '/fr/academy', '/newsletter', '/events'];
  for (const path of pages) await timed(path);
  const idle: number[] = [];
  for (let r = 0; r < 3; r++) for (const path of pages) idle.push(await timed(path));

  const body = [
    '# A month of data',
    '',
    'This month the fellows shipped [three projects](https://baobabdata.org/projects).',
    '',
    '- A hackathon in Lagos',
    '- A new cohort in May',
    '',
    '![The hackathon](https://baobabdata.org/images/events/hackathon-2023.svg)',
  ].join('\n');
  const letter = {
    id: 'bench-letter',
    slug: 'bench-letter',
    updatedAt: Date.now(),
    versions: { en: { subject: 'A month of data', body }, fr: { subject: 'Un mois de données', body } },
    audience: 'subscribers',
    testList: [],
    status: 'draft' as const,
    createdBy: 'staff@example.org',
    updatedBy: 'staff@example.org',
  };
  await store.saveLetter(storedOf(letter));
  const before = rssMb(server.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 100);
  const started = performance.now();
  await startSending(store, letter, { id: 'bench', email: 'staff@example.org', createdAt: 0, seenAt: 0 }, Date.now());
  const during: number[] = [];
  let slowest = { ms: 0, path: '' };
  const deadline = started + 30 * 60_000;
  while (received < total && performance.now() < deadline) {
    for (const path of pages) {
      const ms = await timed(path);
      during.push(ms);
      if (ms > slowest.ms) slowest = { ms, path };
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const counts = await store.letterMailCounts(letter.id);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  console.log(`| ${total.toLocaleString('en')} newsletter mails to a local SMTP server (SQLite) | figure |`);
  console.log('| --- | ---: |');
  console.log(`| MAIL_RATE_PER_MINUTE | ${rate.toLocaleString('en')} |`);
  console.log(
    `| received by the relay | ${received.toLocaleString('en')} (store: sent ${counts.sent}, failed ${counts.failed}, pending ${counts.pending}) |`,
  );
  console.log(
    `| time from the start to the last mail | ${seconds.toFixed(0)} s (${Math.round((received / seconds) * 60).toLocaleString('en')} a minute) |`,
  );
  console.log(`| largest mail | ${(largest / 1024).toFixed(0)} KB |`);
  console.log(`| server memory (RSS) before → peak | ${before.toFixed(0)} → ${peak.toFixed(0)} MB |`);
  console.log(`| visitor pages, idle: median of ${idle.length} | ${median(idle).toFixed(0)} ms |`);
  console.log(
    `| visitor pages during the send: median of ${during.length}, slowest | ${median(during).toFixed(0)} ms, ${slowest.ms.toFixed(0)} ms (${slowest.path}) |`,
  );
} finally {
  await stopServer(server);
  await store.close();
  smtp.close();
  rmSync(dir, { recursive: true, force: true });
}
