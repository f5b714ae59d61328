import type { Lang } from '@/lib/i18n';
import { renderLetter } from '@/lib/mail/letter';
import type { NewMail, StoredCertificate } from '@/lib/storage';
import { certificateTexts } from '@/messages/certificates';

import { groupedCode } from './code';
import { downloadUrl, linkedInUrl, verifyUrl } from './links';

// The certificate's mail, queued in the outbox in the commit that issues it (sent once, by whichever
// instance's worker claims it): in the learner's language, with the PDF attached, a signed link to
// download it again, its verification page, and LinkedIn's "add certification" form filled in.
// Nothing the learner typed but their name is in it, and that only in the PDF they receive themselves.
export function certificateMail(certificate: StoredCertificate, lang: Lang, pdf: Uint8Array): NewMail {
  const t = certificateTexts[lang];
  const intro =
    certificate.kind === 'attendance' ? t.mailAttendance(certificate.title) : t.mailCompletion(certificate.title);
  const letter = renderLetter({
    lang,
    heading: t.mailHeading,
    paragraphs: [intro, t.mailAttached],
    rows: [
      [t.codeLabel, groupedCode(certificate.code)],
      [t.mailVerify, verifyUrl(certificate.code, lang)],
    ],
    link: { href: downloadUrl(certificate.code), label: t.download },
    footLink: { href: linkedInUrl(certificate, lang), label: t.linkedIn },
  });
  return {
    to: certificate.email,
    subject: t.mailSubject(certificate.title),
    ...letter,
    attachments: [
      {
        filename: `certificate-${certificate.code}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(pdf).toString('base64'),
        encoding: 'base64',
      },
    ],
  };
}
