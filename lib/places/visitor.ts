import { cmsEvent, cmsOffer } from '@/lib/cms';
import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { siteToday } from '@/lib/content/schedule';
import { toLang } from '@/lib/i18n';
import { kickOutbox } from '@/lib/mail/worker';
import { chosenCurrency, eventDue, offerDue, paymentSettings, seatedPayment } from '@/lib/payments';
import { getStore, type RecordData, type StoredRecord } from '@/lib/storage';

import { bookingSlug, recordBooking, withPlaces } from './bookings';
import { newCheckInCode, placeParts, readPlaceLink, type PlaceLink } from './links';
import { claimNote, eventConfirmation, offerConfirmation } from './mails';
import { formatDeadline, itemWords, seatsChanged } from './offers';

// What a visitor does with a place's signed link (docs/product.md §9): give it back, or take one offered
// from the waiting list. Opening a link only reads (`placeOf`); the page's button posts, and only the post
// changes anything. A forged or altered link is 'invalid', an expired one 'expired' (a claim's, 'ended'),
// and a second post of the same link changes nothing more ('already', or 'claimed' again).

export type CancelResult = 'cancelled' | 'left' | 'already' | 'expired' | 'invalid';
export type ClaimResult = 'claimed' | 'ended' | 'invalid';

// The record a link names, with its item's words in the record's language, for the page the link opens.
export async function placeOf(purpose: 'place-cancel' | 'seat-offer', token: unknown, now: number = Date.now()) {
  const link = readPlaceLink(purpose, token, now);
  if (link === null || link === 'expired') return link;
  const record = await getStore().getRecord(link.collection, link.id);
  if (!record) return null;
  const item = await describe(link, record);
  return item ? { link, record, item } : null;
}

async function describe(link: PlaceLink, record: StoredRecord) {
  const booking = await recordBooking(link.collection, record.data);
  const words = booking && (await itemWords(link.collection, bookingSlug(booking), toLang(record.data.lang)));
  return booking && words ? { booking, words, lang: toLang(record.data.lang) } : null;
}

export async function cancelPlace(token: unknown, now: number = Date.now()): Promise<CancelResult> {
  const found = await placeOf('place-cancel', token, now);
  if (found === 'expired') return 'expired';
  if (!found) return 'invalid';
  const { link, record, item } = found;
  const state = record.data.booking ?? 'registered';
  if (state === 'cancelled' || state === 'passed') return 'already';
  if (siteToday(now) > item.booking.lastDay) return 'expired';
  // The store frees the seat (or leaves the list, or ends an offer held) in the same commit.
  const changed = await getStore().updateRecord(link.collection, link.id, { booking: 'cancelled', cancelledAt: now });
  if (!changed) return 'invalid';
  const places = withPlaces(item.booking);
  if (places && state !== 'waiting') await seatsChanged(places, now);
  return state === 'waiting' ? 'left' : 'cancelled';
}

export async function claimPlace(token: unknown, now: number = Date.now()): Promise<ClaimResult> {
  const found = await placeOf('seat-offer', token, now);
  if (found === 'expired') return 'ended';
  if (!found || found.link.position === undefined) return 'invalid';
  const { link, record, item } = found;
  const { data } = record;
  const position = found.link.position;
  // A second press of the button: the place is already theirs.
  if (data.booking === 'registered' && data.waitPosition === position) return 'claimed';
  if (data.booking !== 'offered' || data.waitPosition !== position || siteToday(now) > item.booking.lastDay) {
    return 'ended';
  }
  const { booking } = item;
  const { mails, changes } = await registeredMails(link, record, item, now);
  const claimed = await getStore().endOffer({ key: booking.seat, position }, 'claimed', now, changes, mails);
  if (!claimed) return 'ended';
  kickOutbox();
  return 'claimed';
}

// What a person given a place from the waiting list is sent (a place claimed, or given by staff): the
// staff's note and their confirmation in their language, with the check-in code (kept from when they
// joined), the signed links and, for a paid place, the pay link; and what their record gets (the code,
// and what a paid place owes).
export async function registeredMails(
  link: PlaceLink,
  record: StoredRecord,
  item: NonNullable<Awaited<ReturnType<typeof describe>>>,
  now: number,
) {
  const { data } = record;
  const { lang, booking } = item;
  const slug = bookingSlug(booking);
  const code = typeof data.checkInCode === 'string' ? data.checkInCode : newCheckInCode();
  const event = link.collection === 'user' ? await cmsEvent(slug, lang) : undefined;
  const place = placeParts(link, lang, { lastDay: booking.lastDay, ...(event ? { event: slug, code } : {}) }, now);
  const settings = config();
  const ctx = { staff: settings.mail.staff, siteUrl: settings.siteUrl, siteName: site.name };
  const to = String(data.email ?? '');
  const offer = event ? undefined : await cmsOffer(slug, lang);
  // A paid place is owed from now on, with its pay link in the confirmation (docs/product.md §14): an
  // offer's price, or the price of the event's place (of its ticket kind).
  const ticket = typeof data.ticket === 'string' ? data.ticket : undefined;
  // In the currency its visitor chose, while the item is still sold in it, else the page's first.
  const chosen = typeof data.payIn === 'string' ? data.payIn : undefined;
  const priced = offer ?? event;
  const payIn = priced ? (chosenCurrency(priced, chosen, lang) ?? chosenCurrency(priced, undefined, lang)) : undefined;
  const price = offer
    ? offerDue(offer, payIn ?? undefined)
    : event
      ? eventDue(event, ticket, payIn ?? undefined)
      : null;
  const payment = price ? seatedPayment(price, record, lang, paymentSettings(), now) : undefined;
  const confirmation = event
    ? eventConfirmation(to, event, ctx, lang, siteToday(now), place, {
        ...(payment?.link ? { pay: payment.link } : {}),
        ticket: event.tickets?.find((kind) => kind.id === ticket)?.name,
      })
    : offer &&
      offerConfirmation(to, { ...offer, ...(payIn ? { payIn } : {}) }, ctx, lang, {
        place,
        ...(payment?.link ? { pay: payment.link } : {}),
      });
  const person = [data.firstName, data.lastName].filter(Boolean).join(' ') || to;
  return {
    mails: [claimNote(ctx, person, item.words.englishTitle), ...(confirmation && to ? [confirmation] : [])],
    changes: { ...(event ? { checkInCode: code } : {}), ...payment?.fields } as RecordData,
  };
}

// The record a staff member names, with its item, for giving it a place by hand (lib/staff/actions.ts).
export async function placeRecord(link: PlaceLink) {
  const record = await getStore().getRecord(link.collection, link.id);
  const item = record && (await describe(link, record));
  return record && item ? { record, item } : null;
}

// What the claim page says of the offer: its end, in the visitor's language.
export function offerDeadline(record: StoredRecord): string | null {
  const until = record.data.offerExpiresAt;
  return typeof until === 'number' ? formatDeadline(until, toLang(record.data.lang)) : null;
}
