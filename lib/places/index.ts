import { findEvent, findOffer } from '@/lib/content';
import { eventBooking, offerBooking, type Booking } from '@/lib/content/schedule';
import { itemField, type Collection, type RecordData } from '@/lib/storage/types';

// The places of a stored registration: the booking of the event or offer it names, when that has a
// capacity (docs/product.md §9), else null.
export function recordBooking(collection: Collection, data: RecordData): (Booking & { capacity: number }) | null {
  const field = itemField[collection];
  const value = field ? data[field] : undefined;
  if (typeof value !== 'string') return null;
  const event = collection === 'user' ? findEvent(value) : undefined;
  const offer = collection === 'offer' ? findOffer(value) : undefined;
  const booking = event ? eventBooking(event) : offer ? offerBooking(offer) : null;
  return booking?.capacity !== undefined ? { ...booking, capacity: booking.capacity } : null;
}
