import type { Booking } from '@/lib/content/schedule';
import type { Lang } from '@/lib/i18n';
import type { Collection, NewMail, RecordData, Seat } from '@/lib/storage';

import { newCheckInCode, placeParts } from './links';
import type { PlaceParts } from './mails';

// What a new registration for an event or offer takes from its places (docs/product.md §9): the links its
// mails carry (give the place back and, for an event, the check-in code with its QR code), the fields
// that say it is registered, and, when the item has places, the seat it asks the store for: laid over
// with what the place owes once it is taken, and with the waiting list when the visitor asked for it.
export interface RegistrationPlace {
  links: PlaceParts;
  fields: RecordData;
  seat?: Seat;
}

export function registrationPlace(
  booking: Booking & { kind: 'event' | 'offer'; slug: string },
  record: { collection: Collection; id: string },
  lang: Lang,
  now: number,
  options: { seated?: RecordData; waitlist?: (links: PlaceParts) => NewMail[] },
): RegistrationPlace {
  const code = booking.kind === 'event' ? newCheckInCode() : undefined;
  const links = placeParts(
    record,
    lang,
    { lastDay: booking.lastDay, ...(code ? { event: booking.slug, code } : {}) },
    now,
  );
  const fields = { booking: 'registered', ...(code ? { checkInCode: code } : {}) };
  if (booking.capacity === undefined) return { links, fields };
  const seat: Seat = {
    key: booking.seat,
    capacity: booking.capacity,
    ...(options.seated ? { seated: options.seated } : {}),
    ...(options.waitlist ? { waitlist: { data: {}, mails: options.waitlist(links) } } : {}),
  };
  return { links, fields, seat };
}
