import type { Firestore, WriteBatch } from 'firebase-admin/firestore';

import { readAudit, recordActions, type AuditEntry } from '../audit';
import { withDeadline } from '../errors';
import { isRecordId, subscriberKey } from '../rules';
import type { StaffSession, StaffStore, TeamMember } from '../types';
import { AUDIT, inBatches, JOBS, keyedId, SESSIONS, TEAM, WRITE_DEADLINE_MS } from './client';
import { withAudit, writeAudit } from './shared';

// Staff sessions (by the digest of the cookie) and the audit trail.
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
      const members = (await db.collection(TEAM).get()).docs.map((doc) => doc.data() as TeamMember);
      return members.sort((a, b) => a.addedAt - b.addedAt || (a.email < b.email ? -1 : 1));
    },
    async teamMember(email) {
      const doc = await memberRef(email).get();
      return doc.exists ? (doc.data() as TeamMember) : null;
    },
    async saveTeamMember(member, audit) {
      const batch = db.batch();
      batch.set(memberRef(member.email), { ...member, email: subscriberKey(member.email) });
      writeAudit(db, batch, audit);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
    },
    async removeTeamMember(email, audit) {
      return withAudit(db, (batch) => batch.delete(memberRef(email), { exists: true }), audit);
    },
    async addAudit(entry) {
      await db.collection(AUDIT).add(entry);
    },
    async auditLog(limit) {
      const docs = (await db.collection(AUDIT).orderBy('at', 'desc').limit(limit).get()).docs;
      return docs.map((doc) => readAudit(doc.data() as AuditEntry));
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
