import { cmsEvents } from '@/lib/cms';
import { config } from '@/lib/config';
import { REMINDER_DAYS } from '@/lib/constants';
import { site } from '@/lib/content';
import { daysUntil, siteToday } from '@/lib/content/schedule';
import type { SiteEvent } from '@/lib/content/types';
import { defaultLang, toLang, type Lang } from '@/lib/i18n';
import { holdsSeat, type InboxCursor, type InboxRecord, type InboxStore, type JobStore } from '@/lib/storage';

import { placeParts } from './links';
import { eventReminder } from './mails';

// Reminders of an event (docs/product.md §9): on each of REMINDER_DAYS (lib/constants.ts) before its
// first day on the site's calendar, each registrant holding a place gets one mail in their language,
// with the place, the time, the calendar invitation, their check-in code and the way to give the place
// back. Each mail is a job claimed once per event, day and registrant, committed with the mail, so it
// goes once across instances and restarts; a job per event and day, claimed once all are queued, spares
// the later passes of that day the work. The events are those published in the CMS; one with its
// reminders turned off there (`reminders: false`) gets none.

// The event's registrations, read page by page along the inbox's index on the event.
async function registrationsOf(store: InboxStore, slug: string): Promise<InboxRecord[]> {
  const all: InboxRecord[] = [];
  let after: InboxCursor | undefined;
  for (;;) {
    const page = await store.inbox({ collection: 'user', item: { field: 'event', value: slug }, after, limit: 500 });
    all.push(...page);
    if (page.length < 500) return all;
    const last = page.at(-1)!;
    after = { date: last.data.date as number, id: last.id };
  }
}

// The reminders due today, queued; how many were queued by this pass. The published events are read
// once per pass in each registrant's language, not once per registrant.
export async function sendReminders(store: JobStore & InboxStore, now: number = Date.now()): Promise<number> {
  const today = siteToday(now);
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
    const days = daysUntil(event.startDate, today);
    if (event.reminders === false || !REMINDER_DAYS.includes(days)) continue;
    const done = `reminders:${event.slug}:${today}`;
    if (await store.hasJob(done)) continue;
    for (const record of await registrationsOf(store, event.slug)) {
      const { data } = record;
      if (!holdsSeat(data) || data.booking === 'offered' || typeof data.email !== 'string') continue;
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
      const key = `reminder:${event.slug}:${days}:${record.id}`;
      if (
        await store.claimJob(key, { name: 'reminder', at: now, event: event.slug, days, record: record.id }, [mail])
      ) {
        queued += 1;
      }
    }
    await store.claimJob(done, { name: 'reminders', at: now, event: event.slug, days });
  }
  return queued;
}
