import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`reminders\` integer DEFAULT true;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_reminders\` integer DEFAULT true;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`reminders\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_reminders\`;`)
}
