import { cmsEvent, cmsOffer } from '@/lib/cms';
import { eventBooking, offerBooking, type Booking } from '@/lib/content/schedule';
import { defaultLang } from '@/lib/i18n';
import { itemField, type Collection, type RecordData } from '@/lib/storage';

// The booking of an event or offer named by its slug, as published in the CMS now (its places are the
// ones staff set there, docs/staff.md "Content"), else null: a course, or an item not published. An event
// with ticket kinds has one per kind (`ticket`, its id; without it, the kinds' places together).
export async function itemBookingOf(collection: Collection, slug: string, ticket?: string): Promise<Booking | null> {
  if (collection === 'user') {
    const event = await cmsEvent(slug, defaultLang);
    return event ? eventBooking(event, ticket) : null;
  }
  if (collection === 'offer') {
    const offer = await cmsOffer(slug, defaultLang);
    return offer ? offerBooking(offer) : null;
  }
  return null;
}

// Every booking of an event or offer with places, named by its slug: one per ticket kind of a paid event
// (with the kind's English name), else its own; none for a course or an item without places.
export async function itemBookingsOf(
  collection: Collection,
  slug: string,
): Promise<{ name?: string; booking: Booking & { capacity: number } }[]> {
  const event = collection === 'user' ? await cmsEvent(slug, defaultLang) : undefined;
  const kinds = event?.tickets ?? [];
  if (event && kinds.length > 0) {
    return kinds.flatMap((kind) => {
      const booking = withPlaces(eventBooking(event, kind.id));
      return booking ? [{ name: kind.name, booking }] : [];
    });
  }
  const booking = withPlaces(await itemBookingOf(collection, slug));
  return booking ? [{ booking }] : [];
}

// The booking of the event or offer a stored registration names (docs/product.md §9), with its ticket
// kind's places for an event with kinds, else null.
export async function recordBooking(collection: Collection, data: RecordData): Promise<Booking | null> {
  const field = itemField[collection];
  const value = field ? data[field] : undefined;
  const ticket = collection === 'user' && typeof data.ticket === 'string' ? data.ticket : undefined;
  return typeof value === 'string' ? itemBookingOf(collection, value, ticket) : null;
}

// The event or offer a booking's seat is for (`event:<slug>` or `event:<slug>:<kind>`, `offer:<slug>`).
export function bookingSlug(booking: Booking): string {
  return booking.seat.split(':')[1] ?? '';
}

// A booking with places: only those have seats, a waiting list and offers.
export function withPlaces(booking: Booking | null): (Booking & { capacity: number }) | null {
  return booking?.capacity !== undefined ? { ...booking, capacity: booking.capacity } : null;
}
