import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { toLang } from '@/lib/i18n';
import { renderLetter } from '@/lib/mail/letter';
import { kickOutbox } from '@/lib/mail/worker';
import { placeRecord, recordBooking, registeredMails, seatsChanged, withPlaces } from '@/lib/places';
import { linkSecret, signLink, verifyLink } from '@/lib/security/signed-link';
import { getStore, isCollection, isRecordId, type Collection, type RecordData, type StaffSession } from '@/lib/storage';
import { auditEntry, may, roleOf, type Staff } from '@/lib/team';
import { visitorMails } from '@/messages/mails/visitor';

import { personName } from './present';

// What staff do to a submission is committed together with its audit entry (who and when).

export const NOTE_MAX = 4000;
// Records one bulk action changes at most: one commit on either store.
export const BULK_MAX = 100;

// A record named by a URL: a known collection and an id of the stores' shape.
export function recordRef(collection: string, id: string): { collection: Collection; id: string } | null {
  return isCollection(collection) && isRecordId(id) ? { collection, id } : null;
}

export type StatusAction = 'handled' | 'reopen' | 'spam' | 'not-spam';

const statusChange = (action: StatusAction, who: string, now: number): RecordData => ({
  staffStatus: action === 'handled' || action === 'spam' ? action : null,
  statusBy: who,
  statusAt: now,
});

// Whether the record was there to change. Spam frees the seat a registration held (the store does it
// in the same commit, lib/storage/rules.ts) for the people waiting; a registration back from spam takes
// a free seat again, or waits at the end of the list when none is left.
export async function setStatus(
  session: StaffSession,
  ref: { collection: Collection; id: string },
  action: StatusAction,
  now: number,
): Promise<boolean> {
  const store = getStore();
  const audit = auditEntry(action, session.email, '', now, ref);
  const changes = statusChange(action, session.email, now);
  const record = await store.getRecord(ref.collection, ref.id);
  if (!record) return false;
  const booking = withPlaces(await recordBooking(ref.collection, record.data));
  const held = record.data.booking ?? 'registered';
  if (
    action === 'not-spam' &&
    booking &&
    record.data.staffStatus === 'spam' &&
    held !== 'cancelled' &&
    held !== 'passed'
  ) {
    const seat = { key: booking.seat, capacity: booking.capacity };
    if (held !== 'waiting' && (await store.takeSeat(ref.collection, ref.id, seat, changes, [], audit)) !== 'full') {
      await seatsChanged(booking);
      return true;
    }
    return (await store.joinWaitingList(ref.collection, ref.id, seat.key, changes, audit)) !== null;
  }
  if (!(await store.updateRecord(ref.collection, ref.id, changes, audit))) return false;
  if (booking && action === 'spam') await seatsChanged(booking);
  return true;
}

// A note joins the record's thread: notes are only ever added, so two written at once are both kept.
export async function addNote(
  session: StaffSession,
  ref: { collection: Collection; id: string },
  text: string,
  now: number,
): Promise<boolean> {
  const entry = { at: now, by: session.email, kind: 'note' as const, text: text.slice(0, NOTE_MAX) };
  const audit = auditEntry('note', session.email, '', now, ref);
  return (await getStore().addThreadEntry(ref.collection, ref.id, entry, audit)) !== null;
}

// Where the visitor's answer to a reply goes.
export function replyMailbox(): string {
  return config().mail.staff;
}

// The text a reply starts from, in the visitor's language.
export function replyTemplate(data: RecordData): { subject: string; body: string } {
  const words = visitorMails[toLang(data.lang)].reply;
  return {
    subject: words.subject(site.name),
    body: [words.greeting(personName(data)), words.body, words.signOff(site.name)].join('\n\n'),
  };
}

// A reply to the visitor, in their language, from the organisation's address with replies going to the
// staff mailbox; sent through the outbox and kept in the record's thread with its mail, in one commit.
export async function reply(
  session: StaffSession,
  ref: { collection: Collection; id: string },
  subject: string,
  body: string,
  now: number,
): Promise<boolean> {
  const record = await getStore().getRecord(ref.collection, ref.id);
  const to = record?.data.email;
  if (!record || typeof to !== 'string' || to === '') return false;
  const text = body.slice(0, NOTE_MAX);
  const letter = renderLetter({
    lang: toLang(record.data.lang),
    heading: subject,
    paragraphs: text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  });
  const mail = { to, subject, ...letter, replyTo: replyMailbox() };
  const entry = { at: now, by: session.email, kind: 'reply' as const, text };
  const audit = auditEntry('reply', session.email, '', now, ref);
  return (await getStore().addThreadEntry(ref.collection, ref.id, entry, audit, mail)) !== null;
}

