import type { PaymentCurrency } from '@/lib/constants';
import { defaultLang, type Lang } from '@/lib/i18n';
import {
  formatCost,
  formatDates,
  formatDayEnds,
  formatDollars,
  formatMoney,
  formatMonth,
  formatPercent,
} from '@/lib/i18n/format';
import { fill, messages } from '@/messages';

import { amountIn, courseDollars, formatPriceIn, offerAmounts, shownCurrency } from './prices';
import type { Availability } from './schedule';
import type { Course, Offer, SiteEvent } from './types';

// The sentences pages, cards and mails compose from content, in one place: each is a whole sentence of
// messages/ with its values filled in, never words glued together (docs/i18n.md).

// An event's days: the specification's text in the default language, Intl's in the others.
export function eventDates(event: { dates: string; startDate: string; endDate: string }, lang: Lang): string {
  return lang === defaultLang ? event.dates : formatDates(event.startDate, event.endDate, lang);
}

// An offer's last day, the same way.
export function offerEnds(offer: { endsOn: string; endsOnDate: string }, lang: Lang): string {
  return lang === defaultLang ? offer.endsOn : formatDates(offer.endsOnDate, undefined, lang);
}

// The month an offer's cohort starts, the same way.
export function cohortStart(offer: { cohortStart: string; cohortStartDate: string }, lang: Lang): string {
  return lang === defaultLang ? offer.cohortStart : formatMonth(offer.cohortStartDate, lang);
}

// The line under a course's title, shared by its page's description and its social card:
// '3 weeks, registration fee $10'.
export function courseFacts(
  course: Pick<Course, 'duration' | 'cost' | 'prices'>,
  lang: Lang,
  currency: PaymentCurrency = shownCurrency(course, lang),
): string {
  const text = messages(lang).course;
  if (course.cost === 'Free') return fill(text.factsFree, { duration: course.duration });
  return fill(text.facts, { duration: course.duration, fee: courseCost(course, lang, currency) });
}

// A course's fee in one of its currencies ('$105', '₦150,000'), or 'Free'.
export function courseCost(
  course: Pick<Course, 'cost' | 'prices'>,
  lang: Lang,
  currency: PaymentCurrency = shownCurrency(course, lang),
): string {
  const dollars = courseDollars(course.cost);
  if (dollars === null || currency === 'USD') return formatCost(course.cost, lang);
  return formatPriceIn(amountIn(course, dollars, currency), currency, lang);
}

// A course card's fee line, in the currency its language's readers start with.
export function courseFee(course: Pick<Course, 'cost' | 'prices'>, lang: Lang): string {
  const text = messages(lang).academy;
  return course.cost === 'Free' ? text.feeFree : fill(text.fee, { fee: courseCost(course, lang) });
}

// The academy's description, with the range of the courses' fees as they are now: 'From free to $105'.
export function academyDescription(courses: Pick<Course, 'cost'>[], lang: Lang): string {
  const text = messages(lang).academy;
  const dollars = (cost: string) => (cost === 'Free' ? 0 : Number(cost.slice(1)));
  const sorted = [...courses].sort((a, b) => dollars(a.cost) - dollars(b.cost));
  const lowest = sorted[0]?.cost ?? 'Free';
  const highest = formatCost(sorted.at(-1)?.cost ?? 'Free', lang);
  const fees =
    lowest === 'Free'
      ? fill(text.feesFromFree, { highest })
      : fill(text.fees, { lowest: formatCost(lowest, lang), highest });
  return fill(text.description, { fees });
}

// The most a page's description holds (its meta, Open Graph and Twitter descriptions).
export const DESCRIPTION_MAX = 200;

