import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { postgresAdapter } from '@payloadcms/db-postgres';
import { sqliteAdapter } from '@payloadcms/db-sqlite';
import { buildConfig, type EmailAdapter } from 'payload';
import sharp from 'sharp';

import { cmsSettings } from '@/lib/config';
import { CMS_ADMIN, CMS_API } from '@/lib/http/cms-paths';
import { defaultLang, langs, locales } from '@/lib/i18n';
import { log } from '@/lib/log';
import { serverSecret } from '@/lib/security/server-secret';

import { editorsOnly, jobRunners } from './access';
import { recordSchedules } from './audit';
import { mediaStorage } from './bucket';
import { courses } from './collections/courses';
import { events } from './collections/events';
import { insights, partners, people, testimonials } from './collections/lists';
import { media } from './collections/media';
import { offers } from './collections/offers';
import { projects } from './collections/projects';
import { staff } from './collections/staff';
import { withDefaultTextsFirst } from './default-texts';
import { certificates } from './globals/certificates';
import { contact } from './globals/contact';
import { figures } from './globals/figures';
import { migrations as postgresMigrations } from './migrations/postgres';
import { migrations as sqliteMigrations } from './migrations/sqlite';
import { countOpenWrites } from './open-writes';
import { cmsLogger } from './refusals';
import { withOwnRowIds } from './row-ids';
import { settleSchema } from './schema';
import { seedFromData } from './seed';
import { writesTakeTurns } from './sqlite-locks';

// The CMS (Payload) inside the site: its admin and API under the staff workspace (./paths.ts), its
// content in SQLite in DATA_DIR, or in Postgres when CMS_DATABASE_URL is set (several instances). The
// schema follows migrations in lib/cms/migrations (`npm run cms -- migrate:create` after changing a
// collection), applied when the CMS starts (./schema.ts), never pushed.
const { dataDir, cms } = cmsSettings();

// Payload checks in development that its packages are all of one version, and throws where no one catches
// it (the server stops). The S3 adapter (./bucket.ts) is published one patch behind the rest on the
// registry the project installs from; tests/unit/payload-versions.test.ts keeps the check's purpose.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = 'true';

// The CMS sends no mail of its own (no passwords to reset): the site's letters go through lib/mail.
const noMail: EmailAdapter = () => ({
  name: 'none',
  defaultFromAddress: 'noreply@localhost',
  defaultFromName: 'Baobab Data',
  sendEmail: async () => {
    throw new Error('The CMS sends no mail: letters go through lib/mail');
  },
});

// How long a write on SQLite waits for the ones before it to finish. An upload holds its turn while its
// picture is resized: on a loaded two-core machine a 24-megapixel picture took over 15 s, and a publish
// queued behind it was answered 503 (the editor's worst day in docs/reliability.md).
const SQLITE_WAIT_MS = 60_000;

// The picture library's threads per picture: one core fewer than the machine has, so that a large
// picture being resized leaves a core to the server's own thread, which answers visitors.
sharp.concurrency(Math.max(1, availableParallelism() - 1));

const migrationDir = (store: string) => join(/*turbopackIgnore: true*/ process.cwd(), 'lib/cms/migrations', store);

export default buildConfig({
  secret: serverSecret('cms-secret', cms.secret, dataDir),
  serverURL: '',
  routes: { admin: CMS_ADMIN, api: CMS_API },
  admin: {
    user: staff.slug,
    // The default avatar is Payload's own drawing: Gravatar's would need the CSP opened to it.
    avatar: 'default',
    meta: { titleSuffix: ' - Baobab Data content', robots: 'noindex, nofollow' },
    importMap: {
      baseDir: join(process.cwd(), 'lib/cms'),
      importMapFile: join(process.cwd(), 'app/(payload)/staff/content/import-map.ts'),
    },
  },
  // Nothing is created or published without its texts in the default language (./default-texts.ts).
  collections: [staff, courses, events, offers, projects, insights, partners, people, testimonials, media]
    .map(withOwnRowIds)
    .map(withDefaultTextsFirst),
  globals: [figures, contact, certificates],
  // The pictures' files in a bucket when MEDIA_S3_* are set, else in the local folder (./bucket.ts).
  plugins: [mediaStorage()],
  // Resizes uploaded pictures (lib/cms/collections/media.ts).
  sharp,
  localization: {
    locales: langs.map((code) => ({ code, label: locales[code].name })),
    defaultLocale: defaultLang,
    // A text not yet translated shows the default language's, as data/ does for a missing translation.
    fallback: true,
  },
  db: cms.databaseUrl
    ? postgresAdapter({
        pool: { connectionString: cms.databaseUrl },
        migrationDir: migrationDir('postgres'),
        push: false,
      })
    : sqliteAdapter({
        client: { url: `file:${join(dataDir, 'cms.db')}` },
        migrationDir: migrationDir('sqlite'),
        push: false,
        // Each write in one transaction, as on Postgres: a write that fails half-way leaves nothing
        // (Payload leaves SQLite's off by default). IMMEDIATE takes the write lock at the start; this
        // process's writes take turns for it (./sqlite-locks.ts).
        transactionOptions: { behavior: 'immediate' },
        // The back office writes in a process of its own (scripts/lib/split-server.mjs): a read in the
        // visitors' process that meets one of its commits waits the few milliseconds the commit holds
        // the file, rather than failing at once. This process's own writes never wait here: they take
        // turns before they begin.
        busyTimeout: 5_000,
      }),
  // Scheduled publishing queues jobs; the server's publishing pass runs them (lib/cms/scheduled.ts), not
  // a cron of the CMS, which would also run in commands and tests and keep them from exiting. Its API's
  // run endpoint is for editors and that pass only.
  jobs: { access: { run: jobRunners, queue: editorsOnly, cancel: editorsOnly } },
  graphQL: { disable: true },
  telemetry: false,
  typescript: { outputFile: join(process.cwd(), 'lib/cms/payload-types.ts'), autoGenerate: false },
  // The migrations first (./schema.ts: in every NODE_ENV, and never by a command on a site that has run).
  onInit: async (payload) => {
    writesTakeTurns(payload, SQLITE_WAIT_MS);
    countOpenWrites(payload);
    await settleSchema(payload, cms.databaseUrl ? postgresMigrations : sqliteMigrations);
    recordSchedules(payload);
    await seedFromData(payload);
  },
  email: noMail,
  // The site's logger (JSON lines for the journal), with the CMS's lines marked as such; refusals are
  // one short line each (./refusals.ts), so each of Payload's refusals reaches it as an error with its
  // status rather than as a line of its own.
  logger: cmsLogger(log.child({ component: 'cms' })),
  loggingLevels: {
    Forbidden: 'error',
    Locked: 'error',
    MissingFile: 'error',
    NotFound: 'error',
    ValidationError: 'error',
  },
});
