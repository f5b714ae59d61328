import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`certificates\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`signatory_name\` text,
  	\`signature_id\` integer,
  	\`updated_at\` text,
  	\`created_at\` text,
  	FOREIGN KEY (\`signature_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`certificates_signature_idx\` ON \`certificates\` (\`signature_id\`);`)
  await db.run(sql`CREATE TABLE \`certificates_locales\` (
  	\`signatory_role\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`certificates\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`certificates_locales_locale_parent_id_unique\` ON \`certificates_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_certificates_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_signatory_name\` text,
  	\`version_signature_id\` integer,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`version_signature_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_certificates_v_version_version_signature_idx\` ON \`_certificates_v\` (\`version_signature_id\`);`)
  await db.run(sql`CREATE INDEX \`_certificates_v_created_at_idx\` ON \`_certificates_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_certificates_v_updated_at_idx\` ON \`_certificates_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_certificates_v_locales\` (
  	\`version_signatory_role\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_certificates_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`_certificates_v_locales_locale_parent_id_unique\` ON \`_certificates_v_locales\` (\`_locale\`,\`_parent_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`certificates\`;`)
  await db.run(sql`DROP TABLE \`certificates_locales\`;`)
  await db.run(sql`DROP TABLE \`_certificates_v\`;`)
  await db.run(sql`DROP TABLE \`_certificates_v_locales\`;`)
}
