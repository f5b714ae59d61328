// The staff inbox with 100,000 records, on each store: how long one page takes for the filters staff
// use. Run on Node 24 with tsx (the project's `npm run` scripts bring it):
//   node --import tsx scripts/bench/staff-inbox.mts [records, default 100000] [--only sqlite|firestore]
// SQLite in a scratch folder, Firestore on the emulator the tests use (tests/helpers/firestore-emulator.ts).
// Prints a Markdown table for docs/performance.md.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FirestoreStateCollection, FirestoreStateDocument } from '@firestore-emulator/server';
import Database from 'better-sqlite3';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { langs } from '../../lib/i18n';
import { inboxFields, openFirestoreStore } from '../../lib/storage/firestore';
import { fold, recordWords } from '../../lib/storage/search';
import { openSqliteStore } from '../../lib/storage/sqlite';
import type { InboxQuery, RecordData, Store } from '../../lib/storage/types';
import { startFirestoreEmulator } from '../../tests/helpers/firestore-emulator';

const total = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 100_000);
const events = ['hackathon-a', 'hackathon-b', 'meetup-c', 'summit-d'];
const start = Date.UTC(2025, 0, 1);

// Records spread over forms as the site gets them: half event registrations, the rest enrolments,
// contact messages and offers; one in ten handled, one in a hundred spam; languages in turn; names drawn
// from short lists, so a surname is shared by a tenth of the records and a search has many matches.
const firstNames = ['Amina', 'Kofi', 'Zanele', 'Chidi', 'Fatou', 'Tendai', 'Yaw', 'Nia', 'Sekou', 'Aïcha'];
const lastNames = ['Diallo', 'Mensah', 'Okafor', 'Ndlovu', 'Traoré', 'Kamau', 'Banda', 'Sow', 'Mwangi', 'Adeyemi'];

function record(i: number): { collection: 'user' | 'enrolment' | 'contact' | 'offer'; data: RecordData } {
  const date = start + i * 60_000;
  const first = firstNames[i % 10]!;
  const last = lastNames[Math.floor(i / 10) % 10]!;
  const base: RecordData = { email: `p${i}@example.org`, lang: langs[i % langs.length]!, date };
  if (i % 10 === 0) base.staffStatus = 'handled';
  if (i % 100 === 1) base.staffStatus = 'spam';
  const kind = i % 4;
  if (kind < 2)
    return { collection: 'user', data: { ...base, firstName: first, lastName: `${last}${i}`, event: events[i % 4]! } };
  if (kind === 2)
    return { collection: 'enrolment', data: { ...base, name: `${first} ${last}`, course: 'Data Analysis' } };
  return { collection: 'contact', data: { ...base, name: `${first} ${last}`, message: 'Hello' } };
}

// Seeding writes straight to each store in bulk (one add per record, each synced to disk, would take
// the SQLite file minutes): the rows and documents are exactly those the adapters write, the inbox's
// words and fields included.
function seedSqlite(file: string) {
  const db = new Database(file);
  const insert = db.prepare('INSERT INTO records (id, collection, unique_key, date, data) VALUES (?, ?, NULL, ?, ?)');
  const insertWord = db.prepare('INSERT OR IGNORE INTO record_words (word, id) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const { collection, data } = record(i);
      const id = randomUUID();
      insert.run(id, collection, data.date, JSON.stringify(data));
      for (const word of recordWords(data)) insertWord.run(word, id);
    }
  })();
  db.close();
}

// The emulator adds a document by copying its collection's whole map (immer), so seeding it grows with
// the square of the records: 10,000 took minutes and 100,000 did not finish. For the benchmark only,
// documents are added to the map in place; what a query reads and how is left as it is.
function addDocumentsInPlace() {
  type Collection = { documents: Record<string, unknown>; emitter: unknown; database: unknown };
  const prototype = FirestoreStateCollection.prototype as unknown as { getDocument(name: string): unknown };
  prototype.getDocument = function (this: Collection, name: string) {
    if (Object.isFrozen(this.documents)) this.documents = { ...this.documents };
    this.documents[name] ??= new FirestoreStateDocument(
      this.emitter as never,
      this.database as never,
      this as never,
      name,
      {},
      {},
    );
    return this.documents[name];
  };
}

async function seedFirestore(projectId: string) {
  const app = initializeApp({ projectId }, `seed-${projectId}`);
  const db = getFirestore(app);
  for (let i = 0; i < total; i += 500) {
    const batch = db.batch();
    for (let j = i; j < Math.min(i + 500, total); j++) {
      const { collection, data } = record(j);
      const ref = db.collection(collection).doc();
      batch.create(ref, { ...data, ...inboxFields(ref.id, data) });
    }
    await batch.commit();
  }
  await deleteApp(app);
}

const at = (i: number) => ({ date: start + i * 60_000, id: '' });
const cases: [string, Omit<InboxQuery, 'limit'>][] = [
  ['newest 50, every form', {}],
  ['50 after 20 pages (keyset)', { after: at(total - 1000) }],
  ['one form (contact)', { collection: 'contact' }],
  ['one event', { collection: 'user', item: { field: 'event', value: 'hackathon-a' } }],
  ['status new', { status: 'new' }],
  ['status handled', { status: 'handled' }],
  ['status spam', { status: 'spam' }],
  ['one event, handled', { collection: 'user', status: 'handled', item: { field: 'event', value: 'hackathon-a' } }],
  ['one language', { lang: langs[1] }],
  ['search a common first name ("ami")', { term: { text: 'ami', exact: false } }],
  ['search a rare word (one surname)', { term: { text: fold(String(record(1233).data.lastName)), exact: false } }],
  [
    'search a whole address',
    { term: { text: recordWords(record(4321).data).find((w) => w.includes('@'))!, exact: true } },
  ],
  [
    'search "amina", handled, one language',
    { term: { text: 'amina', exact: false }, status: 'handled', lang: langs[0] },
  ],
  ['search "ami", page 21', { term: { text: 'ami', exact: false }, after: at(total - 10_000) }],
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
if (only !== 'sqlite') addDocumentsInPlace();
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
