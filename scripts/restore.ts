// `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the SQLite store.
// The site must be stopped; the replaced store is kept beside the restored one.
import { resolve } from 'node:path';

import { config } from '@/lib/config';
import { restoreSqlite, sqliteFile } from '@/lib/storage/backup';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith('-')) {
  console.error('Usage: npm run restore -- FILE   (with the site stopped)');
  process.exit(2);
}

const settings = config();
if (settings.store.kind === 'firestore') {
  console.error(
    'The store is Firestore: restore with its managed import (gcloud firestore import gs://BUCKET/PREFIX), see "Backups" in the README.',
  );
  process.exit(2);
}

restoreSqlite(resolve(file), sqliteFile(settings.dataDir)).then(
  ({ records, messages, version, previous }) => {
    console.log(`Restored ${records} records and ${messages} outbox messages (schema version ${version}) from ${file}`);
    if (previous) console.log(`The store it replaced is kept as ${previous}`);
  },
  (error: unknown) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
