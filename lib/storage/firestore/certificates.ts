import type { Firestore, WriteBatch } from 'firebase-admin/firestore';

import { withdrawnCertificate, type CertificateStore, type StoredCertificate } from '../certificates';
import { withDeadline } from '../errors';
import { isRecordId, subscriberKey } from '../rules';
import { ALREADY_EXISTS, codeOf, keyedId, WRITE_DEADLINE_MS } from './client';
import { queue, writeAudit } from './shared';

// Certificates, documents keyed by their code, with the person's address key as a field (`emailKey`) to
// be found when they are forgotten.
export const CERTIFICATES = 'certificates';
// One document per person and item, created with create() first in the batch that issues its
// certificate: a second issue, from any instance, is refused whole and writes nothing.
export const CERTIFICATE_KEYS = 'certificateKeys';
// One document per certificate replaced, created with create(): a certificate is reissued once.
export const CERTIFICATE_REPLACEMENTS = 'certificateReplacements';

const docOf = (certificate: StoredCertificate) => ({
  ...certificate,
  emailKey: certificate.email === '' ? '' : subscriberKey(certificate.email),
});

function certificateOf(data: FirebaseFirestore.DocumentData | undefined): StoredCertificate | null {
  if (!data) return null;
  const { emailKey: _emailKey, ...certificate } = data;
  return certificate as StoredCertificate;
}

async function commitOnce(batch: WriteBatch, what: string): Promise<boolean> {
  try {
    await withDeadline(batch.commit(), WRITE_DEADLINE_MS, what);
    return true;
  } catch (error) {
    if (codeOf(error) === ALREADY_EXISTS) return false;
    throw error;
  }
}

export function certificateStore(db: Firestore): CertificateStore {
  const ref = (code: string) => db.collection(CERTIFICATES).doc(code);
  // The record names its current certificate (`certificateCode`, '' once revoked), for the downloads;
  // a record gone meanwhile is left alone.
  const name = async (batch: WriteBatch, c: StoredCertificate, code: string) => {
    if (!isRecordId(c.recordId)) return;
    const record = await db.collection(c.collection).doc(c.recordId).get();
    if (record.exists) batch.update(record.ref, { certificateCode: code });
  };
  const read = async (code: string) => (/^\w{1,40}$/.test(code) ? certificateOf((await ref(code).get()).data()) : null);

  return {
    async issueCertificate(certificate, mails, audit) {
      const batch = db.batch();
      batch.create(db.collection(CERTIFICATE_KEYS).doc(keyedId(certificate.key)), {
        code: certificate.code,
        at: certificate.issuedAt,
      });
      batch.create(ref(certificate.code), docOf(certificate));
      await name(batch, certificate, certificate.code);
      queue(db, batch, certificate.recordId, mails);
      writeAudit(db, batch, audit);
      return (await commitOnce(batch, 'the certificate')) ? 'issued' : 'already';
    },
    certificate: read,
    async certificatesOf(collection, item) {
      // An equality on one field (Firestore's own index); the few of an item filtered and sorted here.
      const docs = (await db.collection(CERTIFICATES).where('item', '==', item).get()).docs;
      return docs
        .map((doc) => certificateOf(doc.data())!)
        .filter((c) => c.collection === collection)
        .sort((a, b) => a.issuedAt - b.issuedAt || a.code.localeCompare(b.code));
    },
    async revokeCertificate(code, at, by, reason, audit) {
      const certificate = await read(code);
      if (!certificate || certificate.revokedAt !== null) return false;
      // The revocation's own marker makes two revocations at once one.
      const batch = db.batch();
      batch.create(db.collection(CERTIFICATE_REPLACEMENTS).doc(`revoke:${code}`), { at });
      batch.update(ref(code), { revokedAt: at, revokedBy: by, revokeReason: reason });
      if (certificate.replacedBy === null) await name(batch, certificate, '');
      writeAudit(db, batch, audit);
      return commitOnce(batch, 'the revocation');
    },
    async reissueCertificate(code, next, mails, audit) {
      const old = await read(code);
      if (!old || old.withdrawnAt !== null || old.replacedBy !== null) return 'gone';
      const batch = db.batch();
      batch.create(db.collection(CERTIFICATE_REPLACEMENTS).doc(`reissue:${code}`), {
        by: next.code,
        at: next.issuedAt,
      });
      batch.update(ref(code), {
        revokedAt: old.revokedAt ?? next.issuedAt,
        revokedBy: old.revokedBy ?? next.issuedBy,
        revokeReason: old.revokeReason ?? 'reissued',
        replacedBy: next.code,
      });
      batch.set(db.collection(CERTIFICATE_KEYS).doc(keyedId(old.key)), { code: next.code, at: next.issuedAt });
      batch.create(ref(next.code), docOf({ ...next, key: old.key }));
      await name(batch, next, next.code);
      queue(db, batch, next.recordId, mails);
      writeAudit(db, batch, audit);
      return (await commitOnce(batch, 'the reissue')) ? 'reissued' : 'gone';
    },
  };
}

// Forgetting an address (privacy.ts): the writes that withdraw the person's certificates (their name and
// address removed, revoked as withdrawn) and free their keys, for the forget's first batch.
export async function certificateWithdrawals(
  db: Firestore,
  email: string,
  at: number,
): Promise<((batch: WriteBatch) => void)[]> {
  const docs = (await db.collection(CERTIFICATES).where('emailKey', '==', subscriberKey(email)).get()).docs;
  return docs.flatMap((doc) => {
    const certificate = certificateOf(doc.data())!;
    return [
      (batch: WriteBatch) => batch.set(doc.ref, docOf(withdrawnCertificate(certificate, at))),
      (batch: WriteBatch) => batch.delete(db.collection(CERTIFICATE_KEYS).doc(keyedId(certificate.key))),
    ];
  });
}
