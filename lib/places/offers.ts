import { cmsEvent, cmsOffer } from '@/lib/cms';
import { config } from '@/lib/config';
import { SITE_TIME_ZONE } from '@/lib/constants';
import { onSiteCalendar, siteToday, type Booking } from '@/lib/content/schedule';
import { defaultLang, toLang, type Lang } from '@/lib/i18n';
import { formatClock, formatDay, zoneCity } from '@/lib/i18n/format';
import { log } from '@/lib/log';
import { kickOutbox } from '@/lib/mail/worker';
import { getStore, itemField, type Collection, type RecordData, type WaitingTicket } from '@/lib/storage';
import { fill, messages } from '@/messages';

import { offerFreedSeats } from './fill';
import { claimUrl } from './links';
import { seatOfferMail } from './mails';
import { placesChanged } from './pages';

export type PlacesBooking = Booking & { capacity: number };

// An event or offer as a mail names it, in a language: its title, its title within a sentence, and its
// English title for the staff; as published in the CMS now.
export async function itemWords(collection: Collection, slug: string, lang: Lang) {
  const find = collection === 'user' ? cmsEvent : cmsOffer;
  const [entity, english] = await Promise.all([find(slug, lang), find(slug, defaultLang)]);
  if (!entity || !english) return null;
  return {
    title: entity.title,
    inSentence: entity.inSentence,
    englishTitle: english.title,
  };
}

// A time as a visitor reads it in their language, in the organisation's zone, named (« heure de
// Lagos »: readers in Dakar or Abidjan are an hour behind it), on the site's calendar.
export function formatDeadline(time: number, lang: Lang): string {
  const at = onSiteCalendar(time);
  return fill(messages(lang).places.deadline, {
    date: formatDay(at, lang, SITE_TIME_ZONE),
    time: formatClock(at, lang, SITE_TIME_ZONE),
    zone: zoneCity(SITE_TIME_ZONE),
  });
}

// The offer of a freed seat to the person on this ticket: held for WAITLIST_OFFER_HOURS, with
// a mail in their language whose signed link claims it.
async function offerTo(ticket: WaitingTicket, now: number) {
  const expiresAt = now + config().places.offerMs;
  const record = await getStore().getRecord(ticket.collection, ticket.recordId);
  const data: RecordData = record?.data ?? {};
  const lang = toLang(data.lang);
  const field = itemField[ticket.collection]!;
  const item = await itemWords(ticket.collection, String(data[field] ?? ''), lang);
  const link = { collection: ticket.collection, id: ticket.recordId, position: ticket.position };
  const mails =
    item && typeof data.email === 'string'
      ? [seatOfferMail(data.email, item, lang, claimUrl(link, lang, expiresAt), formatDeadline(expiresAt, lang))]
      : [];
  return { at: now, expiresAt, changes: { offerExpiresAt: expiresAt }, mails };
}

// After seats of an event or offer were freed (a cancellation, spam, an offer lapsed): each free seat
// goes to the first person waiting, held for them, and the pages say what changed. Nothing is offered
// once registration has closed. A failure is logged: the periodic task tries again (lib/places/task.ts).
export async function seatsChanged(booking: PlacesBooking, now: number = Date.now()): Promise<void> {
  try {
    if (siteToday(now) <= booking.lastDay) {
      const seat = { key: booking.seat, capacity: booking.capacity };
      const offered = await offerFreedSeats(getStore(), seat, (ticket) => offerTo(ticket, now));
      if (offered.length > 0) {
        log.info(`offered ${offered.length} freed seat(s) of ${booking.seat} to people waiting`);
        kickOutbox();
      }
    }
  } catch (error) {
    log.error({ err: error }, `could not offer the freed seats of ${booking.seat}`);
  }
  placesChanged();
}
