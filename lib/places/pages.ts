import { revalidatePath } from 'next/cache';

import { log } from '@/lib/log';

// The pages that show whether an event or offer is open, how many places it has left, or is full
// (docs/product.md §9).
const calendarRoutes = [
  '/[lang]',
  '/[lang]/events',
  '/[lang]/events/[slug]',
  '/[lang]/offers',
  '/[lang]/offers/[slug]',
];

// Has the calendar pages made again at their next visit rather than at their next regeneration, when
// their places changed (the last taken, few left, a seat freed). Only a request can ask Next for it (a
// periodic task outside one cannot): there it fails quietly, and the pages follow within 20 minutes.
export function placesChanged(): void {
  try {
    for (const route of calendarRoutes) revalidatePath(route, 'page');
  } catch (error) {
    log.debug({ err: error }, 'calendar pages left to their next regeneration');
  }
}
