import { personOf, samePerson } from '@/lib/payments';
import { recordBooking, seatsChanged, withPlaces } from '@/lib/places';
import { getStore, payerKey, standsFor, type Collection, type StoredRecord } from '@/lib/storage';
import { auditEntry, type Staff } from '@/lib/team';

// Records one person stored twice for one course, event or offer, from before a second registration
// stored nothing (lib/payments/payers.ts): flagged "possible duplicate" in an item's list, and merged by
// staff into one record.

// The ids among `rows` whose person (item and address, any case) has another record of the item, spam
// left out: one read along the inbox's index per address shown.
export async function possibleDuplicates(collection: Collection, rows: StoredRecord[]): Promise<Set<string>> {
  const byPerson = new Map<string, StoredRecord[]>();
  for (const row of rows) {
    const person = personOf(collection, row.data);
    if (!person || row.data.staffStatus === 'spam') continue;
    const key = payerKey(person.item, person.email);
    byPerson.set(key, [...(byPerson.get(key) ?? []), row]);
  }
  const store = getStore();
  const flagged = new Set<string>();
  await Promise.all(
    [...byPerson.values()].map(async (shown) => {
      const all = await samePerson(store, collection, shown[0]!.data);
      if (all.length > 1) for (const row of shown) flagged.add(row.id);
    }),
  );
  return flagged;
}

export type MergeOutcome = 'merged' | 'single' | 'two-paid' | 'missing';

// Keeps one of a person's records for the item, the paid one if any, else the oldest that still stands
// (the first pay link mailed), and sets the others aside as spam naming the one kept (`mergedInto`):
// they leave the lists, counts, downloads and reminders, free any place they held, and their pay links
// lead to the kept record's. Each in one commit with its audit entry. Two paid records are not merged:
// staff refund one first.
export async function mergeDuplicates(
  session: Staff,
  ref: { collection: Collection; id: string },
  now: number,
): Promise<{ outcome: MergeOutcome; item?: string }> {
  const store = getStore();
  const record = await store.getRecord(ref.collection, ref.id);
  const person = record && personOf(ref.collection, record.data);
  if (!record || !person) return { outcome: 'missing' };
  const item = person.item;
  const same = await samePerson(store, ref.collection, record.data);
  if (same.length < 2) return { outcome: 'single', item };
  const paid = same.filter((row) => row.data.payStatus === 'paid');
  if (paid.length > 1) return { outcome: 'two-paid', item };
  const oldest = [...same].sort((a, b) => Number(a.data.date) - Number(b.data.date));
  const kept = paid[0] ?? oldest.find((row) => standsFor(row.data)) ?? oldest[0]!;
  const others = same.filter((row) => row.id !== kept.id).map((row) => row.id);
  const changed = await store.updateRecords(
    ref.collection,
    others,
    { staffStatus: 'spam', spamSource: 'merged', mergedInto: kept.id, statusBy: session.email, statusAt: now },
    (id) => auditEntry('merge', session.email, `kept ${kept.id}`, now, { collection: ref.collection, id }),
  );
  // A place a merged record held is free: offered to the first person waiting.
  const booking = withPlaces(await recordBooking(ref.collection, record.data));
  if (booking && changed.length > 0) await seatsChanged(booking);
  return { outcome: changed.length > 0 ? 'merged' : 'missing', item };
}
