import { config } from '@/lib/config';
import { courses, events, findEvent, findOffer, offers } from '@/lib/content';
import { eventBooking, offerBooking, wallClockIn, type Booking } from '@/lib/content/schedule';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import { defaultLang, isLang, locales } from '@/lib/i18n';
import { itemField } from '@/lib/storage/collections';
import { collections, type AuditEntry, type BookingState, type Collection, type RecordData } from '@/lib/storage/types';
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

// The course, event or offer a record is for, by its title (a course is stored by its title).
export function itemTitle(collection: Collection, data: RecordData): string {
  const field = itemField[collection];
  const value = field ? data[field] : undefined;
  if (typeof value !== 'string') return '';
  if (collection === 'user') return findEvent(value)?.title ?? value;
  if (collection === 'offer') return findOffer(value)?.title ?? value;
  return value;
}

// Every course, event and offer, as the item filter lists them: `collection:value`.
export function itemChoices(): { key: string; label: string }[] {
  return [
    ...courses.map((c) => ({ key: `enrolment:${c.title}`, label: `${formName('enrolment')}: ${c.title}` })),
    ...events.map((e) => ({ key: `user:${e.slug}`, label: `${formName('user')}: ${e.title}` })),
    ...offers.map((o) => ({ key: `offer:${o.slug}`, label: `${formName('offer')}: ${o.title}` })),
  ];
}

export function parseItem(key: string | undefined): { collection: Collection; field: string; value: string } | null {
  if (!key) return null;
  const at = key.indexOf(':');
  const collection = key.slice(0, at) as Collection;
  const field = collections.includes(collection) ? itemField[collection] : undefined;
  return field && itemChoices().some((choice) => choice.key === key)
    ? { collection, field, value: key.slice(at + 1) }
    : null;
}

// The places of an event or offer with a capacity, as the forms take them (lib/content/schedule.ts);
// none for a course, or an item without a limit.
export function itemBooking(collection: Collection, value: string): Booking | null {
  const event = collection === 'user' ? findEvent(value) : undefined;
  const offer = collection === 'offer' ? findOffer(value) : undefined;
  const booking = event ? eventBooking(event) : offer ? offerBooking(offer) : null;
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

export function personName(data: RecordData): string {
  const whole = [data.firstName, data.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return (typeof data.name === 'string' && data.name) || whole || String(data.email ?? '');
}

export function formatWhen(ms: unknown): string {
  if (typeof ms !== 'number') return '';
  return new Intl.DateTimeFormat(locales[defaultLang].intl, {
    timeZone: config().staff.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

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
