import { readFileSync } from 'node:fs';

import { collections, isPayable, itemField } from '@/lib/storage/collections';
import { inboxFilters } from '@/lib/storage/firestore';
import { inboxIndexes } from '@/lib/storage/firestore-indexes';
import { paymentStatuses, submissionStatuses } from '@/lib/storage/types';

describe('firestore.indexes.json', () => {
  it('holds exactly the indexes the inbox queries need (npm run firestore:indexes writes it)', () => {
    expect(JSON.parse(readFileSync('firestore.indexes.json', 'utf8'))).toEqual(inboxIndexes());
  });

  it('has an index for a search with every filter on an event, ending newest first', () => {
    expect(inboxIndexes().indexes).toContainEqual({
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
    expect(inboxIndexes().indexes.length).toBeLessThanOrEqual(200);
  });
});

describe('every inbox query on Firestore', () => {
  it('has an index: its equality and array filters are those of one index, which ends in _order', () => {
    const declared = new Set(
      inboxIndexes().indexes.map(
        (index) => `${index.collectionGroup}|${index.fields.map((f) => f.fieldPath).join(',')}`,
      ),
    );
    let checked = 0;
    for (const collection of collections) {
      const field = itemField[collection];
      for (const term of [undefined, { text: 'am', exact: false }])
        for (const status of [undefined, ...submissionStatuses])
          for (const assignee of [undefined, '', 's@example.org'])
            for (const item of [undefined, ...(field ? [{ field, value: 'x' }] : [])])
              for (const lang of [undefined, 'fr'])
                for (const payStatus of [undefined, ...(isPayable(collection) ? paymentStatuses : [])])
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
