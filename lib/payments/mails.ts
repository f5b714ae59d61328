import { SITE_TIME_ZONE } from '@/lib/constants';
import type { Lang } from '@/lib/i18n';
import { confirmation, newMail } from '@/lib/mail/compose';
import type { NewMail, PayableCollection, RecordData } from '@/lib/storage';
import { visitorMails } from '@/messages/mails/visitor';

import { receiptOf } from './receipt';

// The mails of payments taken on this site (docs/product.md §14), in the visitor's language. Like every
// visitor's mail they carry nothing the visitor typed (lib/mail/compose.ts).

// What a confirmation says of a payment to make: the record's pay link, the amount as the visitor's
// language writes it, whether it is an offer's deposit, and for how many days the link works.
export interface PayLink {
  href: string;
  amount: string;
  deposit: boolean;
  days: number;
}

// The receipt of a paid record, in the visitor's language, with a link to its printable page: the same
// words whoever paid.
export async function receiptMail(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  receiptHref: string,
  timeZone: string,
): Promise<NewMail> {
  const t = visitorMails[lang].receipt;
  const receipt = await receiptOf(collection, data, lang, timeZone);
  return newMail(String(data.email), t.subject(receipt.item), {
    lang,
    heading: t.heading,
    paragraphs: [t.thanks, t.keep],
    rows: [...receipt.rows, ...receipt.organisation],
    link: { href: receiptHref, label: t.printable },
  });
}

// A reminder staff send to someone who has not paid: the amount due and the pay link.
export async function paymentReminder(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  pay: { href: string; amount: string },
  timeZone: string,
): Promise<NewMail> {
  const t = visitorMails[lang].reminder;
  const { item } = await receiptOf(collection, data, lang, timeZone);
  return confirmation(String(data.email), t.subject(item), {
    lang,
    heading: t.heading,
    paragraphs: [t.text(pay.amount, item)],
    link: { href: pay.href, label: t.link(pay.amount) },
  });
}

// The pay link again, to someone who registered a second time for what they have not paid (lib/forms/
// submit.ts): the stored record's own link, in the language they posted in.
export async function payLinkAgain(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  pay: { href: string; amount: string },
): Promise<NewMail> {
  const t = visitorMails[lang].payAgain;
  const { item } = await receiptOf(collection, data, lang, SITE_TIME_ZONE);
  return confirmation(String(data.email), t.subject(item), {
    lang,
    heading: t.heading,
    paragraphs: [t.text(pay.amount, item)],
    link: { href: pay.href, label: t.link(pay.amount) },
  });
}
