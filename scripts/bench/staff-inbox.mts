// The staff inbox with 100,000 records, on each store: how long one page takes for the filters staff
// use. Run on Node 24 with tsx (the project's `npm run` scripts bring it):
//   node --import tsx scripts/bench/staff-inbox.mts [records, default 100000] [--only sqlite|firestore]
// SQLite in a scratch folder, Firestore on the emulator the tests use (tests/helpers/firestore-emulator.ts);
// each opened as the site opens it (getStore, from the settings) and seeded through the adapter's `add`.
// Prints a Markdown table for docs/performance.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FirestoreStateCollection, FirestoreStateDocument } from '@firestore-emulator/server';

import { langs } from '@/lib/i18n';
import { setSingleton } from '@/lib/singletons';
import { getStore, type Collection, type InboxQuery, type RecordData, type Store } from '@/lib/storage';
import { parseSearch } from '@/lib/storage/search';

import { startFirestoreEmulator } from '../../tests/helpers/firestore-emulator';

const total = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 100_000);
const events = ['hackathon-a', 'hackathon-b', 'meetup-c', 'summit-d'];
const start = Date.UTC(2025, 0, 1);

// Records spread over forms as the site gets them: half event registrations, the rest enrolments,
// contact messages and offers; one in ten handled, one in a hundred spam; languages in turn; names drawn
// from short lists, so a surname is shared by a tenth of the records and a search has many matches.
const firstNames = ['Amina', 'Kofi', 'Zanele', 'Chidi', 'Fatou', 'Tendai', 'Yaw', 'Nia', 'Sekou', 'Aïcha'];
const lastNames = ['Diallo', 'Mensah', 'Okafor', 'Ndlovu', 'Traoré', 'Kamau', 'Banda', 'Sow', 'Mwangi', 'Adeyemi'];

function record(i: number): { collection: Collection; data: RecordData } {
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

// The store the site opens with these settings, opened afresh: the settings are read once per process,
// and the benchmark opens one store after the other.
function storeWith(settings: Record<string, string>): Store {
  for (const name of ['DATA_DIR', 'STORE', 'FIRESTORE_PROJECT_ID', 'FIRESTORE_EMULATOR_HOST']) delete process.env[name];
  Object.assign(process.env, settings);
  setSingleton('config', undefined);
  setSingleton('store', undefined);
  return getStore();
}

// Every record through the adapter's own `add`, as a submission is stored, so the rows and documents,
// the inbox's words and fields included, are exactly those the site writes. `width` adds at once: SQLite
// commits one at a time whatever the width (each synced to disk), Firestore's round trips overlap.
async function seed(store: Store, width: number) {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) {
        const { collection, data } = record(next++);
        await store.add(collection, data);
      }
    }),
  );
  console.error(`${store.kind}: ${total} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);
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

// A search as staff type it in the inbox (lib/staff/inbox.ts), as the store takes it.
function search(text: string): InboxQuery['term'] {
  const { term, exact } = parseSearch(text)!;
  return { text: term, exact };
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
  ['search a common first name ("ami")', { term: search('ami') }],
  ['search a rare word (one surname)', { term: search(String(record(1233).data.lastName)) }],
  ['search a whole address', { term: search(String(record(4321).data.email)) }],
  ['search "amina", handled, one language', { term: search('amina'), status: 'handled', lang: langs[0] }],
  ['search "ami", page 21', { term: search('ami'), after: at(total - 10_000) }],
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
    const sqlite = storeWith({ DATA_DIR: dir });
    await seed(sqlite, 1);
    results.SQLite = await measure(sqlite);
    await sqlite.close();
  }
  if (emulator) {
    const firestore = storeWith({
      DATA_DIR: dir,
      STORE: 'firestore',
      FIRESTORE_PROJECT_ID: `bench-${process.pid}`,
      FIRESTORE_EMULATOR_HOST: emulator.host,
    });
    await seed(firestore, 64);
    results['Firestore emulator'] = await measure(firestore);
    await firestore.close();
  }
  print();
} finally {
  await emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
}
