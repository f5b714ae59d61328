// `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the SQLite store.
// The site must be stopped; the replaced store is kept beside the restored one. The restore is in the
// staff audit trail of the restored store, as the operator's, written once it is in place. The content
// editor's database comes back too when the backup has it (FILE.cms.db) and the CMS is on SQLite, and
// its uploaded pictures (FILE.media) are added to CMS_MEDIA_DIR.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

import { config } from '@/lib/config';
import {
  cmsBackupOf,
  cmsFile,
  getStore,
  mediaBackupOf,
  restoreCms,
  restoreMedia,
  restoreSqlite,
  sqliteFile,
} from '@/lib/storage';
import { auditEntry, operator } from '@/lib/team';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith('-')) {
  console.error('Usage: npm run restore -- FILE   (with the site stopped)');
  process.exit(2);
}

const settings = config();
if (settings.store.kind === 'firestore') {
  console.error(
    'The store is Firestore: restore with its managed import (gcloud firestore import gs://BUCKET/PREFIX), see "4. Back up" in docs/operations.md.',
  );
  process.exit(2);
}

restoreSqlite(resolve(file), sqliteFile(settings.dataDir)).then(
  async ({ records, messages, version, previous }) => {
    console.log(`Restored ${records} records and ${messages} outbox messages (schema version ${version}) from ${file}`);
    if (previous) console.log(`The store it replaced is kept as ${previous}`);
    const content = cmsBackupOf(resolve(file));
    if (existsSync(content) && !settings.cms.databaseUrl) {
      const cms = await restoreCms(content, cmsFile(settings.dataDir));
      console.log(`Restored the content editor's database from ${cmsBackupOf(file)}`);
      if (cms.previous) console.log(`The content database it replaced is kept as ${cms.previous}`);
    }
    const { bucket } = settings.cms;
    if (existsSync(mediaBackupOf(resolve(file))) && bucket) {
      console.log(
        `The pictures of ${mediaBackupOf(file)} go to the bucket ${bucket.bucket}, not to a folder: copy them there with the service's tools, e.g. aws s3 sync ${mediaBackupOf(file)} s3://${bucket.bucket} --endpoint-url ${bucket.endpoint}`,
      );
    } else if (existsSync(mediaBackupOf(resolve(file)))) {
      const pictures = restoreMedia(mediaBackupOf(resolve(file)), settings.cms.mediaDir);
      console.log(`Put back ${pictures} picture files uploaded in the editor from ${mediaBackupOf(file)}`);
    }
    const store = getStore();
    try {
      await store.addAudit(
        auditEntry('command-restore', operator(), `${records} records, ${messages} mails from ${file}`, Date.now()),
      );
    } catch (error) {
      console.error(
        `The store is restored, but the audit trail could not record it: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    } finally {
      await store.close();
    }
  },
  (error: unknown) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
