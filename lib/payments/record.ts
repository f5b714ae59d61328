import { config } from '@/lib/config';
import type { Lang } from '@/lib/i18n';
import { linkSecret } from '@/lib/security/signed-link';
import type { RecordData } from '@/lib/storage';

import { isPaymentReference, paymentReference, payUrl } from './links';
import type { PayLink } from './mails';
import { charged, formatCharge, type Charged, type Price } from './price';
import type { PaymentCurrency } from './types';

// What a submission with a price stores and answers (lib/forms/submit.ts, docs/product.md §14).
export interface PaymentSettings {
  // A provider takes payments on this site; without one the record still keeps what it owes, for
  // staff to mark by hand, and the course's own payment page stays the way to pay.
  online: boolean;
  currency: PaymentCurrency;
  usdRate: number;
  linkDays: number;
  secret: string;
  siteUrl: string;
}

export function paymentSettings(): PaymentSettings {
  const settings = config();
  return {
    online: settings.payments.provider !== null,
    currency: settings.payments.currency,
    usdRate: settings.payments.usdRate,
    linkDays: settings.payments.linkDays,
    secret: linkSecret(settings.linkSecret, settings.dataDir),
    siteUrl: settings.siteUrl,
  };
}

// Whether a record owes its payment now: a registration with places owes it while it holds its place,
// not while it waits for one, is offered one, gave it back or let an offer pass (docs/product.md §9).
export function owesNow(data: RecordData): boolean {
  return data.booking === undefined || data.booking === 'registered';
}

// The record's payment fields, fixed now (amount, currency, the server's reference), and with a provider
// the pay link the answer and the confirmation carry. The reference comes from the submission's
// identity, so a submission sent again answers with the stored record's link.
export function newPayment(
  price: Price,
  submissionKey: string,
  lang: Lang,
  settings: PaymentSettings,
  now: number,
): { fields: RecordData; link?: PayLink } {
  return paymentFor(price, paymentReference(settings.secret, submissionKey), lang, settings, now);
}

// What a registration owes once it is given a place from the waiting list (a place claimed, or given by
// staff, lib/places/visitor.ts): it owed nothing while it waited, so its reference comes from its record,
// unless it kept one from before (a registration back from spam keeps what it owed).
export function seatedPayment(
  price: Price,
  record: { id: string; data: RecordData },
  lang: Lang,
  settings: PaymentSettings,
  now: number,
): { fields: RecordData; link?: PayLink } {
  const kept = record.data.payReference;
  if (isPaymentReference(kept)) {
    const link =
      record.data.payStatus === 'unpaid' ? storedPayLink(price, record.data, lang, settings, now) : undefined;
    return { fields: {}, ...(link ? { link } : {}) };
  }
  return paymentFor(price, paymentReference(settings.secret, `record\n${record.id}`), lang, settings, now);
}

// The pay link of a reference a stored record already owes under (a repeat of its submission): for the
// amount and currency stored with it, whatever the item's price or the visitor's currency now (an
// amount due never changes once stored).
export function storedPayLink(
  price: Price,
  data: RecordData,
  lang: Lang,
  settings: PaymentSettings,
  now: number,
): PayLink | undefined {
  const reference = data.payReference;
  if (!isPaymentReference(reference)) return undefined;
  const stored =
    typeof data.payAmount === 'number' && typeof data.payCurrency === 'string'
      ? { amount: data.payAmount, currency: data.payCurrency as PaymentCurrency }
      : undefined;
  return paymentFor(price, reference, lang, settings, now, stored).link;
}

function paymentFor(
  price: Price,
  reference: string,
  lang: Lang,
  settings: PaymentSettings,
  now: number,
  stored?: Charged,
): { fields: RecordData; link?: PayLink } {
  const { amount, currency } = stored ?? charged(price, settings);
  const fields = { payStatus: 'unpaid', payAmount: amount, payCurrency: currency, payReference: reference };
  if (!settings.online) return { fields };
  return {
    fields,
    link: {
      href: payUrl(settings.siteUrl, settings.secret, reference, lang, now, settings.linkDays),
      amount: formatCharge(amount, currency, lang),
      deposit: price.deposit,
      days: settings.linkDays,
    },
  };
}
