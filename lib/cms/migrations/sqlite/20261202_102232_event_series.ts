import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat\` text DEFAULT 'none';`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat_until\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat_count\` numeric;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat_dates\` text;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat\` text DEFAULT 'none';`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat_until\` text;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat_count\` numeric;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat_dates\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat_until\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat_count\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat_dates\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat_until\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat_count\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat_dates\`;`)
}
