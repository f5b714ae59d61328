import { CertificateCheck } from '@/components/certificates/certificate-check';
import { renderingLang } from '@/lib/i18n/route';
import { pageTitle } from '@/lib/seo';
import { certificateTexts } from '@/messages/certificates';

// A code no certificate has: said plainly, with the 404 status, in the page's language (named by its
// layout for this render, see app/[lang]/not-found.tsx).
export default function UnknownCertificate() {
  const lang = renderingLang();
  const t = certificateTexts[lang];
  return (
    <>
      <title>{pageTitle(t.verifyTitle, lang)}</title>
      <meta name="robots" content="noindex" />
      <CertificateCheck title={t.verifyTitle} heading={t.unknownHeading} text={t.unknownText} valid={false} />
    </>
  );
}
