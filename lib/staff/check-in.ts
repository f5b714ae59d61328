import { cmsEvent, cmsEvents } from '@/lib/cms';
import { eventBooking } from '@/lib/content/schedule';
import type { TicketKind } from '@/lib/content/types';
import { defaultLang } from '@/lib/i18n';
import { readPlaceLink } from '@/lib/places';
import { getStore, holdsSeat, isRecordId, type CheckIn, type RecordData, type StaffSession } from '@/lib/storage';
import { auditEntry } from '@/lib/team';

import { allRecords } from './inbox';
import { personName } from './present';

// Check-in at the door (docs/staff.md, "Check-in"): a guest is found by name, by their code read aloud,
// or by the QR code of their mail (a signed link to this page), and let in once. A check-in sent again
// (a second tap, a phone sending what it kept offline) changes nothing and answers with the first.

// A check-in made on a phone without a network is sent later with the moment it was made: believed
// within a day before it reaches the server, and never later than that.
const OFFLINE_MAX_MS = 24 * 60 * 60 * 1000;

export interface Guest {
  id: string;
  name: string;
  email: string;
  code: string;
  checkedInAt: number | null;
  checkedInBy: string | null;
  // A paid event's guest: their ticket kind by its name, and whether their place is paid (docs/product.md
  // §14); empty and null at a free event.
  ticket: string;
  payment: 'paid' | 'unpaid' | 'refunded' | null;
}

// A stored payment state, or null for a registration that owes nothing.
function paymentState(data: RecordData): Guest['payment'] {
  const state = data.payStatus;
  return state === 'paid' || state === 'unpaid' || state === 'refunded' ? state : null;
}

// The events a door can check guests in for, soonest first: those published in the CMS, each date of a
// series named with its day (they share a title).
export async function checkInEvents() {
  return (await cmsEvents(defaultLang))
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .map((e) => ({ slug: e.slug, title: e.series === undefined ? e.title : `${e.title} · ${e.startDate}` }));
}

const isRegistered = (data: RecordData) => holdsSeat(data) && data.booking !== 'offered';

const guestOf = (id: string, data: RecordData, checkIn?: CheckIn, kinds: TicketKind[] = []): Guest => ({
  id,
  name: personName(data),
  email: String(data.email ?? ''),
  code: typeof data.checkInCode === 'string' ? data.checkInCode : '',
  checkedInAt: checkIn?.at ?? (typeof data.checkedInAt === 'number' ? data.checkedInAt : null),
  checkedInBy: checkIn?.by ?? (typeof data.checkedInBy === 'string' ? data.checkedInBy : null),
  ticket: kinds.find((kind) => kind.id === data.ticket)?.name ?? (typeof data.ticket === 'string' ? data.ticket : ''),
  payment: paymentState(data),
});

// Everyone registered for an event (spam, cancelled, waiting and offered left out), by name, with their
// check-in if they have one; null for an unknown event.
export async function guestList(slug: string): Promise<{ title: string; guests: Guest[] } | null> {
  const event = await cmsEvent(slug, defaultLang);
  if (!event) return null;
  const [records, checkIns] = await Promise.all([
    allRecords('user', { field: 'event', value: slug }),
    getStore().checkIns(eventBooking(event).seat),
  ]);
  const byId = new Map(checkIns.map((c) => [c.recordId, c]));
  const guests = records
    .filter((row) => isRegistered(row.data))
    .map((row) => guestOf(row.id, row.data, byId.get(row.id), event.tickets))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { title: event.title, guests };
}

// Who was let in for an event, for the phones at the door to follow each other.
export async function checkInsOf(slug: string): Promise<CheckIn[] | null> {
  const event = await cmsEvent(slug, defaultLang);
  return event ? getStore().checkIns(eventBooking(event).seat) : null;
}

export type CheckInResult =
  { result: 'checked-in' | 'already'; guest: Guest } | { result: 'invalid' | 'expired' | 'unknown' | 'not-registered' };

// The guest a QR code's link names (a token of lib/places/links.ts), for the page it opens.
export function guestIdOfLink(token: unknown, now: number = Date.now()): string | 'invalid' | 'expired' {
  const link = readPlaceLink('check-in', token, now);
  if (link === null || link === 'expired') return link ?? 'invalid';
  return link.collection === 'user' ? link.id : 'invalid';
}

// Lets a guest of `slug` in, named by their record's id or by their QR code's link; `at` is when a phone
// kept it offline. The first check-in is kept with its audit entry; a later one answers 'already'.
export async function checkInGuest(
  session: StaffSession,
  slug: string,
  guest: { id?: string; t?: string; at?: number },
  now: number,
): Promise<CheckInResult> {
  const event = await cmsEvent(slug, defaultLang);
  const id = guest.t !== undefined ? guestIdOfLink(guest.t, now) : (guest.id ?? 'invalid');
  if (id === 'invalid' || id === 'expired') return { result: id };
  if (!event || !isRecordId(id)) return { result: 'unknown' };
  const record = await getStore().getRecord('user', id);
  // A code of another event is no guest of this one.
  if (!record || record.data.event !== slug) return { result: 'unknown' };
  if (!isRegistered(record.data)) return { result: 'not-registered' };
  const at =
    guest.at !== undefined && Number.isFinite(guest.at) ? Math.min(now, Math.max(guest.at, now - OFFLINE_MAX_MS)) : now;
  const ref = { collection: 'user' as const, id };
  const done = await getStore().checkIn(
    'user',
    id,
    eventBooking(event).seat,
    at,
    session.email,
    auditEntry('check-in', session.email, '', now, ref),
  );
  if (!done) return { result: 'unknown' };
  return {
    result: done.first ? 'checked-in' : 'already',
    guest: guestOf(id, record.data, done.checkIn, event.tickets),
  };
}
