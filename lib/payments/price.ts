import {
  amountIn,
  courseDollars,
  formatPriceIn,
  itemCurrencies,
  offerAmounts,
  startingCurrency,
  type OfferPrices,
  type Priced,
} from '@/lib/content/prices';
import type { Course, SiteEvent } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';

import { SUBUNITS, type PaymentCurrency } from './types';

// What a record pays online (docs/product.md §14): a course's fee ('$105'; a free course pays nothing),
// an offer's deposit or, without one, its price, an event's price or its ticket kind's. Each is in US
// dollars, and an item may also be priced by its editor in other currencies (`prices`): the visitor
// chooses one of the item's currencies and is charged that price exactly. An item priced in dollars
// alone is charged in the configured currency at the configured rate.
export interface Price {
  dollars: number;
  // An offer's deposit rather than its whole price.
  deposit: boolean;
  // The amount in the currency the visitor chose (in whole units, as the editor gives it), for an item
  // sold in several currencies: charged exactly, never through the rate.
  local?: { amount: number; currency: PaymentCurrency };
}

export interface Charged {
  // In the currency's subunit, as the provider takes it.
  amount: number;
  currency: PaymentCurrency;
}

// The currency a post is charged in: the one it names when the item is sold in it, the page's first
// when it names none (a page made before the item had other currencies), nothing (the site's rate) for
// an item priced in dollars alone, which takes dollars or no currency at all. `null`: not sold in it.
export function chosenCurrency(
  item: Priced & { tickets?: SiteEvent['tickets'] },
  sent: string | undefined,
  lang: Lang,
): PaymentCurrency | undefined | null {
  const currencies = itemCurrencies(item);
  if (currencies.length === 0) return sent === undefined || sent === '' || sent === 'USD' ? undefined : null;
  if (sent === undefined || sent === '') return startingCurrency(currencies, lang);
  return currencies.find((currency) => currency === sent) ?? null;
}

function withLocal(price: Omit<Price, 'local'>, amount: number, currency: PaymentCurrency | undefined): Price {
  return currency === undefined ? price : { ...price, local: { amount, currency } };
}

export function courseDue(course: Pick<Course, 'cost' | 'prices'>, currency?: PaymentCurrency): Price | null {
  const dollars = courseDollars(course.cost);
  if (dollars === null) return null;
  const price = { dollars, deposit: false };
  return withLocal(price, amountIn(course, price.dollars, currency), currency);
}

export function offerDue(offer: OfferPrices, currency?: PaymentCurrency): Price {
  const price =
    offer.deposit !== undefined
      ? { dollars: offer.deposit, deposit: true }
      : { dollars: offer.nowPrice, deposit: false };
  const amounts = offerAmounts(offer, currency);
  return withLocal(price, amounts.deposit ?? amounts.now, currency);
}

// A place at an event: the price of the ticket kind named (of the event's own kinds: the caller checked it),
// else the event's one price; a free event or kind (no price, or 0) pays nothing.
export function eventDue(
  event: Pick<SiteEvent, 'price' | 'tickets' | 'prices'>,
  ticket?: string,
  currency?: PaymentCurrency,
): Price | null {
  const kinds = event.tickets ?? [];
  const priced: Priced & { price?: number } =
    kinds.length > 0 ? (kinds.find((kind) => kind.id === ticket) ?? {}) : event;
  const dollars = priced.price;
  if (dollars === undefined || dollars <= 0) return null;
  return withLocal({ dollars, deposit: false }, amountIn(priced, dollars, currency), currency);
}

export function charged(price: Price, settings: { currency: PaymentCurrency; usdRate: number }): Charged {
  if (price.local) return { amount: Math.round(price.local.amount * SUBUNITS), currency: price.local.currency };
  return { amount: Math.round(price.dollars * settings.usdRate * SUBUNITS), currency: settings.currency };
}

// An amount in the currency's subunit as the visitor's language writes money ('$105', '105 $US',
// '₦157,500.50', '150 000 F CFA'), as a page writes a price (lib/content/prices.ts).
export function formatCharge(amount: number, currency: string, lang: Lang): string {
  return formatPriceIn(amount / SUBUNITS, currency, lang);
}