// Assigns a record to a colleague whose role includes the inbox, or to nobody (''). False when the
// record or the colleague is not there.
export async function assign(
  session: StaffSession,
  refs: { collection: Collection; id: string }[],
  assignee: string,
  now: number,
): Promise<number | null> {
  if (assignee !== '') {
    const role = await roleOf(assignee);
    if (!role || !may({ role }, 'inbox')) return null;
  }
  return changeAll(refs, { assignedTo: assignee || null, assignedBy: session.email, assignedAt: now }, (ref) =>
    auditEntry('assign', session.email, assignee, now, ref),
  );
}

// The same status for several records: each form's records in one commit, each with its entry.
export async function setStatuses(
  session: Staff,
  refs: { collection: Collection; id: string }[],
  action: StatusAction,
  now: number,
): Promise<number> {
  const changed = await changeAll(refs, statusChange(action, session.email, now), (ref) =>
    auditEntry(action, session.email, '', now, ref),
  );
  // Registrations marked as spam together free their seats: each item's are offered once.
  if (action === 'spam') {
    const bookings = new Map<string, NonNullable<ReturnType<typeof withPlaces>>>();
    for (const ref of refs.slice(0, BULK_MAX)) {
      const record = await getStore().getRecord(ref.collection, ref.id);
      const booking = record && withPlaces(await recordBooking(ref.collection, record.data));
      if (booking) bookings.set(booking.seat, booking);
    }
    for (const booking of bookings.values()) await seatsChanged(booking);
  }
  return changed;
}

async function changeAll(
  refs: { collection: Collection; id: string }[],
  changes: RecordData,
  audit: (ref: { collection: Collection; id: string }) => ReturnType<typeof auditEntry>,
): Promise<number> {
  let changed = 0;
  const byForm = Map.groupBy(refs.slice(0, BULK_MAX), (ref) => ref.collection);
  for (const [collection, ofForm] of byForm) {
    const ids = ofForm.map((ref) => ref.id);
    changed += (await getStore().updateRecords(collection, ids, changes, (id) => audit({ collection, id }))).length;
  }
  return changed;
}

// Does what `npm run forget` does (scripts/forget.ts) for the address of one record, read by the store
// (it never travels in a URL or a form). Null when there is no such record.
export async function forgetPerson(session: StaffSession, collection: Collection, id: string, now: number) {
  const found = await getStore().forgetRecord(collection, id, (traces) =>
    auditEntry('forget', session.email, `${traces.records.length} records, ${traces.mails.length} mails`, now),
  );
  for (const message of found?.mails ?? []) {
    rmSync(join(config().dataDir, 'mail', `${message.id}.eml`), { force: true });
  }
  return found;
}

// The inbox's words after a forget come from the server: the counts travel signed, for whoever did it,
// for a few minutes. A link written by anyone else, with numbers of their choosing, shows nothing.
const FLASH_MS = 5 * 60_000;
const flashSecret = () => linkSecret(config().linkSecret, config().dataDir);

export function forgottenFlash(session: StaffSession, counts: { records: number; mails: number }, now: number): string {
  return signLink(
    flashSecret(),
    'staff-forgotten',
    `${session.email}\n${counts.records}\n${counts.mails}`,
    now + FLASH_MS,
  );
}

export function readForgottenFlash(
  token: unknown,
  session: StaffSession,
  now: number = Date.now(),
): { records: number; mails: number } | null {
  const [email, records, mails] = verifyLink(flashSecret(), 'staff-forgotten', token, now)?.split('\n') ?? [];
  return email === session.email ? { records: Number(records), mails: Number(mails) } : null;
}

// Someone on the waiting list given a free place by hand: one of the free seats, their confirmation as
// for a place claimed, and the audit entry, in one commit. 'full' when no seat is free (each is taken
// or held for someone offered it), 'gone' when the record is not waiting any more.
export async function promote(
  session: StaffSession,
  ref: { collection: Collection; id: string },
  now: number,
): Promise<'taken' | 'full' | 'gone'> {
  const found = await placeRecord(ref);
  if (!found || found.record.data.booking !== 'waiting' || found.record.data.staffStatus === 'spam') return 'gone';
  const booking = withPlaces(found.item.booking);
  if (!booking) return 'gone';
  const { mails, changes } = await registeredMails(ref, found.record, found.item, now);
  const { seat, capacity } = booking;
  const audit = auditEntry('promote', session.email, '', now, ref);
  const taken = await getStore().takeSeat(
    ref.collection,
    ref.id,
    { key: seat, capacity },
    { ...changes, promotedBy: session.email, promotedAt: now },
    mails,
    audit,
  );
  if (taken === 'taken') kickOutbox();
  return taken;
}
