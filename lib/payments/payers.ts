import {
  itemField,
  parseSearch,
  type Collection,
  type InboxStore,
  type Payer,
  type RecordData,
  type StoredRecord,
} from '@/lib/storage';

// One person, one payment per item (docs/product.md §14): a person is an address (trimmed, any case)
// on the list of one course or offer. A second record of theirs stores nothing new (lib/forms/submit.ts);
// records stored twice before that rule are flagged for staff to merge (lib/staff/duplicates.ts).

// The item a record of a form that takes payments is for, and its address, or null.
export function personOf(collection: Collection, data: RecordData): Payer | null {
  const field = itemField[collection];
  const item = field ? data[field] : undefined;
  const email = data.email;
  if (!field || typeof item !== 'string' || typeof email !== 'string' || email.trim() === '') return null;
  return { field, item, email };
}

// The records of the same person for the same item, this one included, spam left out unless asked: read
// along the inbox's index on the item and the whole address, on either store.
export async function samePerson(
  store: Pick<InboxStore, 'inbox'>,
  collection: Collection,
  data: RecordData,
  options: { paid?: boolean; spam?: boolean } = {},
): Promise<StoredRecord[]> {
  const person = personOf(collection, data);
  // An address is searched for whole, as the inbox's search with an @ does (lib/storage/search.ts).
  const search = person && parseSearch(person.email);
  if (!person || !search?.exact) return [];
  const rows = await store.inbox({
    collection,
    item: { field: person.field, value: person.item },
    term: { text: search.term, exact: true },
    ...(options.paid ? { payStatus: 'paid' as const } : {}),
    limit: 50,
  });
  return rows.filter((row) => options.spam || row.data.staffStatus !== 'spam');
}

// Another record of the same address for the same item that is paid, or null: a pay link or a reminder
// of this one then has nothing to ask for.
export async function paidElsewhere(
  store: Pick<InboxStore, 'inbox'>,
  record: { collection: Collection; id: string; data: RecordData },
): Promise<StoredRecord | null> {
  const paid = await samePerson(store, record.collection, record.data, { paid: true, spam: true });
  return paid.find((row) => row.id !== record.id) ?? null;
}

// The record a record staff merged into another (lib/staff/duplicates.ts) stands for, or null.
export async function keptRecord<R extends { collection: Collection; data: RecordData }>(
  store: Pick<InboxStore, 'getRecord'>,
  record: R,
): Promise<(StoredRecord & { collection: R['collection'] }) | null> {
  const kept = record.data.mergedInto;
  if (typeof kept !== 'string') return null;
  const found = await store.getRecord(record.collection, kept);
  return found ? { ...found, collection: record.collection } : null;
}
