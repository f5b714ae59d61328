import type { AuditEntry } from '../audit';
import { withdrawnCertificate, type CertificateStore, type StoredCertificate } from '../certificates';
import { subscriberKey } from '../rules';
import type { NewMail } from '../types';
import type { Db } from './schema';
import type { SharedWriters } from './shared';

// Certificates are rows keyed by their code; `certificate_keys` holds, per person and item, the code of
// the current one. Issuing inserts the key row first, in the immediate transaction that writes the
// certificate, queues its mail and writes its entry: a second issue, from this process or another on
// the file, finds the key taken and changes nothing.
export function certificateStore(db: Db, shared: SharedWriters): CertificateStore {
  const insert = db.prepare(
    `INSERT INTO certificates (code, key, collection, item, email_key, issued_at, data)
     VALUES (@code, @key, @collection, @item, @emailKey, @issuedAt, @data)`,
  );
  const takeKey = db.prepare('INSERT INTO certificate_keys (key, code) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const moveKey = db.prepare('UPDATE certificate_keys SET code = ? WHERE key = ? AND code = ?');
  const byCode = db.prepare('SELECT data FROM certificates WHERE code = ?').pluck();
  const byItem = db
    .prepare('SELECT data FROM certificates WHERE collection = ? AND item = ? ORDER BY issued_at, code')
    .pluck();
  const update = db.prepare('UPDATE certificates SET data = @data, email_key = @emailKey WHERE code = @code');
  const selectRecord = db.prepare('SELECT data FROM records WHERE id = ?').pluck();

  const read = (code: string) => {
    const data = byCode.get(code) as string | undefined;
    return data === undefined ? null : (JSON.parse(data) as StoredCertificate);
  };
  const write = (certificate: StoredCertificate) =>
    insert.run({ ...rowOf(certificate), data: JSON.stringify(certificate) });
  const save = (certificate: StoredCertificate) =>
    update.run({ code: certificate.code, emailKey: rowOf(certificate).emailKey, data: JSON.stringify(certificate) });
  // The record names its current certificate (`certificateCode`, '' once revoked), for the downloads.
  const name = (recordId: string, code: string) => {
    const data = selectRecord.get(recordId) as string | undefined;
    if (data !== undefined) shared.rewrite(recordId, { ...JSON.parse(data), certificateCode: code });
  };

  const issue = db.transaction((certificate: StoredCertificate, mails: NewMail[], audit: AuditEntry) => {
    if (takeKey.run(certificate.key, certificate.code).changes === 0) return 'already' as const;
    write(certificate);
    name(certificate.recordId, certificate.code);
    shared.queue(certificate.recordId, mails);
    shared.audit(audit);
    return 'issued' as const;
  });

  const revoke = db.transaction((code: string, at: number, by: string, reason: string, audit: AuditEntry) => {
    const certificate = read(code);
    if (!certificate || certificate.revokedAt !== null) return false;
    save({ ...certificate, revokedAt: at, revokedBy: by, revokeReason: reason });
    if (certificate.replacedBy === null) name(certificate.recordId, '');
    shared.audit(audit);
    return true;
  });

  const reissue = db.transaction((code: string, next: StoredCertificate, mails: NewMail[], audit: AuditEntry) => {
    const old = read(code);
    if (!old || old.withdrawnAt !== null || moveKey.run(next.code, old.key, code).changes === 0) return 'gone' as const;
    save({
      ...old,
      revokedAt: old.revokedAt ?? next.issuedAt,
      revokedBy: old.revokedBy ?? next.issuedBy,
      revokeReason: old.revokeReason ?? 'reissued',
      replacedBy: next.code,
    });
    write({ ...next, key: old.key });
    name(next.recordId, next.code);
    shared.queue(next.recordId, mails);
    shared.audit(audit);
    return 'reissued' as const;
  });

  return {
    async issueCertificate(certificate, mails, audit) {
      return issue.immediate(certificate, mails, audit);
    },
    async certificate(code) {
      return read(code);
    },
    async certificatesOf(collection, item) {
      return (byItem.all(collection, item) as string[]).map((data) => JSON.parse(data) as StoredCertificate);
    },
    async revokeCertificate(code, at, by, reason, audit) {
      return revoke.immediate(code, at, by, reason, audit);
    },
    async reissueCertificate(code, next, mails, audit) {
      return reissue.immediate(code, next, mails, audit);
    },
  };
}

const rowOf = (certificate: StoredCertificate) => ({
  code: certificate.code,
  key: certificate.key,
  collection: certificate.collection,
  item: certificate.item,
  emailKey: certificate.email === '' ? '' : subscriberKey(certificate.email),
  issuedAt: certificate.issuedAt,
});

// Forgetting an address (privacy.ts, inside its transaction): the person's certificates are revoked as
// withdrawn, their name and address removed, and their keys freed. How many there were.
export function certificateWithdrawal(db: Db) {
  const ofEmail = db.prepare('SELECT data FROM certificates WHERE email_key = ?').pluck();
  const update = db.prepare("UPDATE certificates SET data = ?, email_key = '' WHERE code = ?");
  const freeKey = db.prepare('DELETE FROM certificate_keys WHERE key = ?');
  return (email: string, at: number): number => {
    const found = (ofEmail.all(subscriberKey(email)) as string[]).map((d) => JSON.parse(d) as StoredCertificate);
    for (const certificate of found) {
      update.run(JSON.stringify(withdrawnCertificate(certificate, at)), certificate.code);
      freeKey.run(certificate.key);
    }
    return found.length;
  };
}
