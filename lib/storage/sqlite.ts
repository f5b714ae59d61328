import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import Database from 'better-sqlite3';

import { itemField } from '@/lib/forms/collections';

import { recordWords } from './search';
import {
  checkSeat,
  collections,
  DuplicateError,
  FullError,
  isJobKey,
  markerDigest,
  messageConcerns,
  onlyListsEmail,
  recipientDigest,
  settleHeldBack,
  subscriberKey,
  withoutRowsNaming,
  type AddOptions,
  type AuditEntry,
  type AuditOf,
  type Collection,
  type EmailTraces,
  type InboxQuery,
  type InboxRecord,
  type JobData,
  type NewMail,
  type OutboxMail,
  type RecordData,
  type StaffSession,
  type Store,
  type StoredRecord,
} from './types';

const JOBS = '_jobs';

// The schema, one step per version: step i turns a version-i file into version i+1 and is never
// edited once released (a change is a new step). The version lives in SQLite's user_version. Files made
// before versions were recorded have version 0 and the tables of step 0, which IF NOT EXISTS leaves alone.
const migrations: ((db: Database.Database) => void)[] = [
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
    const insert = db.prepare('INSERT OR IGNORE INTO record_words (word, id) VALUES (?, ?)');
    const rows = db.prepare(`SELECT id, data FROM records WHERE collection IN (${formCollectionList})`).all();
    for (const row of rows as { id: string; data: string }[]) {
      for (const word of recordWords(JSON.parse(row.data) as RecordData)) insert.run(word, row.id);
    }
  },
];

// A record field as SQL, written the same way in the indexes and the queries (SQLite uses an index on
// an expression only for that exact expression). Field names come from the code, never from a request.
function fieldOf(field: string): string {
  if (!/^[A-Za-z]\w*$/.test(field)) throw new Error(`Not a field name: ${field}`);
  return `json_extract(data, '$.${field}')`;
}

const formCollectionList = collections.map((c) => `'${c}'`).join(', ');

export const SQLITE_SCHEMA_VERSION = migrations.length;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

// Brings the file to this code's version in one transaction (two servers starting together take turns).
// A file from newer code is refused: this code would not know its tables.
export function migrate(db: Database.Database, file: string): void {
  db.transaction(() => {
    const version = schemaVersion(db);
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new Error(
        `${file} has schema version ${version}, newer than this code's ${SQLITE_SCHEMA_VERSION}: run the newer code, or restore a backup made by this version`,
      );
    }
    for (let step = version; step < SQLITE_SCHEMA_VERSION; step++) migrations[step]!(db);
    db.pragma(`user_version = ${SQLITE_SCHEMA_VERSION}`);
  }).immediate();
}

