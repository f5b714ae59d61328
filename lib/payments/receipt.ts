import { cmsContact, cmsCourseByKey, cmsEvent, cmsOffer } from '@/lib/cms';
import { site } from '@/lib/content';
import { cohortStart, eventDates } from '@/lib/content/facts';
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
  // A paid event's place: the event published now, its dates and the ticket kind paid for.
  const event = collection === 'user' ? await cmsEvent(String(data.event ?? ''), lang) : undefined;
  const ticket = event?.tickets?.find((kind) => kind.id === data.ticket)?.name;
  const { contactInfo } = await cmsContact();
  const item = course?.title ?? offer?.title ?? event?.title ?? String(data.course ?? data.offer ?? data.event ?? '');
  const cohort = course?.nextCohortDate
    ? formatDates(course.nextCohortDate, undefined, lang)
    : offer
      ? cohortStart(offer, lang)
      : '';
  const label = collection === 'enrolment' ? t.course : collection === 'user' ? t.event : t.programme;
  const paidAt = typeof data.paidAt === 'number' ? data.paidAt : Date.now();
  const channel = String(data.payChannel ?? '');
  const method = data.payMethod === 'hand' ? t.byHand : (t.channels[channel] ?? channel);
  return {
    item,
    rows: [
      [t.amount, formatCharge(Number(data.payAmount ?? 0), String(data.payCurrency ?? 'USD'), lang)],
      [t.date, formatDay(paidAt, lang, timeZone)],
      [t.reference, String(data.payReference ?? '')],
      [label, item],
      ...(cohort ? [[t.cohort, cohort] as [string, string]] : []),
      ...(event ? [[t.eventDates, eventDates(event, lang)] as [string, string]] : []),
      ...(ticket ? [[t.ticket, ticket] as [string, string]] : []),
      ...(method ? [[t.method, method] as [string, string]] : []),
    ],
    organisation: [
      [t.receivedBy, site.name],
      [t.address, contactInfo.address],
      [t.contact, `${contactInfo.email} · ${contactInfo.phone}`],
    ],
  };
}
