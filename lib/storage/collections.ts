// Each form's operation name and the collection its records go to, under the spec's names, so the
// organisation's existing Firestore data stays readable (docs/product.md §3). The store owns the names;
// the forms, the export and the words of the forms read them from here without importing the registry
// (which imports them all), and lib/forms/registry.ts declares one form per entry.
export const formCollections = {
  enrol: 'enrolment',
  contactUs: 'contact',
  subscribe: 'newsletter',
  registerEvent: 'user',
  registerOffer: 'offer',
} as const;

export type FormOperation = keyof typeof formCollections;
export type FormCollection = (typeof formCollections)[FormOperation];

export type Collection = FormCollection;

export const collections = Object.values(formCollections) as FormCollection[];

// The field naming the course, event or offer a record is for, in the forms that have one: the staff
// workspace filters and counts by it, and the stores index it.
export const itemField: Partial<Record<FormCollection, string>> = {
  enrolment: 'course',
  user: 'event',
  offer: 'offer',
};

// Items named by a key `collection:value` (an enrolment's course title, an event's or offer's slug), as
// the staff workspace and the letters' audiences name them. Any such key is an item: a list whose event
// was deleted from the CMS, or a course renamed since, is still found by it, and a key no record has is an
// empty list.
const ITEM_VALUE = /^[^\p{Cc}]{1,200}$/u;

export function parseItem(key: string | undefined): { collection: Collection; field: string; value: string } | null {
  if (!key) return null;
  const at = key.indexOf(':');
  const collection = key.slice(0, at) as Collection;
  const field = collections.includes(collection) ? itemField[collection] : undefined;
  const value = key.slice(at + 1);
  return at > 0 && field && ITEM_VALUE.test(value) ? { collection, field, value } : null;
}

// The forms whose records may carry a payment (docs/product.md §14): a course's fee, an offer's price, a
// paid event's place.
export const payableCollections = ['enrolment', 'offer', 'user'] as const satisfies readonly FormCollection[];
export type PayableCollection = (typeof payableCollections)[number];

export function isPayable(collection: Collection): collection is PayableCollection {
  return (payableCollections as readonly string[]).includes(collection);
}

// The forms whose payment state the inbox filters with any other filter. A paid event's payments are
// filtered on the event's own list (the staff's item page: the event, spam left out, a search for one
// address): Firestore's 200 composite indexes leave no room for every combination on a third form
// (lib/storage/firestore-indexes.ts).
export const inboxPayableCollections = ['enrolment', 'offer'] as const satisfies readonly PayableCollection[];

export function isInboxPayable(collection: Collection): boolean {
  return (inboxPayableCollections as readonly string[]).includes(collection);
}

// Whether a payment state may be asked of this form with these other filters: on a form the inbox
// filters by payment, with any; on a paid event's, with the event, and at most a search and the status.
export function payFilterIndexed(
  collection: Collection,
  query: { item?: unknown; assignee?: unknown; lang?: unknown },
): boolean {
  if (!isPayable(collection)) return false;
  return (
    isInboxPayable(collection) || (query.item !== undefined && query.assignee === undefined && query.lang === undefined)
  );
}

export function isCollection(value: string): value is FormCollection {
  return (collections as string[]).includes(value);
}
