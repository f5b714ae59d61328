import type { AuditEntry } from './audit';
import type { Collection } from './collections';
import type { NewMail } from './shapes';

// Certificates (lib/certificates): attendance at an event, completion of a course or an offer's cohort.
// Each is one row or document keyed by its verification code, holding what the certificate says as it
// was issued (the learner's name as given, the item's title in their language), so the verification
// page shows the same words as the PDF even after the content changes.
export const certificateKinds = ['attendance', 'completion'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

export interface StoredCertificate {
  // The verification code: 16 characters of Crockford's base 32 (80 bits from the system's random source).
  code: string;
  // One certificate per person and item: `certificateKey` of the item and the address.
  key: string;
  kind: CertificateKind;
  collection: Collection;
  // The course, event or offer (its slug or key, as the record's item field holds it).
  item: string;
  recordId: string;
  email: string;
  name: string;
  lang: string;
  title: string;
  // The optional "what was achieved" line ('' when none).
  achievement: string;
  // ISO days ('' when unknown): the event's days, or a cohort's start and the day it was completed.
  startDate: string;
  endDate: string;
  issuedAt: number;
  issuedBy: string;
  revokedAt: number | null;
  revokedBy: string | null;
  revokeReason: string | null;
  // A reissued certificate is revoked with the code of the one that replaced it.
  replacedBy: string | null;
  // The person was forgotten: their name and address are gone, the code says "withdrawn".
  withdrawnAt: number | null;
}

// The key that makes a certificate one per person and item, whatever the address's case.
export function certificateKey(collection: Collection, item: string, email: string): string {
  return JSON.stringify([collection, item, email.trim().toLowerCase()]);
}

export const WITHDRAWN_REASON = 'withdrawn';

// What a certificate keeps once its person is forgotten: that it existed, for what, and when it was
// withdrawn; the name, the address and the line about the person go.
export function withdrawnCertificate(certificate: StoredCertificate, at: number): StoredCertificate {
  return {
    ...certificate,
    key: '',
    email: '',
    name: '',
    achievement: '',
    recordId: '',
    revokedAt: certificate.revokedAt ?? at,
    revokedBy: certificate.revokedBy ?? '',
    revokeReason: WITHDRAWN_REASON,
    withdrawnAt: at,
  };
}

export interface CertificateStore {
  // Commits the certificate, its mails and its audit entry together when no certificate holds its key
  // yet ('issued'); a second call for the key, from any instance, writes nothing ('already').
  issueCertificate(certificate: StoredCertificate, mails: NewMail[], audit: AuditEntry): Promise<'issued' | 'already'>;
  certificate(code: string): Promise<StoredCertificate | null>;
  // Every certificate of an item, revoked ones included, oldest first.
  certificatesOf(collection: Collection, item: string): Promise<StoredCertificate[]>;
  // Revokes a certificate not yet revoked, with its audit entry; false, with nothing written, otherwise.
  revokeCertificate(code: string, at: number, by: string, reason: string, audit: AuditEntry): Promise<boolean>;
  // Replaces the certificate holding its key by `next` (same key, new code): the old one is revoked with
  // `replacedBy`, `next` committed with its mails and entry. Once per old certificate across instances;
  // 'gone' (nothing written) when it was replaced before, withdrawn, or does not exist.
  reissueCertificate(
    code: string,
    next: StoredCertificate,
    mails: NewMail[],
    audit: AuditEntry,
  ): Promise<'reissued' | 'gone'>;
}
