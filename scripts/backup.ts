// `npm run backup -- FILE`: a consistent copy of the SQLite store, made while the site keeps taking
// submissions. The Firestore store is backed up by Firestore's own managed export instead.
import { resolve } from 'node:path';

import { config } from '@/lib/config';
import { backupSqlite, sqliteFile } from '@/lib/storage/backup';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith('-')) {
  console.error('Usage: npm run backup -- FILE   (a new file, e.g. backups/baobab-2026-11-22.sqlite)');
  process.exit(2);
}

const settings = config();
if (settings.store.kind === 'firestore') {
  console.error(
    'The store is Firestore: use its managed export (gcloud firestore export gs://BUCKET), see "Backups" in the README.',
  );
  process.exit(2);
}

backupSqlite(sqliteFile(settings.dataDir), resolve(file)).then(
  ({ records, messages, version }) =>
    console.log(`Backed up ${records} records and ${messages} outbox messages (schema version ${version}) to ${file}`),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