// A text within `max` characters, cut only where a sentence or a clause ends, never inside one: at the
// later of its last sentence end that fits (kept whole) and its last comma, semicolon, colon or dash
// that leaves room for '…' (cut before the mark, so never after a colon, an article or a preposition).
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  let sentence = 0;
  for (const end of text.matchAll(/[.!?](?=\s)/g)) if (end.index < max) sentence = end.index + 1;
  let clause = 0;
  for (const mark of text.matchAll(/[\s\u00a0]*(?:[,;:]|\s[–—])\s/g)) if (mark.index < max) clause = mark.index;
  if (clause > sentence) return `${text.slice(0, clause)}…`;
  // A text with neither, one long clause, stays whole rather than lose the end of it.
  return sentence > 0 ? text.slice(0, sentence) : text;
}

// A course page's description before it is fitted: its title, its facts and the first sentence of
// its introduction.
export function courseSummary(course: Course, lang: Lang): string {
  return fill(messages(lang).course.description, {
    title: course.title,
    facts: courseFacts(course, lang),
    intro: course.intro.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? course.intro,
  });
}

export function courseDescription(course: Course, lang: Lang): string {
  return fitText(courseSummary(course, lang), DESCRIPTION_MAX);
}

export function eventDescription(event: SiteEvent, lang: Lang): string {
  return fill(messages(lang).event.description, {
    dates: eventDates(event, lang),
    location: event.location,
    tagline: event.tagline,
  });
}

// An amount of an item's price in one of its currencies: dollars as before, another currency by Intl.
function money(amount: number, currency: PaymentCurrency, lang: Lang, cents = false): string {
  if (currency !== 'USD') return formatPriceIn(amount, currency, lang);
  return cents ? formatDollars(amount, lang) : formatMoney(amount, lang);
}

// An offer's prices and discount, formatted for the language, in one of its currencies (by default the
// one its language's readers start with).
function offerValues(offer: Offer, lang: Lang, currency: PaymentCurrency = shownCurrency(offer, lang)) {
  const amounts = offerAmounts(offer, currency);
  return {
    now: money(amounts.now, currency, lang),
    was: money(amounts.was, currency, lang),
    off: formatPercent(offer.discountPercent, lang),
  };
}

export function offerDescription(offer: Offer, lang: Lang): string {
  return fill(messages(lang).offer.description, {
    ...offerValues(offer, lang),
    highlights: offer.highlights,
    start: cohortStart(offer, lang),
    ends: offerEnds(offer, lang),
  });
}

// The offer's price as one sentence ('Prix : 120 $US au lieu de 150 $US'), its discount, its last day
// and its social card's line.
export function offerPrice(offer: Offer, lang: Lang, currency?: PaymentCurrency): string {
  return fill(messages(lang).offer.price, offerValues(offer, lang, currency));
}

export function offerDiscount(offer: Offer, lang: Lang, currency?: PaymentCurrency): string {
  return fill(messages(lang).offer.discount, offerValues(offer, lang, currency));
}

// The offer's price before and after the discount, as the page shows them struck through.
export function offerAmountsText(offer: Offer, lang: Lang, currency?: PaymentCurrency): { was: string; now: string } {
  const { was, now } = offerValues(offer, lang, currency);
  return { was, now };
}

export function offerDeadline(offer: Offer, lang: Lang): string {
  return fill(messages(lang).offer.ends, { date: offerEnds(offer, lang) });
}

export function offerCard(offer: Offer, lang: Lang): string {
  return fill(messages(lang).offer.card, offerValues(offer, lang));
}

// What an event's page says once registration is closed or full (docs/product.md §9).
export function eventClosedText(
  event: { dates: string; startDate: string; endDate: string },
  state: Exclude<Availability, 'open'>,
  lang: Lang,
): string {
  const text = messages(lang).event;
  if (state === 'full') return text.full;
  const dates = eventDates(event, lang);
  if (event.startDate === event.endDate) return fill(text.pastOneDay, { dates });
  return fill(text.pastDays, { dates, ...formatDayEnds(event.startDate, event.endDate, lang) });
}

// The same for an offer.
export function offerClosedText(
  offer: { endsOn: string; endsOnDate: string },
  state: Exclude<Availability, 'open'>,
  lang: Lang,
): string {
  const text = messages(lang).offer;
  return state === 'full' ? text.full : fill(text.past, { date: offerEnds(offer, lang) });
}

