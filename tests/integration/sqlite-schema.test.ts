/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { backupSqlite, restoreSqlite } from '@/lib/storage/backup';
import { openSqliteStore, SQLITE_SCHEMA_VERSION } from '@/lib/storage/sqlite';
import { openDatabase } from '@/lib/storage/sqlite/schema';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'baobab-schema-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// What the ninth schema step (the audit's two trails) added, taken out again.
const UNDO_TRAILS = `DROP INDEX staff_audit_page; DROP INDEX staff_audit_by_what; DROP INDEX staff_audit_by_who;
  ALTER TABLE staff_audit DROP COLUMN trail;`;

const versionOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  const version = db.pragma('user_version', { simple: true });
  db.close();
  return version;
};

describe('the SQLite schema version', () => {
  it('is recorded in a new store', async () => {
    const file = join(dir, 'new.sqlite');
    await openSqliteStore(file).close();
    expect(versionOf(file)).toBe(SQLITE_SCHEMA_VERSION);
  });

  it('is brought up to date in a store made before versions were recorded, keeping its records', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE records (id TEXT PRIMARY KEY, collection TEXT NOT NULL, unique_key TEXT,
      date INTEGER NOT NULL, data TEXT NOT NULL)`);
    old.prepare('INSERT INTO records VALUES (?, ?, NULL, ?, ?)').run('r1', 'contact', 5, '{"name":"Ama","date":5}');
    old.close();
    const store = openSqliteStore(file);
    expect(await store.list('contact')).toEqual([{ id: 'r1', data: { name: 'Ama', date: 5 } }]);
    // The staff inbox finds the old record by its name's words, and by status (new).
    const found = await store.inbox({ limit: 5, term: { text: 'am', exact: false }, status: 'new' });
    expect(found.map((row) => row.id)).toEqual(['r1']);
    await store.close();
    expect(versionOf(file)).toBe(SQLITE_SCHEMA_VERSION);
  });

  it('moves the record an older audit entry packed into its detail into fields of its own', async () => {
    const file = join(dir, 'audit.sqlite');
    await openSqliteStore(file).close();
    // The file as version 6, before typed audit entries (and the two trails), left it.
    const old = new Database(file);
    old.exec(`${UNDO_TRAILS} ALTER TABLE staff_audit DROP COLUMN record_collection;
      ALTER TABLE staff_audit DROP COLUMN record_id;`);
    const insert = old.prepare('INSERT INTO staff_audit (at, who, what, detail) VALUES (?, ?, ?, ?)');
    insert.run(1, 's@example.org', 'handled', 'contact r-1');
    insert.run(2, 's@example.org', 'export', 'contact csv (2 rows)');
    insert.run(3, 's@example.org', 'note', 'unknown r-2');
    // Version 6: the step that typed audit entries is the seventh.
    old.pragma('user_version = 6');
    old.close();

    const store = openSqliteStore(file);
    await store.close();
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT what, detail, record_collection, record_id FROM staff_audit ORDER BY at').all();
    db.close();
    expect(rows).toEqual([
      { what: 'handled', detail: '', record_collection: 'contact', record_id: 'r-1' },
      { what: 'export', detail: 'contact csv (2 rows)', record_collection: null, record_id: null },
      { what: 'note', detail: 'unknown r-2', record_collection: null, record_id: null },
    ]);
    expect(versionOf(file)).toBe(SQLITE_SCHEMA_VERSION);
  });

  it('keeps older entries that name nobody in the refusals trail, apart from the staff entries', async () => {
    const file = join(dir, 'trails.sqlite');
    await openSqliteStore(file).close();
    // The file as version 8, before the two trails (the ninth step), left it.
    const old = new Database(file);
    old.exec(UNDO_TRAILS);
    const insert = old.prepare('INSERT INTO staff_audit (at, who, what, detail) VALUES (?, ?, ?, ?)');
    insert.run(1, 's@example.org', 'sign-in', '');
    insert.run(2, '', 'sign-in-refused', 'invalid');
    old.pragma('user_version = 8');
    old.close();

    const store = openSqliteStore(file);
    expect((await store.auditPage({ trail: 'staff', limit: 5 })).map((e) => e.what)).toEqual(['sign-in']);
    expect((await store.auditPage({ trail: 'refusals', limit: 5 })).map((e) => e.what)).toEqual(['sign-in-refused']);
    await store.close();
    expect(versionOf(file)).toBe(SQLITE_SCHEMA_VERSION);
  });

  it('adds the places (waiting lists, offers, check-ins) to a store at the version before them, keeping its payments', async () => {
    const file = join(dir, 'places.sqlite');
    const store = openSqliteStore(file);
    const { id } = await store.add('offer', {
      email: 'a@example.org',
      payStatus: 'unpaid',
      payReference: 'BD-0000000000AA',
    });
    await store.close();
    // The file as the step before the places (the payments', the tenth) left it; the steps after it
    // (the places', the letters', the certificates', then the door limits') run on opening.
    const old = new Database(file);
    old.exec(`DROP TRIGGER places_go_with_records; DROP TABLE waitlist; DROP TABLE seat_offers; DROP TABLE check_ins;`);
    old.pragma('user_version = 10');
    old.close();

    const upgraded = openSqliteStore(file);
    expect((await upgraded.findPayment('BD-0000000000AA'))?.id).toBe(id);
    const seat = { key: 'offer:places', capacity: 1, waitlist: { data: {}, mails: [] } };
    await upgraded.add('offer', { email: 'b@example.org', date: 1 }, { seat });
    expect(await upgraded.add('offer', { email: 'c@example.org', date: 2 }, { seat })).toMatchObject({ waiting: 1 });
    expect(await upgraded.waitingList('offer:places')).toHaveLength(1);
    await upgraded.close();
    expect(versionOf(file)).toBe(SQLITE_SCHEMA_VERSION);
  });

  it('adds the door limits to a store at the version before them, keeping its team', async () => {
    const file = join(dir, 'door.sqlite');
    const store = openSqliteStore(file);
    const audit = { at: 1, who: 'admin@example.org', what: 'team-add' as const, detail: 'door@example.org door' };
    const member = { email: 'door@example.org', role: 'door' as const, addedBy: 'admin@example.org', addedAt: 1 };
    await store.saveTeamMember(member, audit);
    await store.close();
    // The file as the step before the door limits (the certificates', the thirteenth) left it.
    const old = new Database(file);
    old.exec('ALTER TABLE staff_team DROP COLUMN events');
    old.pragma('user_version = 13');
    old.close();

    const upgraded = openSqliteStore(file);
    expect(await upgraded.teamMember('door@example.org')).toEqual(member);
    await upgraded.saveTeamMember({ ...member, events: ['hackathon'] }, audit);
    expect(await upgraded.teamMember('door@example.org')).toEqual({ ...member, events: ['hackathon'] });
    await upgraded.close();
    expect(versionOf(file)).toBe(SQLITE_SCHEMA_VERSION);
  });

  it('refuses a store written by newer code', () => {
    const file = join(dir, 'future.sqlite');
    const future = new Database(file);
    future.pragma(`user_version = ${SQLITE_SCHEMA_VERSION + 1}`);
    future.close();
    expect(() => openSqliteStore(file)).toThrow(/newer than this code's/);
  });
});

describe('backup and restore', () => {
  it('copies the store, and restores it keeping the replaced one beside it', async () => {
    const live = join(dir, 'live.sqlite');
    const store = openSqliteStore(live);
    await store.add('contact', { name: 'Kept', email: 'kept@example.org', message: 'm', date: 1 });
    const copy = join(dir, 'copy.sqlite');
    expect(await backupSqlite(live, copy)).toEqual({ records: 1, messages: 0, version: SQLITE_SCHEMA_VERSION });
    await expect(backupSqlite(live, copy)).rejects.toThrow(/already exists/);
    await expect(restoreSqlite(copy, live)).rejects.toThrow(/is in use: stop the site/);
    await store.add('contact', { name: 'After the backup', email: 'late@example.org', message: 'm', date: 2 });
    await store.close();

    const restored = await restoreSqlite(copy, live);
    expect(restored).toMatchObject({ records: 1, previous: expect.stringContaining('live.sqlite.before-restore-') });
    const reopened = openSqliteStore(live);
    expect((await reopened.list('contact')).map((r) => r.data.name)).toEqual(['Kept']);
    await reopened.close();
  });

  it('refuses to restore a file that is not a store', async () => {
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database at all, just text that is long enough to have a header'.repeat(20));
    await expect(restoreSqlite(junk, join(dir, 'live.sqlite'))).rejects.toThrow(/not a SQLite store|damaged/);
  });
});

// The back office writes the same file from a process of its own. A transaction that read, then wrote
// after the other process had committed, would fail at once (SQLITE_BUSY, a stale snapshot); so every
// transaction holds the write lock from its start, and the other process's writes wait for it.
describe('two connections to one store', () => {
  it('lets no other write in between what a transaction reads and what it writes', () => {
    const file = join(dir, 'shared.sqlite');
    const first = openDatabase(file);
    const second = openDatabase(file);
    second.pragma('busy_timeout = 0');
    first.exec('CREATE TABLE trial (n INTEGER)');
    const othersWrite = () => second.prepare('INSERT INTO trial VALUES (99)').run();
    let refused: unknown;
    first.transaction(() => {
      const taken = (first.prepare('SELECT count(*) AS n FROM trial').get() as { n: number }).n;
      try {
        othersWrite();
      } catch (error) {
        refused = error;
      }
      first.prepare('INSERT INTO trial VALUES (?)').run(taken + 1);
    })();
    expect(String(refused)).toMatch(/database is locked/);
    // Once it has committed, the other connection writes.
    othersWrite();
    expect(first.prepare('SELECT n FROM trial ORDER BY rowid').pluck().all()).toEqual([1, 99]);
    first.close();
    second.close();
  });
});
