import { findEvent, findOffer } from '@/lib/content';
import { eventBooking, offerBooking, type Booking } from '@/lib/content/schedule';
import { itemField, type Collection, type RecordData } from '@/lib/storage/types';

// The booking of the event or offer a stored registration names (docs/product.md §9), else null.
export function recordBooking(collection: Collection, data: RecordData): Booking | null {
  const field = itemField[collection];
  const value = field ? data[field] : undefined;
  if (typeof value !== 'string') return null;
  const event = collection === 'user' ? findEvent(value) : undefined;
  const offer = collection === 'offer' ? findOffer(value) : undefined;
  return event ? eventBooking(event) : offer ? offerBooking(offer) : null;
}

// A booking with places: only those have seats, a waiting list and offers.
export function withPlaces(booking: Booking | null): (Booking & { capacity: number }) | null {
  return booking?.capacity !== undefined ? { ...booking, capacity: booking.capacity } : null;
}
