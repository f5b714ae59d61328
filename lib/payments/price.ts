import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { locales, type Lang } from '@/lib/i18n';

import { SUBUNITS, type PaymentCurrency } from './types';

// What a record pays online (docs/product.md §14), from data/: a course's fee ('$105'; a free course
// pays nothing), an offer's deposit or, without one, its price, an event's price or its ticket kind's. data/ gives US dollars; the provider
// charges in the configured currency at the configured rate.
export interface Price {
  dollars: number;
  // An offer's deposit rather than its whole price.
  deposit: boolean;
}

export interface Charged {
  // In the currency's subunit, as the provider takes it.
  amount: number;
  currency: PaymentCurrency;
}

export function courseDue(course: Pick<Course, 'cost'>): Price | null {
  const dollars = /^\$(\d+(?:\.\d+)?)$/.exec(course.cost);
  return dollars ? { dollars: Number(dollars[1]), deposit: false } : null;
}

export function offerDue(offer: Pick<Offer, 'nowPrice' | 'deposit'>): Price {
  return offer.deposit !== undefined
    ? { dollars: offer.deposit, deposit: true }
    : { dollars: offer.nowPrice, deposit: false };
}

// A place at an event: the price of the ticket kind named (of the event's own kinds: the caller checked it),
// else the event's one price; a free event or kind (no price, or 0) pays nothing.
export function eventDue(event: Pick<SiteEvent, 'price' | 'tickets'>, ticket?: string): Price | null {
  const kinds = event.tickets ?? [];
  const dollars = kinds.length > 0 ? kinds.find((kind) => kind.id === ticket)?.price : event.price;
  return dollars !== undefined && dollars > 0 ? { dollars, deposit: false } : null;
}

export function charged(price: Price, settings: { currency: PaymentCurrency; usdRate: number }): Charged {
  return { amount: Math.round(price.dollars * settings.usdRate * SUBUNITS), currency: settings.currency };
}

// An amount as the visitor's language writes money ('$105', '105 $US', '₦157,500.50'): cents only when
// there are some.
export function formatCharge(amount: number, currency: string, lang: Lang): string {
  const whole = amount % SUBUNITS === 0;
  return new Intl.NumberFormat(locales[lang].money, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount / SUBUNITS);
}
