import type { Metadata } from 'next';
import { headers } from 'next/headers';

import { CertificateCheck } from '@/components/certificates/certificate-check';
import { verification, verificationWords } from '@/lib/certificates';
import { routeLang } from '@/lib/i18n/route';
import { verifyVerdict } from '@/lib/security/verify-gate';
import { pageTitle } from '@/lib/seo';
import { certificateTexts } from '@/messages/certificates';
import { formTexts } from '@/messages/forms';

type Props = PageProps<'/[lang]/verify/[code]'>;

// A certificate's verification page (lib/certificates), open to anyone: whether the code is a valid
// certificate and what it says, that it was revoked or withdrawn, or that no certificate has the code.
// Rendered per request, never indexed, limited per client; its status comes from proxy.ts.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  return {
    title: pageTitle(certificateTexts[lang].verifyTitle, lang),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

export default async function VerifyPage({ params }: Props) {
  const { lang: segment, code } = await params;
  const lang = routeLang(segment);
  const title = certificateTexts[lang].verifyTitle;
  // Past the client's allowance (proxy.ts answers 429), it says so in words.
  const allowed = await verifyVerdict(await headers());
  if (!allowed.ok) {
    const text = formTexts[lang].answers.rateLimited(allowed.retryAfterSeconds);
    return <CertificateCheck title={title} heading={title} text={text} valid={false} />;
  }
  const found = allowed.unknown ? ({ state: 'unknown' } as const) : await verification(code);
  // A code no certificate has: the page's words, with the 404 proxy.ts gave (lib/security/verify-gate.ts).
  if (found.state === 'unknown') {
    const t = certificateTexts[lang];
    return <CertificateCheck title={title} heading={t.unknownHeading} text={t.unknownText} valid={false} />;
  }
  return <CertificateCheck title={title} {...verificationWords(found, lang)} />;
}
