import { config } from '@/lib/config';
import type { Lang } from '@/lib/i18n';
import type { PayLink } from '@/lib/mail/compose';
import { linkSecret } from '@/lib/security/signed-link';
import type { RecordData } from '@/lib/storage/types';

import { paymentReference, payUrl } from './links';
import { charged, formatCharge, type Price } from './price';
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
  const { amount, currency } = charged(price, settings);
  const reference = paymentReference(settings.secret, submissionKey);
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
