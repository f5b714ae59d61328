// Writes firestore.indexes.json from the inbox's queries (lib/storage/firestore-indexes.ts), for
// `firebase deploy --only firestore:indexes`.
import { writeFileSync } from 'node:fs';

import { inboxIndexes } from '../lib/storage/firestore-indexes';

writeFileSync('firestore.indexes.json', `${JSON.stringify(inboxIndexes(), null, 2)}\n`);
console.log(`firestore.indexes.json: ${inboxIndexes().indexes.length} composite indexes`);
