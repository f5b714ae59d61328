/** @jest-environment node */
import { events, offers } from '@/lib/content';
import { itemBooking } from '@/lib/staff/present';

// The item page shows places only where the forms count them: an event or offer with a capacity, under
// the same seat key the forms take (lib/content/schedule.ts), read from the CMS (here, its seed: data/).
describe('the places of a workspace item', () => {
  const event = events[0]!;
  const offer = offers[0]!;

  it('names the seat key and capacity the forms use', async () => {
    Object.assign(event, { capacity: 40 });
    Object.assign(offer, { capacity: 3 });
    try {
      expect(await itemBooking('user', event.slug)).toMatchObject({ seat: `event:${event.slug}`, capacity: 40 });
      expect(await itemBooking('offer', offer.slug)).toMatchObject({ seat: `offer:${offer.slug}`, capacity: 3 });
    } finally {
      Object.assign(event, { capacity: undefined });
      Object.assign(offer, { capacity: undefined });
    }
  });

  it('has none for an item without a limit, a course, or an unknown value', async () => {
    expect(await itemBooking('user', event.slug)).toBeNull();
    expect(await itemBooking('enrolment', 'Data Analysis with Python')).toBeNull();
    expect(await itemBooking('offer', 'no-such-offer')).toBeNull();
  });
});
