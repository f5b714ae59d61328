import { collections, itemField } from '../collections';
import { recordWords } from '../search';
import { markerDigest, recipientDigest } from '../traces';
import type { RecordData } from '../types';
import { fieldOf, formCollectionList, type Db } from './sql';

// The schema, one step per version: step i turns a version-i file into version i+1 and is never
// edited once released (a change is a new step). The version lives in SQLite's user_version. Files made
// before versions were recorded have version 0 and the tables of step 0, which IF NOT EXISTS leaves alone.
export const migrations: ((db: Db) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS records (
        id TEXT PRIMARY KEY,
        collection TEXT NOT NULL,
        unique_key TEXT,
        date INTEGER NOT NULL,
        data TEXT NOT NULL
      );
      CREATE UNIQUE INDEX IF NOT EXISTS records_unique ON records (collection, unique_key) WHERE unique_key IS NOT NULL;
      CREATE INDEX IF NOT EXISTS records_by_date ON records (collection, date);

      CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY,
        record_id TEXT NOT NULL REFERENCES records (id),
        message TEXT NOT NULL CHECK (json_valid(message) AND json_extract(message, '$.to') IS NOT NULL),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_owner TEXT,
        lease_until INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        sent_at INTEGER
      );
      CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);
    `),
  // Forgetting an address finds a record's messages; a submission is stored once; a visitor's
  // confirmation is queued once per address, form and day.
  (db) =>
    db.exec(`
      CREATE INDEX IF NOT EXISTS outbox_by_record ON outbox (record_id);
      CREATE TABLE IF NOT EXISTS submissions (key TEXT PRIMARY KEY, record_id TEXT NOT NULL, date INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS sent_once (key TEXT PRIMARY KEY, date INTEGER NOT NULL);
    `),
  // Seats (AddOptions.seat): a record's seat goes with the record, however it is removed.
  (db) =>
    db.exec(`
      CREATE TABLE seats (key TEXT NOT NULL, n INTEGER NOT NULL, record_id TEXT NOT NULL, PRIMARY KEY (key, n));
      CREATE INDEX seats_by_record ON seats (record_id);
      CREATE TRIGGER seats_freed AFTER DELETE ON records BEGIN DELETE FROM seats WHERE record_id = OLD.id; END;
    `),
  // Once-only markers keep digests, not the address in plain text, with the recipient's digest so that
  // forgetting an address finds them; both marker tables are purged by date.
  (db) => {
    db.exec(`
      CREATE TABLE sent_once_digests (key TEXT PRIMARY KEY, recipient TEXT NOT NULL, date INTEGER NOT NULL);
      CREATE INDEX sent_once_by_recipient ON sent_once_digests (recipient);
      CREATE INDEX sent_once_by_date ON sent_once_digests (date);
      CREATE INDEX IF NOT EXISTS submissions_by_date ON submissions (date);
      CREATE INDEX IF NOT EXISTS submissions_by_record ON submissions (record_id);
    `);
    const insert = db.prepare('INSERT OR IGNORE INTO sent_once_digests (key, recipient, date) VALUES (?, ?, ?)');
    // The keys of the time were '<form>:<address>:<day>'.
    for (const row of db.prepare('SELECT key, date FROM sent_once').all() as { key: string; date: number }[]) {
      const address = row.key.slice(row.key.indexOf(':') + 1, row.key.lastIndexOf(':'));
      insert.run(markerDigest(row.key), recipientDigest(address), row.date);
    }
    db.exec('DROP TABLE sent_once; ALTER TABLE sent_once_digests RENAME TO sent_once;');
  },
  // The staff workspace: the inbox reads every form newest first; sessions and the audit trail.
  (db) =>
    db.exec(`
      CREATE INDEX IF NOT EXISTS records_newest ON records (date DESC);
      CREATE INDEX IF NOT EXISTS records_by_staff_status ON records (json_extract(data, '$.staffStatus'), date);
      CREATE TABLE IF NOT EXISTS staff_sessions (
        id TEXT PRIMARY KEY, email TEXT NOT NULL, created_at INTEGER NOT NULL, seen_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS staff_audit (
        at INTEGER NOT NULL, who TEXT NOT NULL, what TEXT NOT NULL, detail TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS staff_audit_by_date ON staff_audit (at);
    `),
  // The inbox read along indexes whatever the filters: every order ends in the id, so records of the same
  // millisecond page in a fixed order; language and each item field have an index; the search reads a
  // table of the words each record is found by (lib/storage/search.ts), filled for the records there.
  (db) => {
    db.exec(`
      DROP INDEX IF EXISTS records_newest;
      DROP INDEX IF EXISTS records_by_staff_status;
      CREATE INDEX records_newest ON records (date DESC, id DESC);
      CREATE INDEX records_by_staff_status ON records (json_extract(data, '$.staffStatus'), date DESC, id DESC);
      CREATE INDEX records_by_lang ON records (json_extract(data, '$.lang'), date DESC, id DESC);
      ${Object.values(itemField)
        .map((field) => `CREATE INDEX records_by_${field} ON records (${fieldOf(field)}, date DESC, id DESC);`)
        .join('\n')}
      CREATE TABLE record_words (word TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (word, id)) WITHOUT ROWID;
      CREATE INDEX record_words_by_id ON record_words (id);
      CREATE TRIGGER record_words_go_with_records AFTER DELETE ON records
        BEGIN DELETE FROM record_words WHERE id = old.id; END;
    `);
    indexWordsOfAll(db);
  },
  // A typed audit: the record an entry is about gets columns of its own (it was packed into the detail
  // as '<collection> <id>'); older entries are moved over as they are read today.
  (db) => {
    db.exec(
      'ALTER TABLE staff_audit ADD COLUMN record_collection TEXT; ALTER TABLE staff_audit ADD COLUMN record_id TEXT;',
    );
    const move = db.prepare("UPDATE staff_audit SET detail = '', record_collection = ?, record_id = ? WHERE rowid = ?");
    const onRecord = "what IN ('handled', 'reopen', 'spam', 'not-spam', 'note')";
    const rows = db.prepare(`SELECT rowid, detail FROM staff_audit WHERE ${onRecord}`).all();
    for (const row of rows as { rowid: number; detail: string }[]) {
      const packed = /^(\w+) ([\w-]{1,100})$/.exec(row.detail);
      if (packed && (collections as string[]).includes(packed[1]!)) move.run(packed[1], packed[2], row.rowid);
    }
  },
  // The team: colleagues added in the browser, each with a role; every record's thread of notes and
  // replies, which goes with the record; records found by assignee; and the words a search finds now
  // include a record's country, occupation and message (lib/storage/search.ts), so they are indexed again.
  (db) => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS staff_team (email TEXT PRIMARY KEY, role TEXT NOT NULL, added_by TEXT NOT NULL, added_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS record_thread (
        id TEXT PRIMARY KEY, record_id TEXT NOT NULL, at INTEGER NOT NULL, by TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('note', 'reply')), text TEXT NOT NULL, mail_id TEXT
      );
      CREATE INDEX IF NOT EXISTS record_thread_by_record ON record_thread (record_id, at);
      CREATE TRIGGER IF NOT EXISTS record_thread_goes_with_records AFTER DELETE ON records
        BEGIN DELETE FROM record_thread WHERE record_id = old.id; END;
      CREATE INDEX IF NOT EXISTS records_by_assignee ON records (json_extract(data, '$.assignedTo'), date DESC, id DESC);
      DELETE FROM record_words;
    `);
    indexWordsOfAll(db);
  },
  // The audit in two trails (staff's, and strangers' refusals: entries that name nobody), read by pages
  // newest first by (at, rowid) with a filter by action or by who. An index on a table with rowids ends
  // in the rowid, so each index read backwards gives that order.
  (db) =>
    db.exec(`
      ALTER TABLE staff_audit ADD COLUMN trail TEXT NOT NULL DEFAULT 'staff';
      UPDATE staff_audit SET trail = 'refusals' WHERE who = '';
      CREATE INDEX staff_audit_page ON staff_audit (trail, at);
      CREATE INDEX staff_audit_by_what ON staff_audit (trail, what, at);
      CREATE INDEX staff_audit_by_who ON staff_audit (trail, who, at);
    `),
  // Payments on records (docs/product.md §14): found by their reference, listed by their state as the
  // inbox's other filters are, and settled once per record and settlement by a marker row that goes
  // with its record.
  (db) =>
    db.exec(`
      CREATE INDEX IF NOT EXISTS records_by_pay_reference ON records (json_extract(data, '$.payReference'));
      CREATE INDEX IF NOT EXISTS records_by_pay_status ON records (json_extract(data, '$.payStatus'), date DESC, id DESC);
      CREATE TABLE IF NOT EXISTS payment_marks (key TEXT PRIMARY KEY, record_id TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS payment_marks_by_record ON payment_marks (record_id);
      CREATE TRIGGER IF NOT EXISTS payment_marks_go_with_records AFTER DELETE ON records
        BEGIN DELETE FROM payment_marks WHERE record_id = old.id; END;
    `),
  // Waiting lists, offers of freed seats and check-ins at the door (docs/product.md §9): each goes with
  // its record. A waiting list's tickets are numbered per seat key and left once (`left_at`); an offer
  // holds its seat through a row of `seats`, and ends once (`outcome`).
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS waitlist (
        key TEXT NOT NULL, position INTEGER NOT NULL, record_id TEXT NOT NULL, collection TEXT NOT NULL,
        date INTEGER NOT NULL, left_at INTEGER, PRIMARY KEY (key, position)
      );
      CREATE INDEX IF NOT EXISTS waitlist_by_record ON waitlist (record_id);
      CREATE TABLE IF NOT EXISTS seat_offers (
        key TEXT NOT NULL, position INTEGER NOT NULL, record_id TEXT NOT NULL, collection TEXT NOT NULL,
        n INTEGER NOT NULL, offered_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
        outcome TEXT CHECK (outcome IN ('claimed', 'expired', 'declined')), ended_at INTEGER,
        PRIMARY KEY (key, position)
      );
      CREATE INDEX IF NOT EXISTS seat_offers_by_record ON seat_offers (record_id);
      CREATE INDEX IF NOT EXISTS seat_offers_open ON seat_offers (expires_at) WHERE outcome IS NULL;
      CREATE TABLE IF NOT EXISTS check_ins (record_id TEXT PRIMARY KEY, key TEXT NOT NULL, at INTEGER NOT NULL, by TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS check_ins_by_key ON check_ins (key);
      CREATE TRIGGER IF NOT EXISTS places_go_with_records AFTER DELETE ON records BEGIN
        DELETE FROM waitlist WHERE record_id = OLD.id;
        DELETE FROM seat_offers WHERE record_id = OLD.id;
        DELETE FROM check_ins WHERE record_id = OLD.id;
      END;
    `),
  // Letters to the community (lib/letters): drafts and sent letters, found by id or by their archive
  // slug, and their outbox mails counted by the letter they carry.
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS letters (id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, updated_at INTEGER NOT NULL, data TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS outbox_by_letter ON outbox (json_extract(message, '$.letter.id')) WHERE json_extract(message, '$.letter.id') IS NOT NULL;
    `),
  // Certificates (lib/certificates): found by their code, listed per item, found by address to be
  // withdrawn when the person is forgotten; a key row per person and item holds the current one, so a
  // certificate is issued once and replaced once. They outlive their records (retention keeps them).
  (db) =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS certificates (
        code TEXT PRIMARY KEY, key TEXT NOT NULL, collection TEXT NOT NULL, item TEXT NOT NULL,
        email_key TEXT NOT NULL, issued_at INTEGER NOT NULL, data TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS certificates_by_item ON certificates (collection, item, issued_at);
      CREATE INDEX IF NOT EXISTS certificates_by_email ON certificates (email_key);
      CREATE TABLE IF NOT EXISTS certificate_keys (key TEXT PRIMARY KEY, code TEXT NOT NULL);
    `),
  // A door member limited by an admin to chosen events: their slugs as a JSON array; none, every event.
  (db) => {
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('staff_team') as string[];
    if (!columns.includes('events')) db.exec('ALTER TABLE staff_team ADD COLUMN events TEXT');
  },
];

// Fills the words table for every record there, by this code's rule of what a record is found by.
function indexWordsOfAll(db: Db) {
  const insert = db.prepare('INSERT OR IGNORE INTO record_words (word, id) VALUES (?, ?)');
  const rows = db.prepare(`SELECT id, data FROM records WHERE collection IN (${formCollectionList})`).all();
  for (const row of rows as { id: string; data: string }[]) {
    for (const word of recordWords(JSON.parse(row.data) as RecordData)) insert.run(word, row.id);
  }
}
