import { buildSiteToday, siteCapacity } from '@/lib/config';
import { DAY_MS, REMINDER_DAYS, SITE_TIME_ZONE } from '@/lib/constants';

import type { Offer, SiteEvent } from './types';

// Where events and offers stand on the calendar (docs/product.md §9). Dates are ISO days
// ('2023-03-18'), compared as text.
export type Availability = 'open' | 'closed' | 'full';

// An ISO day in a time zone, put together from its parts: no locale is named, so no language is
// (docs/i18n.md), and Latin digits are asked for whatever the server's locale.
export function dayIn(time: number, timeZone: string = SITE_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat(undefined, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    numberingSystem: 'latn',
  }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// The moment a day of the site's calendar ends (midnight after it in SITE_TIME_ZONE), on the real
// clock: with SITE_TODAY set, as far from now as that day's end is from today's, so links and offers
// that last until a day keep their length when the calendar is fixed for a demo or a test.
export function siteDayEnd(day: string, now: number = Date.now()): number {
  const midnightAfter = (d: string) => {
    const utc = Date.parse(`${d}T00:00:00Z`) + 86_400_000;
    // The zone's offset on that day: the wall clock there at that UTC instant, less the instant.
    return utc - (wallClockIn(utc, SITE_TIME_ZONE).getTime() - utc);
  };
  const today = siteToday(now);
  return midnightAfter(day) - midnightAfter(today) + midnightAfter(dayIn(now));
}

// One formatter per time zone: a download reads every row's date, and a new formatter each time costs
// time and native memory that is freed only when the collector gets to it.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

// The wall-clock time in a time zone, as the UTC fields of a Date (to the second). Only the numbers are
// read, in Latin digits whatever the default locale.
export function wallClockIn(ms: number, timeZone: string): Date {
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    wallClock = new Intl.DateTimeFormat(undefined, {
      numberingSystem: 'latn',
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, wallClock);
  }
  const parts = wallClock.formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')));
}

// A moment on the real clock as the site's calendar shows it: moved by as many days as SITE_TODAY is
// from the real date (none when it is not set), for mails that name a time ("held until …").
export function onSiteCalendar(time: number, now: number = Date.now()): number {
  return time + Date.parse(`${siteToday(now)}T00:00:00Z`) - Date.parse(`${dayIn(now)}T00:00:00Z`);
}

// Today for the whole site: SITE_TIME_ZONE's date, or SITE_TODAY when it is set (lib/config.ts).
export function siteToday(now: number = Date.now()): string {
  return buildSiteToday() ?? dayIn(now);
}

// What a registration is for, as the calendar and the capacity see it: it takes registrations up to and
// including `lastDay`, and at most `capacity` of them when there is one: data/'s, or SITE_CAPACITY's
// when that is set (lib/config.ts). `seat` names its places.
export interface Booking {
  seat: string;
  lastDay: string;
  capacity?: number;
}

// An event's places: its own, or, with ticket kinds (docs/product.md §14), the places of the kind
// `ticket` names, under a seat of its own (`event:<slug>:<kind's id>`), so each kind fills up and keeps its
// waiting list apart. A kind the event does not have is null; with kinds, a booking needs a kind.
export function eventBooking(event: SiteEvent): Booking;
export function eventBooking(event: SiteEvent, ticket: string | undefined): Booking | null;
export function eventBooking(event: SiteEvent, ticket?: string): Booking | null {
  const kinds = event.tickets ?? [];
  if (kinds.length === 0) {
    if (ticket !== undefined) return null;
    return { seat: `event:${event.slug}`, lastDay: event.endDate, capacity: siteCapacity() ?? event.capacity };
  }
  const kind = kinds.find((k) => k.id === ticket);
  if (!kind) return ticket === undefined ? wholeEvent(event) : null;
  return { seat: `event:${event.slug}:${kind.id}`, lastDay: event.endDate, capacity: siteCapacity() ?? kind.capacity };
}

// An event with ticket kinds as a whole, for what names no kind (a page's dates, an external link, which
// such an event never has): every kind's places together, under a seat no registration takes.
function wholeEvent(event: SiteEvent): Booking {
  const capacity = eventBookings(event).reduce((sum, booking) => sum + (booking.capacity ?? 0), 0);
  return { seat: `event:${event.slug}`, lastDay: event.endDate, capacity };
}

// Every booking of an event: one per ticket kind, or its own.
export function eventBookings(event: SiteEvent): Booking[] {
  const kinds = event.tickets ?? [];
  return kinds.length === 0 ? [eventBooking(event)] : kinds.map((kind) => eventBooking(event, kind.id)!);
}

// The days from `today` to `day` on the site's calendar (ISO days).
export const daysUntil = (day: string, today: string) => Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);

// The reminders (days before) that someone registering for `event` today will still get: those whose
// day has not ended (lib/places/reminders.ts reaches a registrant of the reminder's day too), so someone
// registering on the event's first day is promised none: their confirmation says when and where.
export function remindersAhead(event: Pick<SiteEvent, 'startDate' | 'reminders'>, today: string): number[] {
  if (event.reminders === false) return [];
  return REMINDER_DAYS.filter((days) => daysUntil(event.startDate, today) >= days);
}

// The external page that takes an event's registration, only for an event whose places the site does
// not hold (no capacity here): with places, or without a link, the site's own form is the registration.
export function externalRegistration(event: SiteEvent): string | undefined {
  return eventBooking(event).capacity === undefined ? event.registrationLink : undefined;
}

export function offerBooking(offer: Offer): Booking {
  return { seat: `offer:${offer.slug}`, lastDay: offer.endsOnDate, capacity: siteCapacity() ?? offer.capacity };
}

export function availability(booking: Booking, today: string, taken = 0): Availability {
  if (today > booking.lastDay) return 'closed';
  if (booking.capacity !== undefined && taken >= booking.capacity) return 'full';
  return 'open';
}

// A list page's two parts: what is still to come or under way (soonest first), then what is over
// (latest first).
export function splitByDate<T>(
  items: readonly T[],
  dates: (item: T) => { first: string; last: string },
  today: string,
): { upcoming: T[]; past: T[] } {
  const upcoming = items.filter((item) => dates(item).last >= today);
  const past = items.filter((item) => dates(item).last < today);
  upcoming.sort((a, b) => dates(a).first.localeCompare(dates(b).first));
  past.sort((a, b) => dates(b).first.localeCompare(dates(a).first));
  return { upcoming, past };
}

export const eventDays = (event: SiteEvent) => ({ first: event.startDate, last: event.endDate });
export const offerDays = (offer: Offer) => ({ first: offer.endsOnDate, last: offer.endsOnDate });
