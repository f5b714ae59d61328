import type { DocumentSnapshot, Firestore, Query, WriteBatch } from 'firebase-admin/firestore';

import { readAudit, recordActions, type AuditEntry } from '../audit';
import { withDeadline } from '../errors';
import { isRecordId, subscriberKey } from '../rules';
import type { StaffSession, StaffStore, TeamMember } from '../types';
import { AUDIT, BATCH, inBatches, JOBS, keyedId, SESSIONS, TEAM, WRITE_DEADLINE_MS } from './client';
import { auditDoc, auditFilters, withAudit, writeAudit } from './shared';

// An entry as the rest of the site knows it: without the fields its pages read.
function storedAudit(doc: DocumentSnapshot): AuditEntry {
  const { _trail, _order, ...entry } = doc.data() as AuditEntry & { _trail?: string; _order?: string };
  return readAudit(entry);
}

// Staff sessions (by the digest of the cookie) and the audit trail.
// A team member as stored: no door limits (`events` empty, or none) is no `events` at all.
function memberOf(data: Record<string, unknown>): TeamMember {
  const { events, ...member } = data as unknown as TeamMember & { events?: string[] | null };
  return events && events.length > 0 ? { ...member, events } : member;
}

export function staffStore(db: Firestore): StaffStore {
  // A member's document is keyed by the digest of the address: an address may hold a '/'.
  const memberRef = (email: string) => db.collection(TEAM).doc(keyedId(subscriberKey(email)));
  return {
    async saveSession(session, audit) {
      const batch = db.batch();
      batch.set(db.collection(SESSIONS).doc(session.id), session);
      writeAudit(db, batch, audit);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
    },
    async getSession(id) {
      if (!isRecordId(id)) return null;
      const doc = await db.collection(SESSIONS).doc(id).get();
      return doc.exists ? (doc.data() as StaffSession) : null;
    },
    async touchSession(id, seenAt) {
      await db.collection(SESSIONS).doc(id).update({ seenAt });
    },
    async deleteSession(id, audit) {
      if (!isRecordId(id)) return false;
      // Only an existing session is deleted, so the entry says what happened, once.
      return withAudit(db, (batch) => batch.delete(db.collection(SESSIONS).doc(id), { exists: true }), audit);
    },
    async listSessions() {
      return (await db.collection(SESSIONS).get()).docs.map((doc) => doc.data() as StaffSession);
    },
    async teamMembers() {
      const members = (await db.collection(TEAM).get()).docs.map((doc) => memberOf(doc.data()));
      return members.sort((a, b) => a.addedAt - b.addedAt || (a.email < b.email ? -1 : 1));
    },
    async teamMember(email) {
      const doc = await memberRef(email).get();
      return doc.exists ? memberOf(doc.data()!) : null;
    },
    async saveTeamMember(member, audit) {
      const batch = db.batch();
      // A member without door limits has `events: []`, written out, so no earlier list stays behind.
      batch.set(memberRef(member.email), {
        ...member,
        email: subscriberKey(member.email),
        events: member.events ?? [],
      });
      writeAudit(db, batch, audit);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
    },
    async removeTeamMember(email, audit) {
      return withAudit(db, (batch) => batch.delete(memberRef(email), { exists: true }), audit);
    },
    async addAudit(entry) {
      const ref = db.collection(AUDIT).doc();
      await ref.create(auditDoc(ref.id, entry));
    },
    async auditLog(limit) {
      const docs = (await db.collection(AUDIT).orderBy('at', 'desc').limit(limit).get()).docs;
      return docs.map(storedAudit);
    },
    // Equalities and `_order` ranges on a composite index ending in `_order` (auditIndexes).
    async auditPage(query) {
      let q: Query = db.collection(AUDIT);
      for (const filter of auditFilters(query)) q = q.where(filter.field, filter.op, filter.value);
      const docs = (await q.orderBy('_order', 'desc').limit(query.limit).get()).docs;
      return docs.map((doc) => ({ ...storedAudit(doc), id: doc.id }));
    },
  };
}

const AUDIT_VERSION = 'audit-record-1';

// Entries written before `record` was a field packed it into the detail: once per database they are
// rewritten as today's (readAudit reads both alike meanwhile). An entry is only ever added, never
// changed, so no precondition is needed.
export async function upgradeAudit(db: Firestore): Promise<number> {
  const done = db.collection(JOBS).doc(AUDIT_VERSION);
  if ((await done.get()).exists) return 0;
  const writes: ((batch: WriteBatch) => void)[] = [];
  for (const action of recordActions) {
    for (const doc of (await db.collection(AUDIT).where('what', '==', action).get()).docs) {
      const stored = doc.data() as AuditEntry;
      const { record } = readAudit(stored);
      if (record && !stored.record) writes.push((batch) => batch.update(doc.ref, { detail: '', record }));
    }
  }
  await inBatches(db, writes);
  await done.set({ name: AUDIT_VERSION, at: Date.now(), changed: writes.length });
  return writes.length;
}

const AUDIT_FIELDS_VERSION = 'audit-fields-1';

// Entries written before the two trails get their pages' fields, once per database (until then they
// are missing from the pages): read by `at` in pages, a date read whole before moving past it, as the
// emulator has no cursors. An entry is never changed, so no precondition is needed.
export async function addAuditFields(db: Firestore): Promise<number> {
  const done = db.collection(JOBS).doc(AUDIT_FIELDS_VERSION);
  if ((await done.get()).exists) return 0;
  let changed = 0;
  for (let after: number | undefined; ;) {
    let q: Query = db.collection(AUDIT);
    if (after !== undefined) q = q.where('at', '>', after);
    const page = (await q.orderBy('at').limit(BATCH).get()).docs;
    if (page.length === 0) break;
    const last = page.at(-1)!.get('at') as number;
    const docs = [
      ...page.filter((doc) => doc.get('at') !== last),
      ...(await db.collection(AUDIT).where('at', '==', last).get()).docs,
    ].filter((doc) => doc.get('_order') === undefined);
    await inBatches(
      db,
      docs.map((doc) => (batch: WriteBatch) => {
        const { _trail: trail, _order: order } = auditDoc(doc.id, doc.data() as AuditEntry);
        batch.update(doc.ref, { _trail: trail, _order: order });
      }),
    );
    changed += docs.length;
    if (page.length < BATCH) break;
    after = last;
  }
  await done.set({ name: AUDIT_FIELDS_VERSION, at: Date.now(), changed });
  return changed;
}
