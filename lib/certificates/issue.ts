import { cmsEvent } from '@/lib/cms';
import { site } from '@/lib/content';
import { eventBooking } from '@/lib/content/schedule';
import { defaultLang, toLang, type Lang } from '@/lib/i18n';
import { formatDates } from '@/lib/i18n/format';
import {
  certificateKey,
  everyRecord,
  getStore,
  itemField,
  personName,
  type Collection,
  type InboxRecord,
  type StaffSession,
  type StoredCertificate,
} from '@/lib/storage';
import { auditEntry } from '@/lib/team';
import { certificateTexts } from '@/messages/certificates';

import { groupedCode, newCode } from './code';
import { itemFacts, kindOf, type ItemFacts } from './item';
import { verifyUrl } from './links';
import { certificateMail } from './mails';
import { certificatePdf } from './pdf';
import { certificateSignatory, type Signatory } from './signatory';

// Issuing (docs/certificates.md): a certificate per person and item, made from the record as it is now
// (the name as the person gave it, or as staff corrected it), with the PDF and its mail committed with
// it. The store makes a second issue for the same person and item change nothing, on any instance.

export const ACHIEVEMENT_MAX = 200;

// The records of an item that may get a certificate: for an event, the guests checked in; for a course
// or an offer, the learners marked as having completed it.
export async function eligibleRecords(collection: Collection, item: string): Promise<InboxRecord[]> {
  const field = itemField[collection];
  if (!field || !kindOf(collection)) return [];
  const records = await everyRecord(getStore(), { collection, item: { field, value: item } });
  if (collection !== 'user') return records.filter((r) => typeof r.data.completedAt === 'number');
  const event = await cmsEvent(item, defaultLang);
  if (!event) return records.filter((r) => typeof r.data.checkedInAt === 'number');
  const checkedIn = new Set((await getStore().checkIns(eventBooking(event).seat)).map((c) => c.recordId));
  return records.filter((r) => checkedIn.has(r.id));
}

// The lines of dates the certificate carries, in its language.
function dateLines(c: StoredCertificate, lang: Lang): string[] {
  const t = certificateTexts[lang];
  if (c.kind === 'attendance') return c.startDate ? [t.eventDates(formatDates(c.startDate, c.endDate, lang))] : [];
  return [
    ...(c.startDate ? [t.cohortDates(formatDates(c.startDate, undefined, lang))] : []),
    ...(c.endDate ? [t.completedOn(formatDates(c.endDate, undefined, lang))] : []),
  ];
}

export async function renderCertificate(c: StoredCertificate, signatory: Signatory | null): Promise<Uint8Array> {
  const lang = toLang(c.lang);
  const t = certificateTexts[lang];
  const attendance = c.kind === 'attendance';
  return certificatePdf({
    lang,
    heading: attendance ? t.attendanceTitle : t.completionTitle,
    certifies: t.certifies,
    name: c.name,
    verb: attendance ? t.attended : t.completed,
    title: c.title,
    achievement: c.achievement,
    dates: dateLines(c, lang),
    organisation: site.name,
    issuedBy: t.issuedBy(site.name),
    signatory,
    verifyLabel: t.verifyAt,
    verifyUrl: verifyUrl(c.code, lang),
    codeLine: t.code(groupedCode(c.code)),
  });
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// A new certificate for a record, with its item's facts in the record's language.
export function certificateFor(
  record: InboxRecord,
  item: string,
  facts: ItemFacts,
  issued: { at: number; by: string; achievement: string },
): StoredCertificate {
  const email = String(record.data.email ?? '');
  const own = typeof record.data.achievement === 'string' ? record.data.achievement.trim() : '';
  const completedAt = typeof record.data.completedAt === 'number' ? record.data.completedAt : issued.at;
  return {
    code: newCode(),
    key: certificateKey(record.collection, item, email),
    kind: facts.kind,
    collection: record.collection,
    item,
    recordId: record.id,
    email,
    name: personName(record.data),
    lang: toLang(record.data.lang),
    title: facts.title,
    achievement: (own || issued.achievement).slice(0, ACHIEVEMENT_MAX),
    startDate: facts.startDate,
    endDate: facts.kind === 'completion' ? day(completedAt) : facts.endDate,
    issuedAt: issued.at,
    issuedBy: issued.by,
    revokedAt: null,
    revokedBy: null,
    revokeReason: null,
    replacedBy: null,
    withdrawnAt: null,
  };
}

export interface IssueCounts {
  issued: number;
  already: number;
  skipped: number;
}

// Issues the certificates of an item: to every eligible record, or to those of `ids` that are eligible.
// Records already holding one are counted as `already` without a PDF being made for them.
export async function issueCertificates(
  session: StaffSession,
  collection: Collection,
  item: string,
  ids: readonly string[] | 'all',
  achievement: string,
  now: number,
): Promise<IssueCounts | null> {
  if (!kindOf(collection) || !(await itemFacts(collection, item, defaultLang))) return null;
  const store = getStore();
  const eligible = await eligibleRecords(collection, item);
  const chosen = ids === 'all' ? eligible : eligible.filter((r) => ids.includes(r.id));
  const held = new Set(
    (await store.certificatesOf(collection, item)).filter((c) => c.withdrawnAt === null).map((c) => c.key),
  );
  const counts: IssueCounts = { issued: 0, already: 0, skipped: ids === 'all' ? 0 : ids.length - chosen.length };
  // The item's facts and the signatory, read once per language.
  const facts = new Map<Lang, ItemFacts | null>();
  const signatories = new Map<Lang, Signatory | null>();
  for (const record of chosen) {
    const email = String(record.data.email ?? '');
    if (!email) {
      counts.skipped += 1;
      continue;
    }
    if (held.has(certificateKey(collection, item, email))) {
      counts.already += 1;
      continue;
    }
    const lang = toLang(record.data.lang);
    if (!facts.has(lang)) facts.set(lang, await itemFacts(collection, item, lang));
    if (!signatories.has(lang)) signatories.set(lang, await certificateSignatory(lang));
    const certificate = certificateFor(record, item, facts.get(lang)!, { at: now, by: session.email, achievement });
    const pdf = await renderCertificate(certificate, signatories.get(lang)!);
    const audit = auditEntry('certificate-issue', session.email, certificate.code, now, {
      collection,
      id: record.id,
    });
    const outcome = await store.issueCertificate(certificate, [certificateMail(certificate, lang, pdf)], audit);
    counts[outcome === 'issued' ? 'issued' : 'already'] += 1;
    held.add(certificate.key);
  }
  return counts;
}
