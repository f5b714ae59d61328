import { site } from '@/lib/content';
import { dayIn } from '@/lib/content/schedule';
import type { Lang } from '@/lib/i18n';
import { formatDates } from '@/lib/i18n/format';
import { certificateTexts } from '@/messages/certificates';

import { groupedCode } from './code';
import type { Verification } from './verify';

// The day of a moment in the organisation's time zone, as an ISO day.
export const siteDay = (ms: number) => dayIn(ms);

// What the verification page says, in its language: for a valid certificate, the name, what was
// achieved, the dates and the issuer; for any other, only that it is not valid and since when. The
// unknown code's words are the page's own (app/[lang]/verify/[code]/page.tsx).
export function verificationWords(found: Exclude<Verification, { state: 'unknown' }>, lang: Lang) {
  const t = certificateTexts[lang];
  const when = (ms: number) => formatDates(siteDay(ms), undefined, lang);
  if (found.state === 'withdrawn')
    return { heading: t.withdrawnHeading, text: t.withdrawnText(when(found.at)), valid: false };
  if (found.state === 'revoked')
    return { heading: t.revokedHeading, text: t.revokedText(when(found.at)), valid: false };
  if (found.state === 'reissued')
    return { heading: t.revokedHeading, text: t.reissuedText(when(found.at)), valid: false };
  const c = found.certificate;
  const dates =
    c.kind === 'attendance'
      ? c.startDate
        ? formatDates(c.startDate, c.endDate, lang)
        : ''
      : c.startDate && c.endDate
        ? formatDates(c.startDate, c.endDate, lang)
        : c.endDate
          ? formatDates(c.endDate, undefined, lang)
          : '';
  const facts: [string, string][] = [
    [t.name, c.name],
    [t.what, `${c.kind === 'attendance' ? t.kindAttendance : t.kindCompletion}: ${c.title}`],
    ...(c.achievement ? [[t.achievement, c.achievement] as [string, string]] : []),
    ...(dates ? [[t.dates, dates] as [string, string]] : []),
    [t.issuer, site.name],
    [t.issuedOn, when(c.issuedAt)],
    [t.codeLabel, groupedCode(c.code)],
  ];
  return { heading: t.verifiedHeading, text: t.verifiedText(site.name), valid: true, facts };
}
