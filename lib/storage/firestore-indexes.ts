import { collections, isInboxPayable, isPayable, itemField } from './collections';

// The composite indexes the staff inbox and audit need on Firestore. `npm run firestore:indexes` writes
// them to firestore.indexes.json; a test checks the file is up to date.
export function firestoreIndexes() {
  return { indexes: [...inboxIndexes(), ...auditIndexes()], fieldOverrides: [] };
}

// The inbox (see inboxOf in ./firestore/inbox.ts): for each form, one per combination of the filters a
// page can ask for at once (a search's array-contains, the status, the assignee, the item, the
// language and, for a form that takes payments, the payment's state), each ending in `_order` newest
// first. A page with no filter, or with dates only, reads
// `_order` alone, which Firestore indexes by itself.

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export function inboxIndexes() {
  const indexes = collections.flatMap((collection) => {
    const item = itemField[collection];
    const filters = [
      '_terms',
      '_status',
      '_assignee',
      ...(item ? [item] : []),
      'lang',
      ...(isInboxPayable(collection) ? ['_pay'] : []),
    ];
    const combinations = Array.from({ length: 2 ** filters.length - 1 }, (_, mask) =>
      filters.filter((_, bit) => (mask + 1) & (1 << bit)),
    );
    // A paid event's payment state, on its own list only (collections.ts, itemPayFilters).
    const itemPay =
      item && isPayable(collection) && !isInboxPayable(collection)
        ? [[item], ['_status', item], ['_terms', item], ['_terms', '_status', item]].map((chosen) => [
            ...chosen,
            '_pay',
          ])
        : [];
    return [...combinations, ...itemPay].map((chosen) => ({
      collectionGroup: collection,
      queryScope: 'COLLECTION',
      fields: [
        ...chosen.map((fieldPath): IndexField =>
          fieldPath === '_terms' ? { fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath, order: 'ASCENDING' },
        ),
        { fieldPath: '_order', order: 'DESCENDING' } satisfies IndexField,
      ],
    }));
  });
  return indexes;
}

// The audit's pages (auditFilters in ./firestore/shared.ts): a trail, with the action, who, or both,
// ending in `_order` newest first.
export function auditIndexes() {
  return [[], ['what'], ['who'], ['what', 'who']].map((chosen) => ({
    collectionGroup: 'staffAudit',
    queryScope: 'COLLECTION',
    fields: [
      ...['_trail', ...chosen].map((fieldPath): IndexField => ({ fieldPath, order: 'ASCENDING' })),
      { fieldPath: '_order', order: 'DESCENDING' } satisfies IndexField,
    ],
  }));
}
