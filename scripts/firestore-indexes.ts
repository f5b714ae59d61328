// Writes firestore.indexes.json from the inbox's and the audit's queries (lib/storage/firestore-indexes.ts), for
// `firebase deploy --only firestore:indexes`.
import { writeFileSync } from 'node:fs';

import { firestoreIndexes } from '@/lib/storage';

const file = firestoreIndexes();
writeFileSync('firestore.indexes.json', `${JSON.stringify(file, null, 2)}\n`);
console.log(`firestore.indexes.json: ${file.indexes.length} composite indexes`);
