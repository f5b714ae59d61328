// `npm run backup -- FILE`: a consistent copy of the SQLite store, made while the site keeps taking
// submissions, readable by its owner only. The secrets a restore on another host needs go beside it:
// the generated link and XSRF keys of DATA_DIR (FILE.link-secret, FILE.xsrf-secret, mode 600), unless
// LINK_SECRET and XSRF_SECRET are set, in which case .env holds them. Without the link key, the
// unsubscribe links in mail already sent stop working. A backup made is in the staff audit trail of the
// live store, as the operator's (the copy, taken just before, does not hold that entry). The content
// editor's database goes beside it as FILE.cms.db when the CMS is on SQLite (with CMS_DATABASE_URL,
// Postgres is backed up with pg_dump), and its uploaded pictures as the folder FILE.media, unless they are
// in a bucket (MEDIA_S3_*): then it says so and how to copy them. The Firestore store is backed up by
// Firestore's own managed export instead.
import { chmodSync, copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { config } from '@/lib/config';
import {
  backupCms,
  backupMedia,
  backupSqlite,
  cmsBackupOf,
  cmsFile,
  getStore,
  mediaBackupOf,
  sqliteFile,
} from '@/lib/storage';
import { auditEntry, operator } from '@/lib/team';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0 || file.startsWith('-')) {
  console.error('Usage: npm run backup -- FILE   (a new file, e.g. backups/baobab-2026-11-22.sqlite)');
  process.exit(2);
}

const settings = config();
// Pictures in a bucket are not copied here: the bucket is their store, copied by the service's own tools.
const { bucket } = settings.cms;
const bucketNote =
  bucket &&
  `The pictures uploaded in the editor are in the bucket ${bucket.bucket} at ${bucket.endpoint}, not in this backup: copy them with the service's tools, e.g. aws s3 sync s3://${bucket.bucket} ${file}.media --endpoint-url ${bucket.endpoint} (docs/operations.md, "Several hosts").`;
if (settings.store.kind === 'firestore') {
  console.error(
    'The store is Firestore: use its managed export (gcloud firestore export gs://BUCKET), see "4. Back up" in docs/operations.md.',
  );
  if (bucketNote) console.error(bucketNote);
  process.exit(2);
}

// The keys lib/security/server-secret.ts generated in DATA_DIR, when no setting replaces them.
function copySecrets(target: string): string[] {
  const generated = [
    ['link-secret', settings.linkSecret],
    ['xsrf-secret', settings.xsrfSecret],
  ] as const;
  return generated.flatMap(([name, setting]) => {
    const source = join(settings.dataDir, name);
    if (setting || !existsSync(source)) return [];
    copyFileSync(source, `${target}.${name}`);
    chmodSync(`${target}.${name}`, 0o600);
    return [`${file}.${name}`];
  });
}

backupSqlite(sqliteFile(settings.dataDir), resolve(file)).then(
  async ({ records, messages, version }) => {
    console.log(`Backed up ${records} records and ${messages} outbox messages (schema version ${version}) to ${file}`);
    const secrets = copySecrets(resolve(file));
    if (secrets.length) console.log(`and the keys a restore needs to ${secrets.join(', ')}`);
    if (!settings.cms.databaseUrl && existsSync(cmsFile(settings.dataDir))) {
      await backupCms(cmsFile(settings.dataDir), cmsBackupOf(resolve(file)));
      console.log(`and the content editor's database to ${cmsBackupOf(file)}`);
    }
    const pictures = bucket ? 0 : backupMedia(settings.cms.mediaDir, mediaBackupOf(resolve(file)));
    if (pictures) console.log(`and ${pictures} picture files uploaded in the editor to ${mediaBackupOf(file)}`);
    if (bucketNote) console.log(bucketNote);
    const store = getStore();
    try {
      await store.addAudit(
        auditEntry('command-backup', operator(), `${records} records, ${messages} mails to ${file}`, Date.now()),
      );
    } catch (error) {
      console.error(
        `The backup is made, but the audit trail could not record it: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    } finally {
      await store.close();
    }
  },
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
