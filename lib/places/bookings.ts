import { cmsEvent, cmsOffer } from '@/lib/cms';
import { eventBooking, offerBooking, type Booking } from '@/lib/content/schedule';
import { defaultLang } from '@/lib/i18n';
import { itemField, type Collection, type RecordData } from '@/lib/storage';

// The booking of an event or offer named by its slug, as published in the CMS now (its places are the
// ones staff set there, docs/staff.md "Content"), else null: a course, or an item not published.
export async function itemBookingOf(collection: Collection, slug: string): Promise<Booking | null> {
  if (collection === 'user') {
    const event = await cmsEvent(slug, defaultLang);
    return event ? eventBooking(event) : null;
  }
  if (collection === 'offer') {
    const offer = await cmsOffer(slug, defaultLang);
    return offer ? offerBooking(offer) : null;
  }
  return null;
}

// The booking of the event or offer a stored registration names (docs/product.md §9), else null.
export async function recordBooking(collection: Collection, data: RecordData): Promise<Booking | null> {
  const field = itemField[collection];
  const value = field ? data[field] : undefined;
  return typeof value === 'string' ? itemBookingOf(collection, value) : null;
}

// A booking with places: only those have seats, a waiting list and offers.
export function withPlaces(booking: Booking | null): (Booking & { capacity: number }) | null {
  return booking?.capacity !== undefined ? { ...booking, capacity: booking.capacity } : null;
}
