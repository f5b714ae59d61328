import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { localeUrl, type Lang } from '@/lib/i18n';
import { linkSecret, readLink, signLink } from '@/lib/security/signed-link';
import type { StoredCertificate } from '@/lib/storage';

import { parseCode } from './code';

// The addresses a certificate carries: its verification page (on the PDF, its QR code and its mail),
// the machine-readable credential beside it, the signed link that downloads it again, and LinkedIn's
// public "add certification" form filled in.

const secret = () => linkSecret(config().linkSecret, config().dataDir);

export function verifyUrl(code: string, lang: Lang, siteUrl = config().siteUrl): string {
  return localeUrl(siteUrl, lang, `/verify/${code}`);
}

export function credentialUrl(code: string, siteUrl = config().siteUrl): string {
  return `${siteUrl}/verify/${code}.json`;
}

// A download link never expires (a learner may want their PDF again years later); it names the code
// only, signed, so it cannot be made for another certificate from a code read on paper.
export function downloadUrl(code: string, siteUrl = config().siteUrl): string {
  const token = signLink(secret(), 'certificate', code, 0);
  return `${siteUrl}/api/certificates/download?${new URLSearchParams({ t: token })}`;
}

export function readDownloadToken(token: unknown, now: number): string | null {
  const signed = readLink(secret(), 'certificate', token, now);
  return signed ? parseCode(signed.email) : null;
}

// LinkedIn's public form for adding a certification to one's profile, with every field it takes.
export function linkedInUrl(certificate: StoredCertificate, lang: Lang): string {
  const issued = new Date(certificate.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.title,
    organizationName: site.name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verifyUrl(certificate.code, lang),
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}
