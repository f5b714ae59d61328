import { toLang } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/format';
import { newMail } from '@/lib/mail/compose';
import type { GiftEntry, NewMail } from '@/lib/storage';
import { giftTexts } from '@/messages/gifts';

import type { GiftContext } from './context';
import { manageUrl } from './links';
import { formatGift } from './money';

// The receipts of gifts, in the giver's language (the language of the page they gave from), each with
// the signed link to their gifts. Like every visitor's mail they carry nothing the giver typed: not
// their name, not their message.
export type GiftMail = 'paid' | 'subscribed' | 'failed' | 'stopped';

export function giftMail(ctx: GiftContext, pledge: GiftEntry, entry: GiftEntry, kind: GiftMail): NewMail {
  const lang = toLang(pledge.lang);
  const t = giftTexts[lang];
  const amount = formatGift(Number(entry.amount ?? pledge.amount), String(entry.currency ?? pledge.currency), lang);
  const monthly = pledge.frequency === 'monthly';
  const rows: [string, string][] = [
    [t.rows.amount, amount],
    [t.rows.date, formatDay(entry.at, lang, ctx.timeZone)],
    [t.rows.frequency, monthly ? t.monthly : t.once],
    ...(entry.reference ? [[t.rows.reference, String(entry.reference)] as [string, string]] : []),
  ];
  const link = { href: manageUrl(ctx.siteUrl, ctx.secret, String(pledge.email), lang), label: t.manageLink };
  const words = {
    paid: {
      subject: t.receiptSubject(amount),
      heading: t.receiptHeading,
      paragraphs: [
        !monthly ? t.receiptOnce : entry.renewal === true ? t.receiptRenewal : t.receiptFirstMonth,
        t.notTaxAdvice,
      ],
    },
    subscribed: { subject: t.subscribedSubject, heading: t.subscribedSubject, paragraphs: [t.subscribedText(amount)] },
    failed: { subject: t.failedSubject, heading: t.failedSubject, paragraphs: [t.failedText(amount)] },
    stopped: { subject: t.stoppedSubject, heading: t.stoppedSubject, paragraphs: [t.stoppedText(amount)] },
  }[kind];
  return newMail(String(pledge.email), words.subject, {
    lang,
    heading: words.heading,
    paragraphs: words.paragraphs,
    rows,
    link,
  });
}
