import { cmsEvents } from '@/lib/cms';
import { buildSiteToday, config } from '@/lib/config';
import { REMINDER_DAYS, SITE_TIME_ZONE } from '@/lib/constants';
import { site } from '@/lib/content';
import { dayIn, daysUntil } from '@/lib/content/schedule';
import type { SiteEvent } from '@/lib/content/types';
import { defaultLang, toLang, type Lang } from '@/lib/i18n';
import {
  holdsSeat,
  type InboxCursor,
  type InboxRecord,
  type InboxStore,
  type JobStore,
  type OfferStore,
} from '@/lib/storage';

import { placeParts } from './links';
import { eventReminder } from './mails';

// Reminders of an event (docs/product.md §9): on each of REMINDER_DAYS (lib/constants.ts) before its
// first day on the event's calendar, each registrant holding a place gets one mail in their language,
// with the place, the time, the calendar invitation, their check-in code and the way to give the place
// back, whenever they registered, as long as that day has not ended. Each mail is a job claimed once per
// event, day and registrant, committed with the mail, so it goes once across instances and restarts.
// The events are those published in the CMS; one with its reminders turned off there
// (`reminders: false`) gets none.
//
// The pass runs every minute, so it does not read every registrant each time: the first pass of each
// sweep slot (REMINDER_SWEEP_MS) of an event's reminder day reads them all, and claims the slot once
// done; the other passes of the slot read only the registrations dated from the slot's start (less
// REMINDER_OVERLAP_MS, for a commit slower than its date) and the freed places claimed since then.
// Whoever holds a place is reached within a slot: a registration by the next pass, a place given by staff
// (a promotion, back from spam) by the next slot's sweep.
export const REMINDER_SWEEP_MS = 10 * 60_000;
export const REMINDER_OVERLAP_MS = 5 * 60_000;

// The event's registrations, read page by page along the inbox's index on the event (newest first),
// all of them or those dated at or after `since`.
async function registrationsOf(store: InboxStore, slug: string, since?: number): Promise<InboxRecord[]> {
  const all: InboxRecord[] = [];
  let after: InboxCursor | undefined;
  for (;;) {
    const page = await store.inbox({
      collection: 'user',
      item: { field: 'event', value: slug },
      ...(since !== undefined ? { since } : {}),
      after,
      limit: 500,
    });
    all.push(...page);
    if (page.length < 500) return all;
    const last = page.at(-1)!;
    after = { date: last.data.date as number, id: last.id };
  }
}

// The registrations this pass must look at for an event: every one on the slot's first pass (a sweep),
// else the new ones and those whose freed place was claimed since the slot began. `sweep` is the key to
// claim once they are all queued, when this pass sweeps.
async function dueRegistrations(
  store: JobStore & InboxStore & OfferStore,
  slug: string,
  today: string,
  now: number,
): Promise<{ records: InboxRecord[]; sweep?: string }> {
  const slot = Math.floor(now / REMINDER_SWEEP_MS);
  const sweep = `reminders:${slug}:${today}:${slot}`;
  if (!(await store.hasJob(sweep))) return { records: await registrationsOf(store, slug), sweep };
  const since = slot * REMINDER_SWEEP_MS - REMINDER_OVERLAP_MS;
  const [fresh, offers] = await Promise.all([registrationsOf(store, slug, since), store.offers(`event:${slug}`)]);
  const known = new Set(fresh.map((record) => record.id));
  const claimed = offers.filter(
    (offer) => offer.outcome === 'claimed' && (offer.endedAt ?? 0) >= since && !known.has(offer.recordId),
  );
  const promoted = await Promise.all(claimed.map((offer) => store.getRecord('user', offer.recordId)));
  return {
    records: [...fresh, ...promoted.flatMap((record) => (record ? [{ ...record, collection: 'user' as const }] : []))],
  };
}

// The day on the event's calendar: SITE_TODAY when it is set, else the date in the event's zone.
function eventToday(event: SiteEvent, now: number): string {
  return buildSiteToday() ?? dayIn(now, event.timeZone ?? SITE_TIME_ZONE);
}

// The reminders due today, queued; how many were queued by this pass. The published events are read
// once per pass in each registrant's language, not once per registrant.
export async function sendReminders(
  store: JobStore & InboxStore & OfferStore,
  now: number = Date.now(),
): Promise<number> {
  const settings = config();
  const ctx = { staff: settings.mail.staff, siteUrl: settings.siteUrl, siteName: site.name };
  const published = await cmsEvents(defaultLang);
  const eventsIn = new Map<Lang, Promise<SiteEvent[]>>([[defaultLang, Promise.resolve(published)]]);
  const inLanguage = async (slug: string, lang: Lang) => {
    if (!eventsIn.has(lang)) eventsIn.set(lang, cmsEvents(lang));
    return (await eventsIn.get(lang)!).find((event) => event.slug === slug);
  };
  let queued = 0;
  for (const event of published) {
    const today = eventToday(event, now);
    const days = daysUntil(event.startDate, today);
    if (event.reminders === false || !REMINDER_DAYS.includes(days)) continue;
    const { records, sweep } = await dueRegistrations(store, event.slug, today, now);
    for (const record of records) {
      const { data } = record;
      if (!holdsSeat(data) || data.booking === 'offered' || typeof data.email !== 'string') continue;
      const key = `reminder:${event.slug}:${days}:${record.id}`;
      // Already reminded (each sweep reads them again): the claim would write nothing, so the mail, its
      // QR code and invitation, is not made.
      if (await store.hasJob(key)) continue;
      const lang = toLang(data.lang);
      const local = (await inLanguage(event.slug, lang)) ?? event;
      const code = typeof data.checkInCode === 'string' ? data.checkInCode : undefined;
      const place = placeParts(
        { collection: 'user', id: record.id },
        lang,
        { lastDay: event.endDate, ...(code ? { event: event.slug, code } : {}) },
        now,
      );
      const mail = eventReminder(data.email, local, ctx, lang, days, place);
      if (
        await store.claimJob(key, { name: 'reminder', at: now, event: event.slug, days, record: record.id }, [mail])
      ) {
        queued += 1;
      }
    }
    if (sweep) await store.claimJob(sweep, { name: 'reminders', at: now, event: event.slug, days });
  }
  return queued;
}
