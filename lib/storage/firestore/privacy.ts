import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';

import { collections, type Collection } from '../collections';
import { withDeadline } from '../errors';
import { isRecordId, subscriberKey } from '../rules';
import { messageConcerns, onlyListsEmail, recipientDigest, withoutRowsNaming } from '../traces';
import type { AuditOf, EmailTraces, PrivacyStore } from '../types';
import { certificateWithdrawals } from './certificates';
import {
  AUDIT,
  CHANGES,
  CLAIMS,
  inBatches,
  LIMITS,
  OUTBOX,
  PAYERS,
  removeAll,
  SENT_ONCE,
  SUBMISSIONS,
  WRITE_DEADLINE_MS,
} from './client';
import { GIFTS } from './gifts';
import { belongingTo, recordData, writeAudit, type OutboxDoc } from './shared';

// Forgetting reads whole collections: Firestore cannot compare case-insensitively, and forgetting
// someone is rare.
async function traces(db: Firestore, email: string) {
  const wanted = subscriberKey(email);
  const records: (EmailTraces['records'][number] & { ref: DocumentReference })[] = [];
  // Gifts' entries too (lib/storage/gifts.ts), as SQLite's forget finds them among its records.
  for (const collection of [...collections, GIFTS as Collection]) {
    for (const doc of (await db.collection(collection).get()).docs) {
      const data = recordData(doc);
      if (typeof data.email === 'string' && subscriberKey(data.email) === wanted) {
        records.push({ collection, id: doc.id, data, ref: doc.ref });
      }
    }
  }
  const ids = new Set(records.map((r) => r.id));
  const concerned = (await db.collection(OUTBOX).get()).docs.filter((doc) =>
    messageConcerns(doc.data() as OutboxDoc, wanted, ids),
  );
  const listing = concerned.filter((doc) => onlyListsEmail(doc.data() as OutboxDoc, wanted, ids));
  const messages = concerned
    .filter((doc) => !listing.includes(doc))
    .map((doc) => {
      const data = doc.data() as OutboxDoc;
      return { id: doc.id, to: data.to, subject: data.subject, status: data.status, ref: doc.ref };
    });
  const redactions = listing.map((doc) => {
    const data = doc.data() as OutboxDoc;
    return {
      id: doc.id,
      to: data.to,
      subject: data.subject,
      ref: doc.ref,
      ...withoutRowsNaming(data.attachments ?? [], wanted),
    };
  });
  const markers = (await db.collection(SENT_ONCE).where('recipient', '==', recipientDigest(wanted)).get()).docs;
  return { records, messages, redactions, markers };
}

function report(found: Awaited<ReturnType<typeof traces>>): EmailTraces {
  return {
    records: found.records.map(({ ref: _r, ...record }) => record),
    mails: found.messages.map(({ ref: _r, ...message }) => message),
    redacted: found.redactions.map(({ id, to, subject, rows }) => ({ id, to, subject, rows })),
    markers: found.markers.length,
  };
}

// Removes what traces() found, with the audit entry made of it. Up to a batch of writes is one
// commit; a larger forget is several, messages first (a record is never left without a way to find
// its messages), the audit entry in the first, so no removal goes unrecorded.
async function forget(db: Firestore, email: string, audit?: AuditOf<EmailTraces>): Promise<EmailTraces> {
  const found = await traces(db, email);
  const result = report(found);
  const submissions: DocumentReference[] = [];
  for (const record of found.records) {
    // Its submission keys, and the person's key for its item, go with it.
    for (const markers of [SUBMISSIONS, PAYERS]) {
      const docs = (await db.collection(markers).where('recordId', '==', record.id).get()).docs;
      submissions.push(...docs.map((doc) => doc.ref));
    }
  }
  const belonging = await belongingTo(
    db,
    found.records.map((r) => r.id),
  );
  const writes: ((batch: WriteBatch) => void)[] = [
    ...(audit ? [(batch: WriteBatch) => writeAudit(db, batch, audit(result))] : []),
    ...(await certificateWithdrawals(db, email, Date.now())),
    ...found.messages.map((m) => (batch: WriteBatch) => batch.delete(m.ref)),
    ...found.redactions.map(
      ({ ref, attachments }) =>
        (batch: WriteBatch) =>
          batch.update(ref, { attachments }),
    ),
    ...[...submissions, ...found.markers.map((doc) => doc.ref), ...found.records.map((r) => r.ref), ...belonging].map(
      (ref) => (batch: WriteBatch) => batch.delete(ref),
    ),
  ];
  await inBatches(db, writes, (batch) => withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the forget'));
  return result;
}

// The marker documents dated before `before` in a collection (a single-field query).
async function datedBefore(db: Firestore, collection: string, field: string, before: number) {
  return (await db.collection(collection).where(field, '<', before).get()).docs.map((doc) => doc.ref);
}

// Erasure and retention.
export function privacyStore(db: Firestore): PrivacyStore {
  return {
    async findEmail(email) {
      return report(await traces(db, email));
    },
    async forgetEmail(email, audit) {
      return forget(db, email, audit);
    },
    async forgetRecord(collection, id, audit) {
      if (!isRecordId(id)) return null;
      const email = (await db.collection(collection).doc(id).get()).get('email') as unknown;
      return typeof email === 'string' && email !== '' ? forget(db, email, audit) : null;
    },
    async purgeRecords(collection, before, options = {}) {
      // One range filter (no composite index); the status is checked here.
      const snapshot = await db
        .collection(collection)
        .where(options.dateField ?? 'date', '<', before)
        .get();
      const docs = snapshot.docs.filter(
        (doc) => options.status === undefined || doc.get(options.statusField ?? 'status') === options.status,
      );
      const refs: DocumentReference[] = [];
      for (const doc of docs) {
        refs.push(...(await db.collection(OUTBOX).where('recordId', '==', doc.id).get()).docs.map((m) => m.ref));
      }
      await removeAll(db, refs);
      await removeAll(
        db,
        docs.map((doc) => doc.ref),
      );
      await removeAll(
        db,
        await belongingTo(
          db,
          docs.map((doc) => doc.id),
        ),
      );
      return docs.length;
    },
    async clearSentBodies(before) {
      // Only messages that still have a text (a single-field query, which skips the ever-growing
      // number already cleared); status and sending date are checked here.
      const withText = await db.collection(OUTBOX).where('text', '!=', '').get();
      const stale = withText.docs.filter((doc) => {
        const data = doc.data() as OutboxDoc;
        return data.status === 'sent' && (data.sentAt ?? 0) < before;
      });
      // Null rather than a deleted field: the emulator the tests use keeps deleted fields.
      await inBatches(
        db,
        stale.map((doc) => (batch) => batch.update(doc.ref, { text: '', html: '', replyTo: null, attachments: null })),
      );
      return stale.length;
    },
    async purgeMarkers(before) {
      // A claim document only settles the lease it names, which lasts a minute: a day later none is
      // contested any more. The instances' shared limits count one window of at most 15 minutes.
      const refs = [
        ...(await datedBefore(db, SENT_ONCE, 'date', before)),
        ...(await datedBefore(db, SUBMISSIONS, 'date', before)),
        ...(await datedBefore(db, CLAIMS, 'at', before)),
        ...(await datedBefore(db, LIMITS, 'at', before)),
        ...(await datedBefore(db, CHANGES, 'at', before)),
      ];
      await removeAll(db, refs);
      return refs.length;
    },
    async purgeAudit(before) {
      const refs = await datedBefore(db, AUDIT, 'at', before);
      await removeAll(db, refs);
      return refs.length;
    },
  };
}
