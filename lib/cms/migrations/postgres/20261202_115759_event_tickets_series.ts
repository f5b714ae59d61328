import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_events_repeat" AS ENUM('none', 'weekly', 'fortnightly', 'monthly', 'dates');
  CREATE TYPE "public"."enum__events_v_version_repeat" AS ENUM('none', 'weekly', 'fortnightly', 'monthly', 'dates');
  CREATE TABLE "events_tickets" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"price" numeric,
  	"capacity" numeric
  );
  
  CREATE TABLE "events_tickets_locales" (
  	"name" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" varchar NOT NULL
  );
  
  CREATE TABLE "_events_v_version_tickets" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"price" numeric,
  	"capacity" numeric,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_events_v_version_tickets_locales" (
  	"name" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "events" ADD COLUMN "price" numeric;
  ALTER TABLE "events" ADD COLUMN "repeat" "enum_events_repeat" DEFAULT 'none';
  ALTER TABLE "events" ADD COLUMN "repeat_until" varchar;
  ALTER TABLE "events" ADD COLUMN "repeat_count" numeric;
  ALTER TABLE "events" ADD COLUMN "repeat_dates" varchar;
  ALTER TABLE "_events_v" ADD COLUMN "version_price" numeric;
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat" "enum__events_v_version_repeat" DEFAULT 'none';
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat_until" varchar;
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat_count" numeric;
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat_dates" varchar;
  ALTER TABLE "events_tickets" ADD CONSTRAINT "events_tickets_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "events_tickets_locales" ADD CONSTRAINT "events_tickets_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."events_tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_version_tickets" ADD CONSTRAINT "_events_v_version_tickets_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_events_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_version_tickets_locales" ADD CONSTRAINT "_events_v_version_tickets_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_events_v_version_tickets"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "events_tickets_order_idx" ON "events_tickets" USING btree ("_order");
  CREATE INDEX "events_tickets_parent_id_idx" ON "events_tickets" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "events_tickets_locales_locale_parent_id_unique" ON "events_tickets_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_events_v_version_tickets_order_idx" ON "_events_v_version_tickets" USING btree ("_order");
  CREATE INDEX "_events_v_version_tickets_parent_id_idx" ON "_events_v_version_tickets" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "_events_v_version_tickets_locales_locale_parent_id_unique" ON "_events_v_version_tickets_locales" USING btree ("_locale","_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "events_tickets" CASCADE;
  DROP TABLE "events_tickets_locales" CASCADE;
  DROP TABLE "_events_v_version_tickets" CASCADE;
  DROP TABLE "_events_v_version_tickets_locales" CASCADE;
  ALTER TABLE "events" DROP COLUMN "price";
  ALTER TABLE "events" DROP COLUMN "repeat";
  ALTER TABLE "events" DROP COLUMN "repeat_until";
  ALTER TABLE "events" DROP COLUMN "repeat_count";
  ALTER TABLE "events" DROP COLUMN "repeat_dates";
  ALTER TABLE "_events_v" DROP COLUMN "version_price";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat_until";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat_count";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat_dates";
  DROP TYPE "public"."enum_events_repeat";
  DROP TYPE "public"."enum__events_v_version_repeat";`)
}