// The label of an event's or offer's state in a list.
export function stateLabel(state: Availability, kind: 'event' | 'offer', lang: Lang): string {
  const text = messages(lang).calendar;
  if (state === 'closed') return kind === 'event' ? text.eventPast : text.offerPast;
  if (state === 'open') return kind === 'event' ? text.open : text.offerOpen;
  return text[state];
}

// An offer's lines in the list of offers: until when it runs, and its cohort and price.
export function offerListLines(offer: Offer, lang: Lang): { when: string; detail: string } {
  const text = messages(lang).calendar;
  return {
    when: fill(text.offerEnds, { date: offerEnds(offer, lang) }),
    detail: fill(text.offerDetail, { start: cohortStart(offer, lang), price: offerValues(offer, lang).now }),
  };
}

// A paid event's prices on its page (docs/product.md §14): its one price, or each ticket kind's line (a
// free kind said so, a full one with its waiting list), and when the price is due. Nothing for a free event.
export function eventPrices(
  event: Pick<SiteEvent, 'price' | 'tickets' | 'prices'>,
  lang: Lang,
  kinds: Record<string, Availability> = {},
  currency: PaymentCurrency = shownCurrency(event, lang),
): { price?: string; tickets: { id: string; label: string }[]; due?: string } {
  const text = messages(lang).event;
  const price = (priced: { price: number; prices?: Offer['prices'] }) =>
    priced.price > 0 ? money(amountIn(priced, priced.price, currency), currency, lang, true) : text.ticketFree;
  const tickets = (event.tickets ?? []).map((kind) => ({
    id: kind.id,
    label: fill(kinds[kind.id] === 'full' ? text.ticketFull : text.ticketLine, {
      name: kind.name,
      price: price(kind),
    }),
  }));
  const one = tickets.length === 0 && event.price !== undefined && event.price > 0 ? event.price : undefined;
  const paid = one !== undefined || (event.tickets ?? []).some((kind) => kind.price > 0);
  return {
    ...(one !== undefined ? { price: fill(text.price, { price: price({ price: one, prices: event.prices }) }) } : {}),
    tickets,
    ...(paid ? { due: text.due } : {}),
  };
}

// The ticket kinds as the form's select offers them. Sold in several currencies, each kind's line gives
// its price in each ('Student: 12 000 F CFA / ₦30,000 / 20 $US'): a select's options cannot follow the
// page's choice of currency without a script, and the lines above the form show the chosen one alone.
export function ticketOptions(
  event: Pick<SiteEvent, 'price' | 'tickets' | 'prices'>,
  lang: Lang,
  kinds: Record<string, Availability>,
  currencies: readonly PaymentCurrency[],
): { id: string; label: string }[] {
  if (currencies.length < 2) return eventPrices(event, lang, kinds).tickets;
  const text = messages(lang).event;
  return (event.tickets ?? []).map((kind) => ({
    id: kind.id,
    label: fill(kinds[kind.id] === 'full' ? text.ticketFull : text.ticketLine, {
      name: kind.name,
      price:
        kind.price > 0
          ? currencies.map((currency) => money(amountIn(kind, kind.price, currency), currency, lang, true)).join(' / ')
          : text.ticketFree,
    }),
  }));
}

// What an offer asks before anyone reserves (docs/product.md §14): the deposit online once the spot is held
// and the rest before the cohort starts, or the whole price online; nothing while waiting.
export function offerDueText(
  offer: Offer,
  lang: Lang,
  currency: PaymentCurrency = shownCurrency(offer, lang),
): string[] {
  const text = messages(lang).offer;
  const amounts = offerAmounts(offer, currency);
  const first =
    amounts.deposit !== undefined
      ? fill(text.dueDeposit, {
          deposit: money(amounts.deposit, currency, lang, true),
          rest: money(amounts.now - amounts.deposit, currency, lang, true),
          start: cohortStart(offer, lang),
        })
      : fill(text.dueWhole, { now: money(amounts.now, currency, lang, true) });
  return [first, text.dueWaiting];
}
