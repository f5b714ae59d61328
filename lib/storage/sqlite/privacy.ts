import type { AuditOf } from '../audit';
import { subscriberKey } from '../rules';
import { messageConcerns, onlyListsEmail, recipientDigest, withoutRowsNaming } from '../traces';
import type { Collection, EmailTraces, NewMail, PrivacyStore, RecordData } from '../types';
import { certificateWithdrawal } from './certificates';
import type { Db } from './schema';
import type { SharedWriters } from './shared';

// Erasure and retention. Forgetting reads whole tables: an address is compared case-insensitively in
// any alphabet, which SQLite's lower() does not do, and forgetting someone is rare.
export function privacyStore(db: Db, shared: SharedWriters): PrivacyStore {
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
  const selectRecord = db.prepare('SELECT id, data FROM records WHERE collection = ? AND id = ?');
  // Text sorts after every number in SQLite, so a field that is not a number is never 'before'.
  const selectDated = db.prepare(`
    SELECT id FROM records WHERE collection = @collection AND json_extract(data, '$.' || @field) < @before
      AND (@status IS NULL OR json_extract(data, '$.' || @statusField) = @status)`);
  const clearBodies = db.prepare(`
    UPDATE outbox SET message = json_set(json_remove(message, '$.replyTo', '$.attachments'), '$.text', '', '$.html', '')
    WHERE status = 'sent' AND sent_at < ? AND (json_extract(message, '$.text') != '' OR json_extract(message, '$.html') != ''
      OR json_extract(message, '$.attachments') IS NOT NULL OR json_extract(message, '$.replyTo') IS NOT NULL)`);
  const deleteAudit = db.prepare('DELETE FROM staff_audit WHERE at < ?');
  const withdrawCertificates = certificateWithdrawal(db);

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
    const mails = concerned
      .filter((message) => !listing.includes(message))
      .map(({ id, to, subject, status }) => ({ id, to, subject, status }));
    const redactions = listing.map(({ id, to, subject, status: _s, recordId: _r, ...message }) => {
      const { attachments, rows } = withoutRowsNaming(message.attachments ?? [], wanted);
      return { id, to, subject, rows, message: { ...message, to, subject, attachments } };
    });
    return { records, mails, redactions, markers: (markersOf.get(recipientDigest(wanted)) as { n: number }).n };
  };
  const report = ({ records, mails, redactions, markers }: ReturnType<typeof traces>): EmailTraces => ({
    records,
    mails,
    redacted: redactions.map(({ id, to, subject, rows }) => ({ id, to, subject, rows })),
    markers,
  });
  const forget = db.transaction((email: string, audit?: AuditOf<EmailTraces>) => {
    const found = traces(email);
    for (const message of found.mails) deleteMessage.run(message.id);
    for (const { id, message } of found.redactions) updateMessage.run(JSON.stringify(message), id);
    for (const record of found.records) {
      deleteSubmissionOf.run(record.id);
      deleteRecord.run(record.id);
    }
    deleteMarkersOf.run(recipientDigest(email));
    withdrawCertificates(email, Date.now());
    const result = report(found);
    shared.audit(audit?.(result));
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

  return {
    async findEmail(email) {
      return report(traces(email));
    },
    async forgetEmail(email, audit) {
      return forget(email, audit);
    },
    async forgetRecord(collection, id, audit) {
      return forgetRecord(collection, id, audit);
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
    async purgeAudit(before) {
      return deleteAudit.run(before).changes;
    },
  };
}
