// Certificates people can show (docs/certificates.md): attendance at an event (from its check-ins) and
// completion of a course or an offer's cohort (marked by staff), a PDF in the learner's language mailed
// through the outbox, verifiable by anyone at /verify/<code> and as an Open Badges 3.0 credential at
// /verify/<code>.json, revocable and reissued by staff. The rest of the site comes in through this file
// only. Server code: the PDF library it uses never reaches a browser.
export { CODE_LENGTH, groupedCode, parseCode } from './code';
export { downloadedCertificate } from './download';
export { credentialRefusal, openBadgeCredential } from './credential';
export { ACHIEVEMENT_MAX, eligibleRecords, issueCertificates, renderCertificate, type IssueCounts } from './issue';
export { credentialUrl, downloadUrl, linkedInUrl, readDownloadToken, verifyUrl } from './links';
export { verification, type Verification } from './verify';
export { siteDay, verificationWords } from './page';
export {
  addressesIn,
  certificateList,
  markCompleted,
  NAME_MAX,
  REASON_MAX,
  reissueCertificate,
  revokeCertificate,
  type CertificateList,
  type CertificateRow,
} from './staff';
