import { cmsEvents, cmsOffers } from '@/lib/cms';
import { config, isBuilding } from '@/lib/config';
import { eventPath, offerPath } from '@/lib/content';
import { eventDates, offerListLines, stateLabel } from '@/lib/content/facts';
import {
  availability,
  eventBooking,
  eventBookings,
  eventDays,
  offerBooking,
  offerDays,
  siteToday,
  splitByDate,
  type Availability,
  type Booking,
} from '@/lib/content/schedule';
import { seriesOf } from '@/lib/content/series';
import type { Offer, SiteEvent } from '@/lib/content/types';
import { localePath, type Lang } from '@/lib/i18n';
import { getStore } from '@/lib/storage';
import { seriesTexts } from '@/messages/series';

// Where a registration stands as a page shows it: closed by the date, full by the store's count of
// places taken, else open, with how many places are left once fewer than the configured share of them
// remain (PLACES_LEFT_SHARE). The build reads no store (it may have none), so a page built while places
// remain shows neither until the server regenerates it (lib/places makes it again as places go and come
// back); the server refuses a full one meanwhile with the form's own words (lib/forms/submit.ts), and a
// store that does not answer leaves the page open.
export async function pagePlaces(booking: Booking): Promise<{ state: Availability; left?: number }> {
  const today = siteToday();
  if (booking.capacity === undefined || isBuilding() || availability(booking, today) === 'closed') {
    return { state: availability(booking, today) };
  }
  try {
    const taken = await getStore().seatsTaken(booking.seat);
    const state = availability(booking, today, taken);
    const left = booking.capacity - taken;
    return state === 'open' && left < booking.capacity * config().places.leftShare ? { state, left } : { state };
  } catch {
    return { state: availability(booking, today) };
  }
}

export async function pageAvailability(booking: Booking): Promise<Availability> {
  return (await pagePlaces(booking)).state;
}

// Where an event stands on its page: its own places, or, with ticket kinds (docs/product.md §14), each
// kind's; the event is full once every kind is, and a kind's places left are not said (its option in the
// form says when it is full). `kinds`: each kind's state, by its id.
export async function eventPlaces(
  event: SiteEvent,
): Promise<{ state: Availability; left?: number; kinds: Record<string, Availability> }> {
  if (!event.tickets?.length) return { ...(await pagePlaces(eventBooking(event))), kinds: {} };
  const states = await Promise.all(eventBookings(event).map(pageAvailability));
  const kinds = Object.fromEntries(event.tickets.map((kind, index) => [kind.id, states[index]!]));
  const state = states.includes('open') ? 'open' : states.includes('closed') ? 'closed' : 'full';
  return { state, kinds };
}

// One event or offer in a list, with its dates and where it stands.
export interface AgendaItem {
  href: string;
  title: string;
  when: string;
  detail?: string;
  state: Availability;
  stateLabel: string;
}

export interface Agenda {
  upcoming: AgendaItem[];
  past: AgendaItem[];
}

// A series (lib/content/series.ts) is one item: its next date (or, once over, its last), with how many
// more dates are coming, rather than a copy per date.
export async function eventAgenda(lang: Lang): Promise<Agenda> {
  const { upcoming, past } = splitByDate(await cmsEvents(lang), eventDays, siteToday());
  const item = async (event: SiteEvent, more = 0): Promise<AgendaItem> => {
    const { state } = await eventPlaces(event);
    const dates = eventDates(event, lang);
    return {
      href: localePath(lang, eventPath(event)),
      title: event.title,
      when: more > 0 ? `${dates}, ${seriesTexts[lang].moreDates(more)}` : dates,
      detail: event.location,
      state,
      stateLabel: stateLabel(state, 'event', lang),
    };
  };
  const oncePerSeries = (events: SiteEvent[]) => {
    const seen = new Set<string>();
    return events.filter((event) => event.series === undefined || (!seen.has(event.series) && seen.add(event.series)));
  };
  const more = (event: SiteEvent) =>
    event.series === undefined ? 0 : upcoming.filter((other) => other.series === event.series).length - 1;
  return {
    upcoming: await Promise.all(oncePerSeries(upcoming).map((event) => item(event, more(event)))),
    past: await Promise.all(oncePerSeries(past).map((event) => item(event))),
  };
}

// One date of a series as its event page lists it: its dates, its own places left (a count, whatever
// the share left, when the site holds its places and the store answers) and where it stands.
export interface SeriesDate {
  slug: string;
  href: string;
  when: string;
  state: Availability;
  stateLabel: string;
  left?: number;
}

// The coming dates of the series `event` belongs to, soonest first; none for an event that does not
// repeat. The build reads no store: the page made by the server shows the figures.
export async function seriesDates(event: SiteEvent, lang: Lang): Promise<SeriesDate[]> {
  const dates = seriesOf(event, await cmsEvents(lang), siteToday());
  return Promise.all(
    dates.map(async (date) => {
      const booking = eventBooking(date);
      const today = siteToday();
      let state = availability(booking, today);
      let left: number | undefined;
      if (booking.capacity !== undefined && state !== 'closed' && !isBuilding()) {
        try {
          const taken = await getStore().seatsTaken(booking.seat);
          state = availability(booking, today, taken);
          left = Math.max(0, booking.capacity - taken);
        } catch {
          // A store that does not answer leaves the date open, as the page's own form does.
        }
      }
      return {
        slug: date.slug,
        href: localePath(lang, eventPath(date)),
        when: eventDates(date, lang),
        state,
        stateLabel: stateLabel(state, 'event', lang),
        ...(left !== undefined ? { left } : {}),
      };
    }),
  );
}

export async function offerAgenda(lang: Lang): Promise<Agenda> {
  const { upcoming, past } = splitByDate(await cmsOffers(lang), offerDays, siteToday());
  const item = async (offer: Offer): Promise<AgendaItem> => {
    const state = await pageAvailability(offerBooking(offer));
    return {
      href: localePath(lang, offerPath(offer)),
      title: offer.title,
      ...offerListLines(offer, lang),
      state,
      stateLabel: stateLabel(state, 'offer', lang),
    };
  };
  return { upcoming: await Promise.all(upcoming.map(item)), past: await Promise.all(past.map(item)) };
}