// The embedded store: one SQLite file, WAL journal, every commit synced to disk before it returns.
// better-sqlite3 runs each statement to completion, so concurrent requests never interleave a write;
// other processes on the same file wait on the busy timeout.
export function openSqliteStore(file: string): Store {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db, file);
  } catch (error) {
    db.close();
    throw error;
  }

  const insertRecord = db.prepare(
    'INSERT INTO records (id, collection, unique_key, date, data) VALUES (@id, @collection, @uniqueKey, @date, @data)',
  );
  const insertMessage = db.prepare(
    'INSERT INTO outbox (id, record_id, message, next_attempt_at) VALUES (@id, @recordId, @message, @now)',
  );
  const insertWord = db.prepare('INSERT OR IGNORE INTO record_words (word, id) VALUES (?, ?)');
  const insertSubmission = db.prepare('INSERT INTO submissions (key, record_id, date) VALUES (?, ?, ?)');
  const takenSeats = db.prepare('SELECT n FROM seats WHERE key = ?').pluck();
  const insertSeat = db.prepare('INSERT INTO seats (key, n, record_id) VALUES (?, ?, ?)');
  const countSeats = db.prepare('SELECT COUNT(*) FROM seats WHERE key = ?').pluck();
  const claimOnce = db.prepare(
    'INSERT INTO sent_once (key, recipient, date) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING',
  );
  const selectRecords = db.prepare(
    'SELECT id, data FROM records WHERE collection = ? AND date >= ? ORDER BY date, rowid',
  );
  // One statement: SQLite runs it alone, so two workers can never claim the same message.
  const claim = db.prepare(`
    UPDATE outbox SET lease_owner = @owner, lease_until = @until
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status = 'pending' AND next_attempt_at <= @now AND lease_until <= @now
      ORDER BY next_attempt_at LIMIT @limit
    )
    RETURNING id, record_id, message, attempts`);
  const sent = db.prepare("UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = 0 WHERE id = ?");
  const retry = db.prepare(
    'UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, lease_until = 0 WHERE id = ?',
  );
  const fail = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = ?, status = 'failed', lease_until = 0 WHERE id = ?",
  );
  const release = db.prepare("UPDATE outbox SET lease_until = 0 WHERE id = ? AND status = 'pending'");
  const releaseAll = db.transaction((ids: string[]) => ids.forEach((id) => release.run(id)));
  const hurry = db.prepare(
    "UPDATE outbox SET next_attempt_at = @now WHERE status = 'pending' AND next_attempt_at > @now",
  );
  const counts = db.prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status');

  const queue = (recordId: string, messages: NewMail[] = []) => {
    const dropped = new Set(
      messages.filter(
        (m) =>
          m.onceKey !== undefined &&
          claimOnce.run(markerDigest(m.onceKey), recipientDigest(m.to), Date.now()).changes === 0,
      ),
    );
    for (const { onceKey: _onceKey, ...message } of settleHeldBack(messages, (m) => dropped.has(m))) {
      insertMessage.run({ id: randomUUID(), recordId, message: JSON.stringify(message), now: Date.now() });
    }
  };
  const addAll = db.transaction((id: string, collection: Collection, data: RecordData, options: AddOptions) => {
    insertRecord.run({
      id,
      collection,
      uniqueKey: options.uniqueKey ?? null,
      date: typeof data.date === 'number' ? data.date : Date.now(),
      data: JSON.stringify(data),
    });
    for (const word of recordWords(data)) insertWord.run(word, id);
    if (options.submissionKey !== undefined) insertSubmission.run(options.submissionKey, id, Date.now());
    if (options.seat) {
      const { key, capacity } = options.seat;
      const taken = new Set(takenSeats.all(key) as number[]);
      const free = Array.from({ length: capacity }, (_, i) => i + 1).find((n) => !taken.has(n));
      if (free === undefined || taken.size >= capacity) throw new FullError(key);
      insertSeat.run(key, free, id);
    }
    queue(id, options.mails);
  });

  const allRecords = db.prepare('SELECT id, collection, data FROM records');
  const allMessages = db.prepare('SELECT id, record_id, message, status FROM outbox');
  const deleteRecord = db.prepare('DELETE FROM records WHERE id = ?');
  const deleteMessage = db.prepare('DELETE FROM outbox WHERE id = ?');
  const deleteMessagesOf = db.prepare('DELETE FROM outbox WHERE record_id = ?');
  const deleteMarkersOf = db.prepare('DELETE FROM sent_once WHERE recipient = ?');
  const deleteSubmissionOf = db.prepare('DELETE FROM submissions WHERE record_id = ?');
  const updateMessage = db.prepare('UPDATE outbox SET message = ? WHERE id = ?');
  const markersOf = db.prepare('SELECT COUNT(*) AS n FROM sent_once WHERE recipient = ?');
  const purgeOnce = db.prepare('DELETE FROM sent_once WHERE date < ?');
  const purgeSubmissions = db.prepare('DELETE FROM submissions WHERE date < ?');
  const selectSubscriber = db.prepare(
    "SELECT id, data FROM records WHERE collection = 'newsletter' AND unique_key = ?",
  );
  const updateData = db.prepare('UPDATE records SET data = ? WHERE id = ?');
  const deleteWordsOf = db.prepare('DELETE FROM record_words WHERE id = ?');
  // A record's new data, and the words it is found by (a name or an address may have changed).
  const rewrite = (id: string, data: RecordData) => {
    updateData.run(JSON.stringify(data), id);
    deleteWordsOf.run(id);
    for (const word of recordWords(data)) insertWord.run(word, id);
  };
  // Text sorts after every number in SQLite, so a field that is not a number is never 'before'.
  const selectDated = db.prepare(`
    SELECT id FROM records WHERE collection = @collection AND json_extract(data, '$.' || @field) < @before
      AND (@status IS NULL OR json_extract(data, '$.' || @statusField) = @status)`);
  const clearBodies = db.prepare(`
    UPDATE outbox SET message = json_set(json_remove(message, '$.replyTo', '$.attachments'), '$.text', '', '$.html', '')
    WHERE status = 'sent' AND sent_at < ? AND (json_extract(message, '$.text') != '' OR json_extract(message, '$.html') != ''
      OR json_extract(message, '$.attachments') IS NOT NULL OR json_extract(message, '$.replyTo') IS NOT NULL)`);
  // A claimed job is a row of the records table outside every collection, keyed by the job's key, so its
  // messages have a record as every outbox message does.
  const insertJob = db.prepare(
    `INSERT INTO records (id, collection, unique_key, date, data) VALUES (?, '${JOBS}', ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const selectJob = db.prepare(`SELECT 1 FROM records WHERE collection = '${JOBS}' AND unique_key = ?`);
  const selectLastJob = db.prepare(
    `SELECT data FROM records WHERE collection = '${JOBS}' AND json_extract(data, '$.name') = ? ORDER BY date DESC, rowid DESC LIMIT 1`,
  );

  // Whole-table reads: an address is compared case-insensitively in any alphabet, which SQLite's
  // lower() does not do, and forgetting someone is rare.
  const traces = (email: string) => {
    const wanted = subscriberKey(email);
    const records = (allRecords.all() as { id: string; collection: Collection; data: string }[])
      .map((row) => ({ id: row.id, collection: row.collection, data: JSON.parse(row.data) as RecordData }))
      .filter((row) => typeof row.data.email === 'string' && subscriberKey(row.data.email) === wanted);
    const ids = new Set(records.map((r) => r.id));
    const concerned = (allMessages.all() as { id: string; record_id: string; message: string; status: string }[])
      .map((row) => ({
        ...(JSON.parse(row.message) as NewMail),
        id: row.id,
        recordId: row.record_id,
        status: row.status as EmailTraces['mails'][number]['status'],
      }))
      .filter((message) => messageConcerns(message, wanted, ids));
    const listing = concerned.filter((message) => onlyListsEmail(message, wanted, ids));
    const messages = concerned
      .filter((message) => !listing.includes(message))
      .map(({ id, to, subject, status }) => ({ id, to, subject, status }));
    const redactions = listing.map(({ id, to, subject, status: _s, recordId: _r, ...message }) => {
      const { attachments, rows } = withoutRowsNaming(message.attachments ?? [], wanted);
      return { id, to, subject, rows, message: { ...message, to, subject, attachments } };
    });
    return {
      records,
      mails: messages,
      redactions,
      markers: (markersOf.get(recipientDigest(wanted)) as { n: number }).n,
    };
  };
  const report = ({ records, mails, redactions, markers }: ReturnType<typeof traces>): EmailTraces => ({
    records,
    mails,
    redacted: redactions.map(({ id, to, subject, rows }) => ({ id, to, subject, rows })),
    markers,
  });
  const insertAudit = db.prepare('INSERT INTO staff_audit (at, who, what, detail) VALUES (@at, @who, @what, @detail)');
  const selectRecord = db.prepare('SELECT id, data FROM records WHERE collection = ? AND id = ?');
  const forget = db.transaction((email: string, audit?: AuditOf<EmailTraces>) => {
    const found = traces(email);
    for (const message of found.mails) deleteMessage.run(message.id);
    for (const { id, message } of found.redactions) updateMessage.run(JSON.stringify(message), id);
    for (const record of found.records) {
      deleteSubmissionOf.run(record.id);
      deleteRecord.run(record.id);
    }
    deleteMarkersOf.run(recipientDigest(email));
    const result = report(found);
    if (audit) insertAudit.run(audit(result));
    return result;
  });
  const forgetRecord = db.transaction((collection: Collection, id: string, audit?: AuditOf<EmailTraces>) => {
    const row = selectRecord.get(collection, id) as { data: string } | undefined;
    const email = row && (JSON.parse(row.data) as RecordData).email;
    return typeof email === 'string' && email !== '' ? forget(email, audit) : null;
  });
  const purge = db.transaction((ids: string[]) => {
    for (const id of ids) {
      deleteMessagesOf.run(id);
      deleteRecord.run(id);
    }
  });
  const update = db.transaction((email: string, changes: RecordData, messages: NewMail[]) => {
    const row = selectSubscriber.get(subscriberKey(email)) as { id: string; data: string } | undefined;
    if (!row) return false;
    rewrite(row.id, { ...JSON.parse(row.data), ...changes });
    queue(row.id, messages);
    return true;
  });
  const claimJob = db.transaction((key: string, data: JobData, messages: NewMail[], audit?: AuditEntry) => {
    const id = randomUUID();
    if (insertJob.run(id, key, data.at, JSON.stringify(data)).changes === 0) return false;
    queue(id, messages);
    if (audit) insertAudit.run(audit);
    return true;
  });

  const insertSession = db.prepare(
    'INSERT OR REPLACE INTO staff_sessions (id, email, created_at, seen_at) VALUES (@id, @email, @createdAt, @seenAt)',
  );
  const selectSession = db.prepare(
    'SELECT id, email, created_at AS createdAt, seen_at AS seenAt FROM staff_sessions WHERE id = ?',
  );
  const touch = db.prepare('UPDATE staff_sessions SET seen_at = ? WHERE id = ?');
  const deleteSession = db.prepare('DELETE FROM staff_sessions WHERE id = ?');
  const selectSessions = db.prepare('SELECT id, email, created_at AS createdAt, seen_at AS seenAt FROM staff_sessions');
  const countOf = db.prepare('SELECT COUNT(*) FROM records WHERE collection = ?').pluck();
  const saveSession = db.transaction((session: StaffSession, audit?: AuditEntry) => {
    insertSession.run(session);
    if (audit) insertAudit.run(audit);
  });
  const endSession = db.transaction((id: string, audit?: AuditEntry) => {
    if (deleteSession.run(id).changes === 0) return false;
    if (audit) insertAudit.run(audit);
    return true;
  });
  const selectMailsOf = db.prepare(
    "SELECT id, json_extract(message, '$.to') AS \"to\", json_extract(message, '$.subject') AS subject, status FROM outbox WHERE record_id = ? ORDER BY rowid",
  );
  const selectAudit = db.prepare('SELECT at, who, what, detail FROM staff_audit ORDER BY at DESC, rowid DESC LIMIT ?');
  const deleteAudit = db.prepare('DELETE FROM staff_audit WHERE at < ?');
  const updateRecordData = db.transaction(
    (collection: Collection, id: string, changes: RecordData, audit?: AuditEntry) => {
      const row = selectRecord.get(collection, id) as { id: string; data: string } | undefined;
      if (!row) return false;
      rewrite(id, { ...JSON.parse(row.data), ...changes });
      if (audit) insertAudit.run(audit);
      return true;
    },
  );

  // Newest first, then by id. Each filter is an equality on an indexed expression ending in (date, id),
  // so SQLite reads a page along one index and checks the other filters on the way; a search starts from
  // the words table (a range of words for a prefix) and sorts what it found.
  const inbox = (query: InboxQuery): InboxRecord[] => {
    // The unary + keeps SQLite from reading records_by_date (collection, date) for this test, which
    // would give pages out of (date, id) order to be sorted whole.
    const where = [`+r.collection IN (${formCollectionList})`];
    const params: Record<string, string | number> = { limit: query.limit };
    if (query.collection) {
      where.push('r.collection = @collection');
      params.collection = query.collection;
    }
    if (query.after) {
      where.push('(r.date, r.id) < (@afterDate, @afterId)');
      params.afterDate = query.after.date;
      params.afterId = query.after.id;
    }
    if (query.before !== undefined) {
      where.push('r.date < @before');
      params.before = query.before;
    }
    if (query.since !== undefined) {
      where.push('r.date >= @since');
      params.since = query.since;
    }
    if (query.status === 'new') where.push(`${fieldOf('staffStatus')} IS NULL`);
    else if (query.status) {
      where.push(`${fieldOf('staffStatus')} = @status`);
      params.status = query.status;
    }
    if (query.lang) {
      where.push(`${fieldOf('lang')} = @lang`);
      params.lang = query.lang;
    }
    if (query.item) {
      where.push(`${fieldOf(query.item.field)} = @itemValue`);
      params.itemValue = query.item.value;
    }
    let from = 'records r';
    if (query.term) {
      // CROSS JOIN keeps the words table first: the matches are read by the word index, not by date.
      from = 'record_words w CROSS JOIN records r ON r.id = w.id';
      if (query.term.exact) where.push('w.word = @word');
      // Every word that starts with the term sorts between it and it followed by the last code point.
      else where.push('w.word >= @word AND w.word < (@word || char(1114111))');
      params.word = query.term.text;
    }
    const rows = db
      .prepare(
        `SELECT ${query.term ? 'DISTINCT' : ''} r.id, r.collection, r.data, r.date FROM ${from} WHERE ${where.join(' AND ')}
         ORDER BY r.date DESC, r.id DESC LIMIT @limit`,
      )
      .all(params) as { id: string; collection: Collection; data: string }[];
    return rows.map((row) => ({ id: row.id, collection: row.collection, data: JSON.parse(row.data) as RecordData }));
  };

  return {
    kind: 'sqlite',
    async add(collection, data, options = {}) {
      const id = randomUUID();
      if (options.seat) checkSeat(options.seat);
      try {
        // With a seat the transaction takes the write lock before it counts, so another process on the
        // same file counts after this commit.
        (options.seat ? addAll.immediate : addAll)(id, collection, data, options);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new DuplicateError(collection);
        }
        throw error;
      }
      return { id };
    },
    async list(collection, options = {}): Promise<StoredRecord[]> {
      const rows = selectRecords.all(collection, options.since ?? 0) as { id: string; data: string }[];
      return rows.map((row) => ({ id: row.id, data: JSON.parse(row.data) }));
    },
    async claimMails(owner, now, limit, leaseMs): Promise<OutboxMail[]> {
      const rows = claim.all({ owner, now, until: now + leaseMs, limit }) as {
        id: string;
        record_id: string;
        message: string;
        attempts: number;
      }[];
      return rows.map((row) => ({
        ...JSON.parse(row.message),
        id: row.id,
        recordId: row.record_id,
        attempts: row.attempts,
      }));
    },
    async markSent(id, now) {
      sent.run(now, id);
    },
    async markAttemptFailed(id, error, retryAt) {
      if (retryAt === null) fail.run(error, id);
      else retry.run(error, retryAt, id);
    },
    async releaseMails(ids) {
      releaseAll(ids);
    },
    async retryWaitingNow(now) {
      return hurry.run({ now }).changes;
    },
    async outboxCounts() {
      const result = { pending: 0, sent: 0, failed: 0 };
      for (const row of counts.all() as { status: keyof typeof result; n: number }[]) result[row.status] = row.n;
      return result;
    },
    async findEmail(email) {
      return report(traces(email));
    },
    async forgetEmail(email, audit) {
      return forget(email, audit);
    },
    async forgetRecord(collection, id, audit) {
      return forgetRecord(collection, id, audit);
    },
    async getSubscriber(email) {
      const row = selectSubscriber.get(subscriberKey(email)) as { id: string; data: string } | undefined;
      return row ? { id: row.id, data: JSON.parse(row.data) } : null;
    },
    async updateSubscriber(email, changes, messages = []) {
      return update(email, changes, messages);
    },
    async purgeRecords(collection, before, options = {}) {
      const rows = selectDated.all({
        collection,
        field: options.dateField ?? 'date',
        before,
        status: options.status ?? null,
        statusField: options.statusField ?? 'status',
      }) as { id: string }[];
      const ids = rows.map((row) => row.id);
      purge(ids);
      return ids.length;
    },
    async clearSentBodies(before) {
      return clearBodies.run(before).changes;
    },
    async purgeMarkers(before) {
      return purgeOnce.run(before).changes + purgeSubmissions.run(before).changes;
    },
    async claimJob(key, data, messages = [], audit) {
      if (!isJobKey(key)) throw new Error(`Not a job key: ${key}`);
      return claimJob(key, data, messages, audit);
    },
    async hasJob(key) {
      return selectJob.get(key) !== undefined;
    },
    async lastJob(name) {
      const row = selectLastJob.get(name) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as JobData) : null;
    },
    async saveSession(session, audit) {
      saveSession(session, audit);
    },
    async getSession(id) {
      return (selectSession.get(id) as StaffSession | undefined) ?? null;
    },
    async touchSession(id, seenAt) {
      touch.run(seenAt, id);
    },
    async deleteSession(id, audit) {
      return endSession(id, audit);
    },
    async listSessions() {
      return selectSessions.all() as StaffSession[];
    },
    async inbox(query) {
      return inbox(query);
    },
    async upgradeRecords() {
      return 0;
    },
    async countRecords(collection, where) {
      if (!where) return countOf.get(collection) as number;
      return db
        .prepare(`SELECT COUNT(*) FROM records WHERE collection = ? AND ${fieldOf(where.field)} = ?`)
        .pluck()
        .get(collection, where.value) as number;
    },
    async getRecord(collection, id) {
      const row = selectRecord.get(collection, id) as { id: string; data: string } | undefined;
      return row ? { id: row.id, data: JSON.parse(row.data) as RecordData } : null;
    },
    async updateRecord(collection, id, changes, audit) {
      return updateRecordData(collection, id, changes, audit);
    },
    async mailsAbout(recordId) {
      return selectMailsOf.all(recordId) as EmailTraces['mails'];
    },
    async addAudit(entry) {
      insertAudit.run(entry);
    },
    async auditLog(limit) {
      return selectAudit.all(limit) as AuditEntry[];
    },
    async purgeAudit(before) {
      return deleteAudit.run(before).changes;
    },
    async seatsTaken(key) {
      return countSeats.get(key) as number;
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      db.close();
    },
  };
}
