import { config } from '@/lib/config';
import { DAY_MS } from '@/lib/constants';
import { siteToday, wallClockIn, type Booking } from '@/lib/content/schedule';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import { defaultLang, isLang, locales, type Lang } from '@/lib/i18n';
import {
  itemField,
  personName,
  type AuditEntry,
  type BookingState,
  type Collection,
  type RecordData,
} from '@/lib/storage';
import { formatWhen } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

import { staffSubmissionPath } from './paths';

// How the workspace names what the store keeps: forms by their name, items by their title, people by
// their name, dates in the organisation's time zone.

// A visitor's language by its English name (staff read English), '' for a value that is none.
const languageNames = new Intl.DisplayNames([locales[defaultLang].htmlLang], { type: 'language' });
export function languageName(value: unknown): string {
  return isLang(value) ? (languageNames.of(locales[value].htmlLang) ?? value) : '';
}

// The words of a coded choice (gender, degree) as the forms offer it, for the screens and the downloads
// alike; undefined for any other field or value.
const choiceLabels: Record<string, Record<string, string>> = { gender: genderLabels, degree: degreeLabels };
export function choiceLabel(field: string, value: unknown): string | undefined {
  const labels = choiceLabels[field];
  return labels && typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value] : undefined;
}

export function formName(collection: Collection): string {
  return staffText.forms[collection];
}

// How long after its last day an event or offer stays in the item filters; its list stays reachable
// from its records after that.
export const LISTED_DAYS_AFTER = 60;

export interface ItemNames {
  // The filters' choices: every course, then the events and offers still running or ended less than
  // LISTED_DAYS_AFTER days ago, newest first.
  choices: { key: string; label: string }[];
  // 'Event registration: Hackathon 2023'; an item no longer in the CMS by its key's value.
  label(key: string): string;
  // Whether the key names a course of data/ or an event or offer of the CMS.
  known(key: string): boolean;
  // The title alone, '' for a record without an item.
  title(collection: Collection, data: RecordData): string;
  // A paid event's registration's ticket kind by its name ('' without one; its id for a kind removed).
  ticket?(data: RecordData): string;
}

// The courses, events and offers of the CMS (published or not), by their titles in
// `lang` (English for the workspace).
export async function itemNames(lang: Lang = defaultLang, now: number = Date.now()): Promise<ItemNames> {
  const listedFrom = siteToday(now - LISTED_DAYS_AFTER * DAY_MS);
  // Loaded here, not at the top: what else this module names (languages, choices, dates) is read by
  // code that must not load the CMS (scripts, the browser tests' helpers).
  const { cmsItems } = await import('@/lib/cms');
  const dated = (await cmsItems(lang)).sort((a, b) => b.lastDay.localeCompare(a.lastDay));
  const titles = new Map<string, string>([
    ...dated.map((item) => [`${item.collection}:${item.slug}`, item.title] as const),
  ]);
  const titleOf = (key: string) => titles.get(key) ?? key.slice(key.indexOf(':') + 1);
  const kinds = new Map(
    dated.flatMap((item) => (item.tickets ?? []).map((kind) => [`${item.slug}:${kind.id}`, kind.name] as const)),
  );
  const label = (key: string) => `${formName(key.slice(0, key.indexOf(':')) as Collection)}: ${titleOf(key)}`;
  const listed = [
    ...dated.filter((item) => item.lastDay >= listedFrom).map((item) => `${item.collection}:${item.slug}`),
  ];
  return {
    choices: listed.map((key) => ({ key, label: label(key) })),
    label,
    known: (key) => titles.has(key),
    title(collection, data) {
      const field = itemField[collection];
      const value = field ? data[field] : undefined;
      return typeof value === 'string' ? titleOf(`${collection}:${value}`) : '';
    },
    ticket(data) {
      if (typeof data.ticket !== 'string') return '';
      return kinds.get(`${String(data.event ?? '')}:${data.ticket}`) ?? data.ticket;
    },
  };
}

// The places of each ticket kind of a paid event, with the kind's name, or of an event or offer with a
// capacity: as the forms take them, from the CMS; none for a course, or an item without a limit.
export async function itemBookings(collection: Collection, value: string) {
  const { itemBookingsOf } = await import('@/lib/places');
  return itemBookingsOf(collection, value);
}

// The places of an event or offer with a capacity, as the forms take them (lib/content/schedule.ts),
// from the CMS, where staff set them; none for a course, or an item without a limit.
export async function itemBooking(collection: Collection, value: string): Promise<Booking | null> {
  // Loaded when asked, as the CMS is in itemNames (lib/places reads the CMS).
  const { itemBookingOf } = await import('@/lib/places');
  const booking = await itemBookingOf(collection, value);
  return booking?.capacity !== undefined ? booking : null;
}

// Where a registration with places stands, in the staff's words, with its check-in if it has one.
export function bookingLabel(data: RecordData): string {
  const words = staffText.item;
  const state = (data.booking ?? 'registered') as BookingState;
  const label = fill(words.booking[state] ?? words.booking.registered, {
    position: String(data.waitPosition ?? ''),
    until: formatWhen(data.offerExpiresAt),
    when: formatWhen(data.cancelledAt),
  });
  const checkedIn =
    typeof data.checkedInAt === 'number'
      ? ` · ${fill(words.checkedIn, { when: formatWhen(data.checkedInAt), who: String(data.checkedInBy ?? '') })}`
      : '';
  return label + checkedIn;
}

export { personName };

// The wall-clock time in the organisation's time zone, as the UTC fields of a Date: a spreadsheet
// date has no zone, and staff read the organisation's time.
export function localDate(ms: number, timeZone = config().staff.timeZone): Date {
  return wallClockIn(ms, timeZone);
}

// The start of a yyyy-mm-dd day in the organisation's time zone, in ms (for the date filters).
export function dayStart(day: string | undefined): number | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utc)) return undefined;
  // The zone's offset at that moment, read back from Intl.
  const local = localDate(utc).getTime();
  return utc - (local - utc);
}

// Accepted without a passed bot check (lib/forms/submit.ts flags it: the check was down, or no token).
export function isBotFlagged(data: RecordData): boolean {
  return typeof data.botCheck === 'string';
}

// An audit entry in words (messages/staff.ts): the action, who (a refused sign-in may name nobody),
// and its detail, with the submission it is about when there is one.
export function auditLine(entry: AuditEntry): {
  what: string;
  who: string;
  detail: string;
  record?: { href: string; label: string };
} {
  const words = staffText.audit;
  const line = {
    // An entry of an action this code no longer knows keeps its own name.
    what: words.actions[entry.what] ?? entry.what,
    who: entry.who || words.nobody,
    detail: (words.details as Record<string, string>)[entry.detail] ?? entry.detail,
  };
  if (!entry.record) return line;
  const { collection, id } = entry.record;
  return { ...line, record: { href: staffSubmissionPath(collection, id), label: formName(collection) } };
}
