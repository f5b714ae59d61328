import { randomUUID } from 'node:crypto';

import type { AuditEntry } from '../audit';
import { collections } from '../collections';
import type {
  Collection,
  EmailTraces,
  InboxQuery,
  InboxRecord,
  InboxStore,
  NewMail,
  NewThreadEntry,
  RecordData,
  ThreadEntry,
} from '../types';
import type { Db } from './schema';
import { parsed, type SharedWriters } from './shared';
import { fieldOf, formCollectionList } from './sql';

// Newest first, then by id. Each filter is an equality on an indexed expression ending in (date, id), so
// SQLite reads a page along one index and checks the other filters on the way; a search starts from the
// words table (a range of words for a prefix) and sorts what it found.
function inboxSql(query: InboxQuery): { sql: string; params: Record<string, string | number> } {
  // The unary + keeps SQLite from reading records_by_date (collection, date) for this test, which
  // would give pages out of (date, id) order to be sorted whole.
  const where = [`+r.collection IN (${formCollectionList})`];
  const params: Record<string, string | number> = { limit: query.limit };
  const add = (clause: string, values: Record<string, string | number> = {}) => {
    where.push(clause);
    Object.assign(params, values);
  };
  if (query.collection) add('r.collection = @collection', { collection: query.collection });
  else if (query.collections) add(`r.collection IN (${listOf(query.collections)})`);
  if (query.after) {
    add('(r.date, r.id) < (@afterDate, @afterId)', { afterDate: query.after.date, afterId: query.after.id });
  }
  if (query.before !== undefined) add('r.date < @before', { before: query.before });
  if (query.since !== undefined) add('r.date >= @since', { since: query.since });
  if (query.status === 'new') add(`${fieldOf('staffStatus')} IS NULL`);
  else if (query.status) add(`${fieldOf('staffStatus')} = @status`, { status: query.status });
  else if (query.notSpam) add(`${fieldOf('staffStatus')} IS NOT 'spam'`);
  if (query.assignee === '') add(`${fieldOf('assignedTo')} IS NULL`);
  else if (query.assignee) add(`${fieldOf('assignedTo')} = @assignee`, { assignee: query.assignee });
  if (query.lang) add(`${fieldOf('lang')} = @lang`, { lang: query.lang });
  if (query.payStatus) add(`${fieldOf('payStatus')} = @payStatus`, { payStatus: query.payStatus });
  if (query.item) add(`${fieldOf(query.item.field)} = @itemValue`, { itemValue: query.item.value });
  let from = 'records r';
  if (query.term) {
    // CROSS JOIN keeps the words table first: the matches are read by the word index, not by date.
    from = 'record_words w CROSS JOIN records r ON r.id = w.id';
    // Every word that starts with the term sorts between it and it followed by the last code point.
    add(query.term.exact ? 'w.word = @word' : 'w.word >= @word AND w.word < (@word || char(1114111))', {
      word: query.term.text,
    });
  }
  const sql = `SELECT ${query.term ? 'DISTINCT' : ''} r.id, r.collection, r.data, r.date FROM ${from}
    WHERE ${where.join(' AND ')} ORDER BY r.date DESC, r.id DESC LIMIT @limit`;
  return { sql, params };
}

// Collection names come from the code's list, never from a request.
const listOf = (names: readonly Collection[]) =>
  names
    .filter((name) => (collections as readonly string[]).includes(name))
    .map((name) => `'${name}'`)
    .join(', ') || 'NULL';

export function inboxStore(db: Db, shared: SharedWriters): InboxStore {
  const countOf = db.prepare('SELECT COUNT(*) FROM records WHERE collection = ?').pluck();
  const selectRecord = db.prepare('SELECT id, data FROM records WHERE collection = ? AND id = ?');
  const selectMailsOf = db.prepare(
    "SELECT id, json_extract(message, '$.to') AS \"to\", json_extract(message, '$.subject') AS subject, status FROM outbox WHERE record_id = ? ORDER BY rowid",
  );
  const insertEntry = db.prepare(
    'INSERT INTO record_thread (id, record_id, at, by, kind, text, mail_id) VALUES (@id, @recordId, @at, @by, @kind, @text, @mailId)',
  );
  const selectThread = db.prepare(
    'SELECT id, record_id AS recordId, at, by, kind, text, mail_id AS mailId FROM record_thread WHERE record_id = ? ORDER BY at, rowid',
  );
  const updateOne = (collection: Collection, id: string, changes: RecordData, audit?: AuditEntry) => {
    const row = selectRecord.get(collection, id) as { id: string; data: string } | undefined;
    if (!row) return false;
    const before = JSON.parse(row.data) as RecordData;
    shared.rewrite(id, { ...before, ...changes }, before);
    shared.audit(audit);
    return true;
  };
  const updateRecordData = db.transaction(updateOne);
  const updateMany = db.transaction(
    (collection: Collection, ids: readonly string[], changes: RecordData, audit: (id: string) => AuditEntry) =>
      [...new Set(ids)].filter((id) => updateOne(collection, id, changes, audit(id))),
  );
  const addEntry = db.transaction(
    (collection: Collection, id: string, entry: NewThreadEntry, audit: AuditEntry, mail?: NewMail) => {
      if (!selectRecord.get(collection, id)) return null;
      const [mailId] = mail ? shared.queue(id, [mail]) : [];
      const added: ThreadEntry = { id: randomUUID(), recordId: id, ...entry, ...(mailId ? { mailId } : {}) };
      insertEntry.run({ mailId: null, ...added });
      shared.audit(audit);
      return added;
    },
  );

  return {
    async inbox(query) {
      const { sql, params } = inboxSql(query);
      const rows = db.prepare(sql).all(params) as { id: string; collection: Collection; data: string }[];
      return rows.map((row): InboxRecord => ({ ...parsed(row), collection: row.collection }));
    },
    // SQLite's migrations bring older files up to date when they are opened.
    async upgradeRecords() {
      return 0;
    },
    // The page's own query, unlimited, counted: the same index reads, without the rows.
    async countInbox(query) {
      const { sql, params } = inboxSql({ ...query, limit: -1 });
      return db.prepare(`SELECT COUNT(*) FROM (${sql})`).pluck().get(params) as number;
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
      return row ? parsed(row) : null;
    },
    async updateRecord(collection, id, changes, audit) {
      return updateRecordData(collection, id, changes, audit);
    },
    async mailsAbout(recordId) {
      return selectMailsOf.all(recordId) as EmailTraces['mails'];
    },
    async updateRecords(collection, ids, changes, audit) {
      return updateMany(collection, ids, changes, audit);
    },
    async addThreadEntry(collection, id, entry, audit, mail) {
      return addEntry(collection, id, entry, audit, mail);
    },
    async threadOf(recordId) {
      return (selectThread.all(recordId) as (ThreadEntry & { mailId: string | null })[]).map(({ mailId, ...entry }) =>
        mailId ? { ...entry, mailId } : entry,
      );
    },
  };
}
