import { PAYMENT_CURRENCIES } from '@/lib/constants';
import { locales, type Lang } from '@/lib/i18n';
import { giftTexts } from '@/messages/gifts';

import type { LocalPrice, Offer, SiteEvent } from './types';

// Prices in several currencies (docs/product.md §14): an item is priced in US dollars and, by its
// editor, in other currencies Paystack settles; the visitor chooses one and is charged that price
// exactly (lib/payments). What a page shows and what a post is charged both come from here.
type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

export type Priced = { prices?: LocalPrice[] };

// The currencies an item is sold in: US dollars and those its editor priced it in; none for an item
// priced in dollars alone (charged at the site's rate: the visitor has nothing to choose). An event
// with ticket kinds is sold in its paid kinds' currencies, the same for each (lib/content/schemas.ts).
export function itemCurrencies(item: Priced & { tickets?: SiteEvent['tickets'] }): PaymentCurrency[] {
  const paidKind = item.tickets?.find((kind) => kind.price > 0);
  const prices = paidKind ? paidKind.prices : item.prices;
  return prices?.length ? ['USD', ...prices.map((price) => price.currency)] : [];
}

// The currency a page shows an item in first: the one of the region most of its language's readers pay
// from (`regionCurrency`, messages/gifts.ts) when the item is sold in it, else the item's first.
export function startingCurrency(currencies: readonly PaymentCurrency[], lang: Lang): PaymentCurrency | undefined {
  const regional = giftTexts[lang].regionCurrency;
  return currencies.find((currency) => currency === regional) ?? currencies[0];
}

// Another currency's amounts are whole units (as an editor gives them and people there count); dollars
// keep their cents.
function rounded(amount: number, currency: PaymentCurrency): number {
  return currency === 'USD' ? Math.round(amount * 100) / 100 : Math.round(amount);
}

function localAmount(prices: LocalPrice[] | undefined, currency: PaymentCurrency | undefined): number | undefined {
  return currency === undefined || currency === 'USD'
    ? undefined
    : prices?.find((price) => price.currency === currency)?.amount;
}

// An offer's amounts in one of its currencies: its price before and after the discount, and its deposit.
// The editor gives the price before the discount in each currency; the discount and the deposit are set
// once, in dollars, and apply as the same share in each.
export type OfferPrices = Pick<Offer, 'nowPrice' | 'deposit'> &
  Partial<Pick<Offer, 'wasPrice' | 'discountPercent' | 'prices'>>;

export function offerAmounts(
  offer: OfferPrices,
  currency: PaymentCurrency = 'USD',
): { was: number; now: number; deposit?: number } {
  const was = localAmount(offer.prices, currency);
  if (was === undefined) {
    return {
      was: offer.wasPrice ?? offer.nowPrice,
      now: offer.nowPrice,
      ...(offer.deposit !== undefined ? { deposit: offer.deposit } : {}),
    };
  }
  const now = rounded((was * (100 - (offer.discountPercent ?? 0))) / 100, currency);
  return {
    was,
    now,
    ...(offer.deposit !== undefined ? { deposit: rounded((now * offer.deposit) / offer.nowPrice, currency) } : {}),
  };
}

// A course's fee in dollars ('$105' → 105), or null for a free one.
export function courseDollars(cost: string): number | null {
  const dollars = /^\$(\d+(?:\.\d+)?)$/.exec(cost);
  return dollars ? Number(dollars[1]) : null;
}

// A course's fee, an event's or a ticket kind's price in one of its currencies (dollars by default).
export function amountIn(item: Priced, dollars: number, currency: PaymentCurrency = 'USD'): number {
  return localAmount(item.prices, currency) ?? dollars;
}

// An amount in one of the item's currencies as the page's language writes money: « 150 000 F CFA »,
// « ₦75,000 », '$120' (dollars keep their cents when they have some).
export function formatPriceIn(amount: number, currency: string, lang: Lang): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locales[lang].money, {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'USD' ? 'symbol' : 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

// The currency a page's lists and cards show an item in (no choice there): its starting currency, or
// dollars for an item priced in dollars alone.
export function shownCurrency(item: Priced & { tickets?: SiteEvent['tickets'] }, lang: Lang): PaymentCurrency {
  return startingCurrency(itemCurrencies(item), lang) ?? 'USD';
}
