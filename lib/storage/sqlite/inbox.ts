import type { AuditEntry } from '../audit';
import type { Collection, EmailTraces, InboxQuery, InboxRecord, InboxStore, RecordData } from '../types';
import { fieldOf, formCollectionList, type Db } from './schema';
import { parsed, type SharedWriters } from './shared';

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
  if (query.after) {
    add('(r.date, r.id) < (@afterDate, @afterId)', { afterDate: query.after.date, afterId: query.after.id });
  }
  if (query.before !== undefined) add('r.date < @before', { before: query.before });
  if (query.since !== undefined) add('r.date >= @since', { since: query.since });
  if (query.status === 'new') add(`${fieldOf('staffStatus')} IS NULL`);
  else if (query.status) add(`${fieldOf('staffStatus')} = @status`, { status: query.status });
  if (query.lang) add(`${fieldOf('lang')} = @lang`, { lang: query.lang });
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

export function inboxStore(db: Db, shared: SharedWriters): InboxStore {
  const countOf = db.prepare('SELECT COUNT(*) FROM records WHERE collection = ?').pluck();
  const selectRecord = db.prepare('SELECT id, data FROM records WHERE collection = ? AND id = ?');
  const selectMailsOf = db.prepare(
    "SELECT id, json_extract(message, '$.to') AS \"to\", json_extract(message, '$.subject') AS subject, status FROM outbox WHERE record_id = ? ORDER BY rowid",
  );
  const updateRecordData = db.transaction(
    (collection: Collection, id: string, changes: RecordData, audit?: AuditEntry) => {
      const row = selectRecord.get(collection, id) as { id: string; data: string } | undefined;
      if (!row) return false;
      shared.rewrite(id, { ...JSON.parse(row.data), ...changes });
      shared.audit(audit);
      return true;
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
  };
}
