import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`events_tickets\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`price\` numeric,
  	\`capacity\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`events_tickets_order_idx\` ON \`events_tickets\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`events_tickets_parent_id_idx\` ON \`events_tickets\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`events_tickets_locales\` (
  	\`name\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events_tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`events_tickets_locales_locale_parent_id_unique\` ON \`events_tickets_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_events_v_version_tickets\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`price\` numeric,
  	\`capacity\` numeric,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_events_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_events_v_version_tickets_order_idx\` ON \`_events_v_version_tickets\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_tickets_parent_id_idx\` ON \`_events_v_version_tickets\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_events_v_version_tickets_locales\` (
  	\`name\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_events_v_version_tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`_events_v_version_tickets_locales_locale_parent_id_unique\` ON \`_events_v_version_tickets_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`price\` numeric;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat\` text DEFAULT 'none';`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat_until\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat_count\` numeric;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`repeat_dates\` text;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_price\` numeric;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat\` text DEFAULT 'none';`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat_until\` text;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat_count\` numeric;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_repeat_dates\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`events_tickets\`;`)
  await db.run(sql`DROP TABLE \`events_tickets_locales\`;`)
  await db.run(sql`DROP TABLE \`_events_v_version_tickets\`;`)
  await db.run(sql`DROP TABLE \`_events_v_version_tickets_locales\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`price\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat_until\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat_count\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`repeat_dates\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_price\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat_until\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat_count\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_repeat_dates\`;`)
}
