import { readFileSync } from 'node:fs';

import { collections, itemField, payFilterIndexed } from '@/lib/storage/collections';
import { auditFilters, inboxFilters } from '@/lib/storage/firestore';
import { firestoreIndexes } from '@/lib/storage/firestore-indexes';
import { auditActions, auditTrails, paymentStatuses, submissionStatuses } from '@/lib/storage/types';

describe('firestore.indexes.json', () => {
  it('holds exactly the indexes the inbox and audit queries need (npm run firestore:indexes writes it)', () => {
    expect(JSON.parse(readFileSync('firestore.indexes.json', 'utf8'))).toEqual(firestoreIndexes());
  });

  it('has an index for a search with every filter on an event, ending newest first', () => {
    expect(firestoreIndexes().indexes).toContainEqual({
      collectionGroup: 'user',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: '_terms', arrayConfig: 'CONTAINS' },
        { fieldPath: '_status', order: 'ASCENDING' },
        { fieldPath: '_assignee', order: 'ASCENDING' },
        { fieldPath: 'event', order: 'ASCENDING' },
        { fieldPath: 'lang', order: 'ASCENDING' },
        { fieldPath: '_order', order: 'DESCENDING' },
      ],
    });
    // Firestore allows 200 composite indexes in a database.
    expect(firestoreIndexes().indexes.length).toBeLessThanOrEqual(200);
  });
});

const declared = new Set(
  firestoreIndexes().indexes.map(
    (index) => `${index.collectionGroup}|${index.fields.map((f) => f.fieldPath).join(',')}`,
  ),
);

describe('every inbox query on Firestore', () => {
  it('has an index: its equality and array filters are those of one index, which ends in _order', () => {
    let checked = 0;
    for (const collection of collections) {
      const field = itemField[collection];
      for (const term of [undefined, { text: 'am', exact: false }])
        for (const status of [undefined, ...submissionStatuses])
          for (const assignee of [undefined, '', 's@example.org'])
            for (const item of [undefined, ...(field ? [{ field, value: 'x' }] : [])])
              for (const lang of [undefined, 'fr'])
                // A paid event's payment state is asked on its own list only (payFilterIndexed).
                for (const payStatus of [
                  undefined,
                  ...(payFilterIndexed(collection, { item, assignee, lang }) ? paymentStatuses : []),
                ])
                  for (const after of [undefined, { date: 5, id: 'a' }])
                    for (const since of [undefined, 1]) {
                      const filters = inboxFilters({
                        collection,
                        term,
                        status,
                        assignee,
                        item,
                        lang,
                        payStatus,
                        after,
                        since,
                        limit: 50,
                      });
                      // Ranges are on the field the query orders by, as Firestore requires.
                      expect(
                        filters.filter((f) => f.op === '<' || f.op === '>=').every((f) => f.field === '_order'),
                      ).toBe(true);
                      const fields = filters.filter((f) => f.field !== '_order').map((f) => f.field);
                      if (fields.length > 0)
                        expect(declared).toContain(`${collection}|${[...fields, '_order'].join(',')}`);
                      checked += 1;
                    }
    }
    expect(checked).toBeGreaterThan(1200);
  });
});

describe('every audit query on Firestore', () => {
  it('has an index: its equalities are those of one index, which ends in _order', () => {
    let checked = 0;
    for (const trail of auditTrails)
      for (const what of [undefined, ...auditActions])
        for (const who of [undefined, 'staff@example.org', ''])
          for (const after of [undefined, { at: 5, id: 'a' }])
            for (const [since, before] of [[], [1], [undefined, 9], [1, 9]]) {
              const filters = auditFilters({ trail, what, who, after, since, before, limit: 50 });
              expect(filters.filter((f) => f.op !== '==').every((f) => f.field === '_order')).toBe(true);
              const fields = filters.filter((f) => f.field !== '_order').map((f) => f.field);
              expect(declared).toContain(`staffAudit|${[...fields, '_order'].join(',')}`);
              checked += 1;
            }
    expect(checked).toBeGreaterThan(600);
  });
});
