import type { DocumentReference, DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { recordPrefixes, SEARCHED_FIELDS } from '../search';
import {
  trailOf,
  type AuditEntry,
  type AuditQuery,
  type InboxQuery,
  type NewMail,
  type OutboxMail,
  type RecordData,
} from '../types';
import {
  AUDIT,
  CHECK_INS,
  codeOf,
  NOT_FOUND,
  OFFER_ENDS,
  OUTBOX,
  PAYMENTS,
  SEAT_OFFERS,
  SEAT_RELEASES,
  SEATS,
  THREAD,
  WAITLIST,
  WAITLIST_EXITS,
  WRITE_DEADLINE_MS,
} from './client';

// What several roles write with: a record's mails, an audit entry, the inbox's fields on a record.

export interface OutboxDoc extends Omit<OutboxMail, 'id'> {
  status: 'pending' | 'sent' | 'failed';
  nextAttemptAt: number;
  // How many times the message was claimed (absent on messages queued before claims were counted).
  lease?: number;
  leaseOwner: string | null;
  leaseUntil: number;
  lastError: string | null;
  sentAt: number | null;
  // A letter's mail (NewMail.letter) names its letter at the top level too: the emulator the tests use
  // queries no nested field.
  letterId?: string;
}

// The messages' documents, created in the batch; their ids.
export function queue(db: Firestore, batch: WriteBatch, recordId: string, messages: NewMail[] = []): string[] {
  const now = Date.now();
  return messages.map(({ onceKey: _onceKey, dailyCap: _cap, ifHeldBack: _ifHeldBack, ...message }) => {
    const doc: OutboxDoc = {
      ...message,
      recordId,
      attempts: 0,
      status: 'pending',
      nextAttemptAt: now,
      leaseOwner: null,
      leaseUntil: 0,
      lastError: null,
      sentAt: null,
      ...(message.letter ? { letterId: message.letter.id } : {}),
    };
    const ref = db.collection(OUTBOX).doc();
    batch.create(ref, doc);
    return ref.id;
  });
}

// An audit entry with the fields its pages read (staff.ts), never returned with it: `_trail`, and
// `_order`, its date then its id in one string as a record's, so a page is a keyset on one field.
export function auditDoc(id: string, entry: AuditEntry) {
  return { ...entry, _trail: trailOf(entry), _order: orderKey(entry.at, id) };
}

export function writeAudit(db: Firestore, batch: WriteBatch, entry: AuditEntry | undefined) {
  if (!entry) return;
  const ref = db.collection(AUDIT).doc();
  batch.create(ref, auditDoc(ref.id, entry));
}

// The filters of one page of the audit, ordered by `_order` newest first: equalities that
// firestore.indexes.json covers (auditIndexes), then at most two ranges on `_order`.
export function auditFilters(query: AuditQuery) {
  const filters: { field: string; op: '==' | '<' | '>='; value: string }[] = [
    { field: '_trail', op: '==', value: query.trail },
  ];
  if (query.what) filters.push({ field: 'what', op: '==', value: query.what });
  if (query.who !== undefined) filters.push({ field: 'who', op: '==', value: query.who });
  const bounds = [
    query.after && orderKey(query.after.at, query.after.id),
    query.before !== undefined ? orderKey(query.before) : undefined,
  ].filter((bound) => bound !== undefined);
  if (bounds.length) filters.push({ field: '_order', op: '<', value: bounds.sort()[0]! });
  if (query.since !== undefined) filters.push({ field: '_order', op: '>=', value: orderKey(query.since) });
  return filters;
}

// A write that must find its document, committed with an audit entry: the entry is created after the
// write in the batch, since the emulator keeps the writes before a refused one. False when the document
// was not there.
export async function withAudit(db: Firestore, write: (batch: WriteBatch) => void, audit?: AuditEntry) {
  const batch = db.batch();
  write(batch);
  writeAudit(db, batch, audit);
  try {
    await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
  } catch (error) {
    if (codeOf(error) === NOT_FOUND) return false;
    throw error;
  }
  return true;
}

// What goes with these records when they go: the seats they hold, their threads' entries, their places
// on waiting lists, offers and check-ins, and their payments' markers.
export async function belongingTo(db: Firestore, recordIds: string[]) {
  const refs: DocumentReference[] = [];
  const places = [SEAT_RELEASES, WAITLIST, WAITLIST_EXITS, SEAT_OFFERS, OFFER_ENDS, CHECK_INS];
  for (const collection of [SEATS, THREAD, PAYMENTS, ...places]) {
    for (const id of recordIds) {
      refs.push(...(await db.collection(collection).where('recordId', '==', id).get()).docs.map((doc) => doc.ref));
    }
  }
  return refs;
}

// The inbox's fields on each record document, kept by this adapter beside the record's own and never
// returned with it: `_order` sorts newest first then by id in one string (a keyset on one field, which
// the emulator pages correctly, and records of one millisecond keep their order), `_status` is the staff
// status with "new" written out (Firestore cannot query an absent field), `_assignee` the staff address
// a record is assigned to ('' for nobody, for the same reason), `_terms` every prefix a search can ask
// for (lib/storage/search.ts), and on a record with a payment `_pay`, its state (`payStatus`).
// firestore.indexes.json has a composite index for each combination of them the inbox asks for
// (`npm run firestore:indexes` writes it).
export function orderKey(date: number, id = ''): string {
  return `${String(Math.max(0, Math.trunc(date))).padStart(15, '0')}${id && `:${id}`}`;
}

export function inboxFields(id: string, data: RecordData) {
  return {
    _order: orderKey(typeof data.date === 'number' ? data.date : 0, id),
    _status: typeof data.staffStatus === 'string' ? data.staffStatus : 'new',
    _assignee: typeof data.assignedTo === 'string' ? data.assignedTo : '',
    _terms: recordPrefixes(data),
    ...(typeof data.payStatus === 'string' ? { _pay: data.payStatus } : {}),
  };
}

// The filters of one form's inbox query, ordered by `_order` newest first: equalities (and a search's
// array-contains) that firestore.indexes.json covers, then at most two ranges on `_order` itself.
export function inboxFilters(query: InboxQuery) {
  const filters: { field: string; op: '==' | 'array-contains' | '<' | '>='; value: string }[] = [];
  if (query.term) filters.push({ field: '_terms', op: 'array-contains', value: query.term.text });
  if (query.status) filters.push({ field: '_status', op: '==', value: query.status });
  if (query.assignee !== undefined) filters.push({ field: '_assignee', op: '==', value: query.assignee });
  if (query.item) filters.push({ field: query.item.field, op: '==', value: query.item.value });
  if (query.lang) filters.push({ field: 'lang', op: '==', value: query.lang });
  if (query.payStatus) filters.push({ field: '_pay', op: '==', value: query.payStatus });
  const bounds = [
    query.after && orderKey(query.after.date, query.after.id),
    query.before !== undefined ? orderKey(query.before) : undefined,
  ].filter((bound) => bound !== undefined);
  if (bounds.length) filters.push({ field: '_order', op: '<', value: bounds.sort()[0]! });
  if (query.since !== undefined) filters.push({ field: '_order', op: '>=', value: orderKey(query.since) });
  return filters;
}

// The inbox fields a change to a stored record alters: the status with the staff status, the terms with
// a searched field. Other changes write none, so two updates at once (a status and a note, say) never
// write back each other's older fields. A record from older code (without `_assignee`, the newest of
// them) gets all of them.
export function inboxChanges(doc: DocumentSnapshot, changes: RecordData) {
  const next = { ...recordData(doc), ...changes };
  if (doc.get('_assignee') === undefined || 'date' in changes) return inboxFields(doc.id, next);
  const fields = inboxFields(doc.id, next);
  return {
    ...('staffStatus' in changes ? { _status: fields._status } : {}),
    ...('assignedTo' in changes ? { _assignee: fields._assignee } : {}),
    ...(SEARCHED_FIELDS.some((field) => field in changes) ? { _terms: fields._terms } : {}),
    ...('payStatus' in changes && fields._pay !== undefined ? { _pay: fields._pay } : {}),
  };
}

// A record as the rest of the site knows it: without the inbox's fields (nor `_threadAt`, the time of
// its thread's latest entry, written so that an entry is only added to a record that exists).
export function recordData(doc: DocumentSnapshot): RecordData {
  const { _order, _status, _assignee, _terms, _pay, _threadAt, ...data } = doc.data() as RecordData;
  return data;
}
