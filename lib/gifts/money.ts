import { locales, type Lang } from '@/lib/i18n';
import { SUBUNITS } from '@/lib/payments';
import { giftTexts } from '@/messages/gifts';

// The currencies a gift may be given in: Paystack's, for the countries our visitors give from
// (docs/product.md §15). Gifts carry their own currency and amount; they never go through the site's
// fixed rate (PAYMENT_EXCHANGE_RATE), which is for dollar prices.
export const GIFT_CURRENCIES = ['NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF', 'USD'] as const;
export type GiftCurrency = (typeof GIFT_CURRENCIES)[number];

export function isGiftCurrency(value: unknown): value is GiftCurrency {
  return typeof value === 'string' && (GIFT_CURRENCIES as readonly string[]).includes(value);
}

// The suggested amounts, in whole units, about the same four gifts in each currency, rounded as people
// there count.
export const SUGGESTED: Record<GiftCurrency, readonly number[]> = {
  NGN: [2_000, 5_000, 10_000, 25_000],
  GHS: [20, 50, 100, 250],
  KES: [500, 1_000, 2_500, 5_000],
  ZAR: [50, 100, 250, 500],
  XOF: [2_000, 5_000, 10_000, 25_000],
  EGP: [100, 250, 500, 1_000],
  RWF: [2_000, 5_000, 10_000, 25_000],
  USD: [5, 10, 25, 50],
};

// Another amount may be from a tenth of the smallest suggestion to two hundred times the largest.
export function giftBounds(currency: GiftCurrency): { min: number; max: number } {
  const amounts = SUGGESTED[currency];
  return { min: amounts[0]! / 10, max: amounts[amounts.length - 1]! * 200 };
}

// The currency a page's language starts with: the currency of the region most of that language's
// visitors give from, as its gift texts say (`regionCurrency`, messages/gifts.ts: naira for English, the
// West African CFA franc for French), kept out of the table of languages, which every page's script
// carries. One Paystack does not settle starts in US dollars. The visitor picks another on the page.
export function defaultCurrency(lang: Lang): GiftCurrency {
  const regional = giftTexts[lang].regionCurrency;
  return isGiftCurrency(regional) ? regional : 'USD';
}

// An amount in the currency's subunit, written by Intl in the reader's language: « 150 000 F CFA »,
// « ₦5,000 ». Whole amounts without decimals.
export function formatGift(subunits: number, currency: string, lang: Lang): string {
  const units = subunits / SUBUNITS;
  const whole = Number.isInteger(units);
  try {
    return new Intl.NumberFormat(locales[lang].intl, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { minimumFractionDigits: 2 }),
    }).format(units);
  } catch {
    return `${currency} ${units.toFixed(2)}`;
  }
}

// Another amount as typed: digits with an optional decimal part, spaces and thousands' commas allowed
// ("5 000", "5,000", "12.50", "12,50"). Null for anything else.
export function readAmount(typed: string): number | null {
  const text = typed.replace(/[\s\u00a0\u202f]/g, '');
  const thousands = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text) ? text.replaceAll(',', '') : text.replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(thousands)) return null;
  return Number(thousands);
}
