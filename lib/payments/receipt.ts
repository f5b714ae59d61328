import { cmsContact, cmsCourseByKey, cmsOffer } from '@/lib/cms';
import { site } from '@/lib/content';
import { cohortStart } from '@/lib/content/facts';
import type { Lang } from '@/lib/i18n';
import { formatDates, formatDay } from '@/lib/i18n/format';
import type { PayableCollection, RecordData } from '@/lib/storage';
import { visitorMails } from '@/messages/mails/visitor';

import { formatCharge } from './price';

// What a receipt says, for the mail and the printable page alike (docs/product.md §14): the amount, the
// day it was paid, the reference, the course or the programme and its cohort, how it was paid and who
// received it. Like every visitor's mail it carries nothing the visitor typed (docs/product.md §7).
export interface Receipt {
  // The course or programme, in the visitor's language.
  item: string;
  rows: [label: string, value: string][];
  organisation: [label: string, value: string][];
}

// The offer is read from the CMS, where staff keep it, unpublished or not.
export async function receiptOf(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  timeZone: string,
): Promise<Receipt> {
  const t = visitorMails[lang].receipt;
  const course = collection === 'enrolment' ? await cmsCourseByKey(String(data.course ?? ''), lang) : undefined;
  const offer = collection === 'offer' ? await cmsOffer(String(data.offer ?? ''), lang) : undefined;
  const { contactInfo } = await cmsContact();
  const item = course?.title ?? offer?.title ?? String(data.course ?? data.offer ?? '');
  const cohort = course?.nextCohortDate
    ? formatDates(course.nextCohortDate, undefined, lang)
    : offer
      ? cohortStart(offer, lang)
      : '';
  const paidAt = typeof data.paidAt === 'number' ? data.paidAt : Date.now();
  const channel = String(data.payChannel ?? '');
  const method = data.payMethod === 'hand' ? t.byHand : (t.channels[channel] ?? channel);
  return {
    item,
    rows: [
      [t.amount, formatCharge(Number(data.payAmount ?? 0), String(data.payCurrency ?? 'USD'), lang)],
      [t.date, formatDay(paidAt, lang, timeZone)],
      [t.reference, String(data.payReference ?? '')],
      [collection === 'enrolment' ? t.course : t.programme, item],
      ...(cohort ? [[t.cohort, cohort] as [string, string]] : []),
      ...(method ? [[t.method, method] as [string, string]] : []),
    ],
    organisation: [
      [t.receivedBy, site.name],
      [t.address, contactInfo.address],
      [t.contact, `${contactInfo.email} · ${contactInfo.phone}`],
    ],
  };
}
