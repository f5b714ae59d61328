import { cmsEvents, cmsOffers } from '@/lib/cms';
import { eventBookings, offerBooking, siteToday } from '@/lib/content/schedule';
import { defaultLang } from '@/lib/i18n';
import { kickOutbox } from '@/lib/mail/worker';
import { periodic } from '@/lib/periodic';
import { getStore } from '@/lib/storage';

import { seatsChanged, type PlacesBooking } from './offers';
import { sendReminders } from './reminders';

// Every event and offer with places that still takes registrations, as published in the CMS now: an event
// with ticket kinds once per kind, each with its own places and waiting list.
export async function openBookings(now: number = Date.now()): Promise<PlacesBooking[]> {
  const today = siteToday(now);
  const [events, offers] = await Promise.all([cmsEvents(defaultLang), cmsOffers(defaultLang)]);
  return [...events.flatMap(eventBookings), ...offers.map(offerBooking)].flatMap((booking) =>
    booking.capacity !== undefined && today <= booking.lastDay ? [{ ...booking, capacity: booking.capacity }] : [],
  );
}

// One pass over the places (docs/product.md §9): offers whose time ran out end, freeing their seats,
// and every free seat goes to the first person waiting. A seat freed by a change whose offer failed (an
// instance stopped between the two) is offered here too. Then the reminders due today. Safe on several
// instances at once: each offer, each end and each reminder is exclusive in the store. The offers ended
// and the reminders queued.
export async function placesPass(now: number = Date.now()): Promise<{ ended: number; reminders: number }> {
  const store = getStore();
  let ended = 0;
  for (const offer of await store.lapsedOffers(now)) {
    if (await store.endOffer(offer, 'expired', now, {})) ended += 1;
  }
  for (const booking of await openBookings(now)) await seatsChanged(booking, now);
  const reminders = await sendReminders(store, now);
  if (reminders > 0) kickOutbox();
  return { ended, reminders };
}

// Runs a pass when the server starts and every minute after, in the outbox worker's process.
export function createPlacesTask(options: {
  intervalMs?: number;
  log: (level: 'info' | 'error', message: string) => void;
}) {
  const task = periodic(async () => {
    try {
      const { ended, reminders } = await placesPass();
      if (ended > 0) options.log('info', `${ended} offer(s) of a freed seat ran out and passed on`);
      if (reminders > 0) options.log('info', `queued ${reminders} event reminder(s)`);
    } catch (error) {
      options.log('error', `places pass failed, trying again later: ${(error as Error).message}`);
    }
  }, options.intervalMs ?? 60_000);
  return { runOnce: task.once, start: task.start, stop: task.stop };
}
