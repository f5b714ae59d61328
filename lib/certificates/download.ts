import { toLang } from '@/lib/i18n';

import { renderCertificate } from './issue';
import { readDownloadToken } from './links';
import { certificateSignatory } from './signatory';
import { verification } from './verify';

// The PDF of a download link (links.ts): made anew from what the store keeps (the same words, the same
// code), for a certificate still valid; null for a revoked or withdrawn one, or a link this site did not
// sign for a certificate.
export async function downloadedCertificate(token: unknown, now: number) {
  const code = readDownloadToken(token, now);
  const found = code ? await verification(code) : null;
  if (!found || found.state !== 'valid') return null;
  return {
    code: found.certificate.code,
    pdf: await renderCertificate(found.certificate, await certificateSignatory(toLang(found.certificate.lang))),
  };
}
