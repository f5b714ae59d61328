import { defaultLang, toLang } from '@/lib/i18n';
import {
  everyRecord,
  getStore,
  isRecordId,
  itemField,
  personName,
  subscriberKey,
  type Collection,
  type InboxRecord,
  type StaffSession,
  type StoredCertificate,
} from '@/lib/storage';
import { auditEntry } from '@/lib/team';

import { newCode } from './code';
import { ACHIEVEMENT_MAX, eligibleRecords, renderCertificate } from './issue';
import { itemFacts, kindOf } from './item';
import { certificateMail } from './mails';
import { certificateSignatory } from './signatory';

// The workspace's side of certificates: an item's list (who may get one, who has one), marking learners
// as having completed a course or a cohort (ticked, or from a CSV of addresses), revoking and reissuing.
// Each change is committed with its audit entry.

export const REASON_MAX = 300;
export const NAME_MAX = 200;

export interface CertificateRow {
  id: string;
  name: string;
  email: string;
  // For an event, when the guest was let in; for a course or an offer, when they were marked completed.
  eligibleAt: number | null;
  achievement: string;
  certificate: StoredCertificate | null;
}

// Everyone an item's list shows: for an event, its checked-in guests; for a course or an offer, every
// learner (not spam), completed or not. Each with their current certificate, if any; and the
// certificates no longer standing for a record (revoked, reissued, withdrawn) after them.
export type CertificateList = NonNullable<Awaited<ReturnType<typeof certificateList>>>;

export async function certificateList(collection: Collection, item: string) {
  const field = itemField[collection];
  if (!field || !kindOf(collection)) return null;
  const facts = await itemFacts(collection, item, defaultLang);
  if (!facts) return null;
  const [records, eligible, certificates] = await Promise.all([
    collection === 'user'
      ? eligibleRecords(collection, item)
      : everyRecord(getStore(), { collection, item: { field, value: item } }),
    eligibleRecords(collection, item),
    getStore().certificatesOf(collection, item),
  ]);
  const eligibleIds = new Set(eligible.map((r) => r.id));
  const current = new Map(
    certificates.filter((c) => c.revokedAt === null).map((c) => [subscriberKey(c.email), c] as const),
  );
  const rows: CertificateRow[] = records
    .map((r) => ({
      id: r.id,
      name: personName(r.data),
      email: String(r.data.email ?? ''),
      eligibleAt: eligibleIds.has(r.id) ? eligibleTime(r) : null,
      achievement: typeof r.data.achievement === 'string' ? r.data.achievement : '',
      certificate: current.get(subscriberKey(String(r.data.email ?? ''))) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { title: facts.title, kind: facts.kind, rows, past: certificates.filter((c) => c.revokedAt !== null) };
}

const eligibleTime = (r: InboxRecord) => {
  const at = r.data.completedAt ?? r.data.checkedInAt;
  return typeof at === 'number' ? at : Date.now();
};

// The addresses in a CSV (or any text): every address-shaped value, whatever the columns and separators.
export function addressesIn(text: string): string[] {
  const found = text.match(/[^\s,;"'<>()]+@[^\s,;"'<>()]+\.[^\s,;"'<>()]+/g) ?? [];
  return [...new Set(found.map((address) => subscriberKey(address)))];
}

// Marks learners of a course or an offer as having completed it, with an optional line about what they
// achieved: those ticked, and those whose address is in the CSV. How many were marked, and how many
// addresses of the CSV are no learner of the item.
export async function markCompleted(
  session: StaffSession,
  collection: Collection,
  item: string,
  picked: { ids: readonly string[]; csv: string; achievement: string },
  now: number,
): Promise<{ marked: number; unknown: number } | null> {
  const field = itemField[collection];
  if (!field || kindOf(collection) !== 'completion') return null;
  const records = await everyRecord(getStore(), { collection, item: { field, value: item } });
  const addresses = addressesIn(picked.csv);
  const byAddress = new Map(records.map((r) => [subscriberKey(String(r.data.email ?? '')), r.id] as const));
  const ids = new Set([
    ...picked.ids.filter((id) => isRecordId(id) && records.some((r) => r.id === id)),
    ...addresses.flatMap((a) => (byAddress.has(a) ? [byAddress.get(a)!] : [])),
  ]);
  const achievement = picked.achievement.trim().slice(0, ACHIEVEMENT_MAX);
  const changes = { completedAt: now, completedBy: session.email, ...(achievement ? { achievement } : {}) };
  const changed = ids.size
    ? await getStore().updateRecords(collection, [...ids], changes, (id) =>
        auditEntry('completed', session.email, '', now, { collection, id }),
      )
    : [];
  return { marked: changed.length, unknown: addresses.filter((a) => !byAddress.has(a)).length };
}

export async function revokeCertificate(session: StaffSession, code: string, reason: string, now: number) {
  const certificate = await getStore().certificate(code);
  if (!certificate) return null;
  const audit = auditEntry('certificate-revoke', session.email, `${code}: ${reason}`, now, recordOf(certificate));
  return (await getStore().revokeCertificate(code, now, session.email, reason, audit)) ? certificate : null;
}

const recordOf = (c: StoredCertificate) =>
  isRecordId(c.recordId) ? { collection: c.collection, id: c.recordId } : undefined;

// A new certificate in place of one (a name corrected): the same person and item, the name as given
// here, a new code, mailed again; the old one is revoked as replaced.
export async function reissueCertificate(session: StaffSession, code: string, name: string, now: number) {
  const store = getStore();
  const old = await store.certificate(code);
  if (!old || old.withdrawnAt !== null || old.replacedBy !== null) return null;
  const next: StoredCertificate = {
    ...old,
    code: newCode(),
    name: name.trim().slice(0, NAME_MAX) || old.name,
    issuedAt: now,
    issuedBy: session.email,
    revokedAt: null,
    revokedBy: null,
    revokeReason: null,
    replacedBy: null,
  };
  const pdf = await renderCertificate(next, await certificateSignatory(toLang(next.lang)));
  const audit = auditEntry('certificate-reissue', session.email, `${code} → ${next.code}`, now, recordOf(old));
  const done = await store.reissueCertificate(code, next, [certificateMail(next, toLang(next.lang), pdf)], audit);
  return done === 'reissued' ? next : null;
}
