// The staff inbox with 100,000 records, on each store: how long one page takes for the filters staff
// use. Run on Node 24 with tsx (the project's `npm run` scripts bring it):
//   node --import tsx scripts/bench/staff-inbox.mts [records, default 100000] [--only sqlite|firestore]
// SQLite in a scratch folder, Firestore on the emulator the tests use (tests/helpers/firestore-emulator.ts).
// Prints a Markdown table for docs/performance.md.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { langs } from '../../lib/i18n';
import { openFirestoreStore } from '../../lib/storage/firestore';
import { openSqliteStore } from '../../lib/storage/sqlite';
import type { InboxQuery, RecordData, Store } from '../../lib/storage/types';
import { startFirestoreEmulator } from '../../tests/helpers/firestore-emulator';

const total = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 100_000);
const events = ['hackathon-a', 'hackathon-b', 'meetup-c', 'summit-d'];
const start = Date.UTC(2025, 0, 1);

// Records spread over forms as the site gets them: half event registrations, the rest enrolments,
// contact messages and offers; one in ten handled, one in a hundred spam.
function record(i: number): { collection: 'user' | 'enrolment' | 'contact' | 'offer'; data: RecordData } {
  const date = start + i * 60_000;
  const base: RecordData = { email: `p${i}@example.org`, lang: langs[i % langs.length]!, date };
  if (i % 10 === 0) base.staffStatus = 'handled';
  if (i % 100 === 1) base.staffStatus = 'spam';
  const kind = i % 4;
  if (kind < 2)
    return { collection: 'user', data: { ...base, firstName: `F${i}`, lastName: 'L', event: events[i % 4]! } };
  if (kind === 2) return { collection: 'enrolment', data: { ...base, name: `N${i}`, course: 'Data Analysis' } };
  return { collection: 'contact', data: { ...base, name: `C${i}`, message: 'Hello' } };
}

// Seeding writes straight to each store in bulk (one add per record, each synced to disk, would take
// the SQLite file minutes): the rows and documents are exactly those the adapters write.
function seedSqlite(file: string) {
  const db = new Database(file);
  const insert = db.prepare('INSERT INTO records (id, collection, unique_key, date, data) VALUES (?, ?, NULL, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const { collection, data } = record(i);
      insert.run(randomUUID(), collection, data.date, JSON.stringify(data));
    }
  })();
  db.close();
}

async function seedFirestore(projectId: string) {
  const app = initializeApp({ projectId }, `seed-${projectId}`);
  const db = getFirestore(app);
  for (let i = 0; i < total; i += 500) {
    const batch = db.batch();
    for (let j = i; j < Math.min(i + 500, total); j++) {
      const { collection, data } = record(j);
      batch.create(db.collection(collection).doc(), data);
    }
    await batch.commit();
  }
  await deleteApp(app);
}

const cases: [string, Omit<InboxQuery, 'limit'>][] = [
  ['newest 50, every form', {}],
  ['50 after 20 pages (keyset)', { before: start + (total - 1000) * 60_000 }],
  ['one form (contact)', { collection: 'contact' }],
  ['one event', { collection: 'user', item: { field: 'event', value: 'hackathon-a' } }],
  ['status new', { status: 'new' }],
  ['status handled', { status: 'handled' }],
  ['status spam', { status: 'spam' }],
  ['one event, handled', { collection: 'user', status: 'handled', item: { field: 'event', value: 'hackathon-a' } }],
];

async function measure(store: Store): Promise<Map<string, number>> {
  const results = new Map<string, number>();
  for (const [name, query] of cases) {
    await store.inbox({ ...query, limit: 50 });
    const runs: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      const rows = await store.inbox({ ...query, limit: 50 });
      runs.push(performance.now() - t);
      if (rows.length === 0) throw new Error(`${name}: no rows`);
    }
    results.set(name, runs.sort((a, b) => a - b)[2]!);
  }
  return results;
}

// `--only sqlite` or `--only firestore` measures one store (seeding the emulator takes minutes).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const results: Record<string, Map<string, number>> = {};

function print() {
  const stores = Object.keys(results);
  console.log(
    `| query (${total.toLocaleString('en')} records, page of 50) | ${stores.map((s) => `${s} (ms, median of 5)`).join(' | ')} |`,
  );
  console.log(`| --- |${stores.map(() => ' ---: |').join('')}`);
  for (const [name] of cases) {
    console.log(`| ${name} | ${stores.map((s) => results[s]!.get(name)!.toFixed(1)).join(' | ')} |`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'baobab-bench-inbox-'));
const emulator = only === 'sqlite' ? undefined : await startFirestoreEmulator();
try {
  if (only !== 'firestore') {
    const file = join(dir, 'baobab.sqlite');
    await openSqliteStore(file).close();
    const t = performance.now();
    seedSqlite(file);
    console.error(`sqlite: ${total} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const sqlite = openSqliteStore(file);
    results.SQLite = await measure(sqlite);
    await sqlite.close();
  }
  if (emulator) {
    const projectId = `bench-${process.pid}`;
    const firestore = openFirestoreStore({ projectId, emulatorHost: emulator.host });
    const t = performance.now();
    await seedFirestore(projectId);
    console.error(`firestore: ${total} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    results['Firestore emulator'] = await measure(firestore);
    await firestore.close();
  }
  print();
} finally {
  emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
}
