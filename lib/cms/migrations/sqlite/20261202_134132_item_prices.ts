import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`courses_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`courses\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`courses_prices_order_idx\` ON \`courses_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`courses_prices_parent_id_idx\` ON \`courses_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_courses_v_version_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_courses_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_courses_v_version_prices_order_idx\` ON \`_courses_v_version_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_courses_v_version_prices_parent_id_idx\` ON \`_courses_v_version_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`events_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`events_prices_order_idx\` ON \`events_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`events_prices_parent_id_idx\` ON \`events_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`events_tickets_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`events_tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`events_tickets_prices_order_idx\` ON \`events_tickets_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`events_tickets_prices_parent_id_idx\` ON \`events_tickets_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_events_v_version_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_events_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_events_v_version_prices_order_idx\` ON \`_events_v_version_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_prices_parent_id_idx\` ON \`_events_v_version_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_events_v_version_tickets_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_events_v_version_tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_events_v_version_tickets_prices_order_idx\` ON \`_events_v_version_tickets_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_tickets_prices_parent_id_idx\` ON \`_events_v_version_tickets_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`offers_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`offers\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`offers_prices_order_idx\` ON \`offers_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`offers_prices_parent_id_idx\` ON \`offers_prices\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_offers_v_version_prices\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`currency\` text,
  	\`amount\` numeric,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_offers_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_offers_v_version_prices_order_idx\` ON \`_offers_v_version_prices\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_offers_v_version_prices_parent_id_idx\` ON \`_offers_v_version_prices\` (\`_parent_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`courses_prices\`;`)
  await db.run(sql`DROP TABLE \`_courses_v_version_prices\`;`)
  await db.run(sql`DROP TABLE \`events_prices\`;`)
  await db.run(sql`DROP TABLE \`events_tickets_prices\`;`)
  await db.run(sql`DROP TABLE \`_events_v_version_prices\`;`)
  await db.run(sql`DROP TABLE \`_events_v_version_tickets_prices\`;`)
  await db.run(sql`DROP TABLE \`offers_prices\`;`)
  await db.run(sql`DROP TABLE \`_offers_v_version_prices\`;`)
}
