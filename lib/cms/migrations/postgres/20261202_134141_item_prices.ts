import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_courses_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum__courses_v_version_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum_events_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum_events_tickets_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum__events_v_version_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum__events_v_version_tickets_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum_offers_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TYPE "public"."enum__offers_v_version_prices_currency" AS ENUM('NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF');
  CREATE TABLE "courses_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"currency" "enum_courses_prices_currency",
  	"amount" numeric
  );
  
  CREATE TABLE "_courses_v_version_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"currency" "enum__courses_v_version_prices_currency",
  	"amount" numeric,
  	"_uuid" varchar
  );
  
  CREATE TABLE "events_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"currency" "enum_events_prices_currency",
  	"amount" numeric
  );
  
  CREATE TABLE "events_tickets_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"currency" "enum_events_tickets_prices_currency",
  	"amount" numeric
  );
  
  CREATE TABLE "_events_v_version_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"currency" "enum__events_v_version_prices_currency",
  	"amount" numeric,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_events_v_version_tickets_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"currency" "enum__events_v_version_tickets_prices_currency",
  	"amount" numeric,
  	"_uuid" varchar
  );
  
  CREATE TABLE "offers_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"currency" "enum_offers_prices_currency",
  	"amount" numeric
  );
  
  CREATE TABLE "_offers_v_version_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"currency" "enum__offers_v_version_prices_currency",
  	"amount" numeric,
  	"_uuid" varchar
  );
  
  ALTER TABLE "courses_prices" ADD CONSTRAINT "courses_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_courses_v_version_prices" ADD CONSTRAINT "_courses_v_version_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_courses_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "events_prices" ADD CONSTRAINT "events_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "events_tickets_prices" ADD CONSTRAINT "events_tickets_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."events_tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_version_prices" ADD CONSTRAINT "_events_v_version_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_events_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_version_tickets_prices" ADD CONSTRAINT "_events_v_version_tickets_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_events_v_version_tickets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "offers_prices" ADD CONSTRAINT "offers_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_offers_v_version_prices" ADD CONSTRAINT "_offers_v_version_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_offers_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "courses_prices_order_idx" ON "courses_prices" USING btree ("_order");
  CREATE INDEX "courses_prices_parent_id_idx" ON "courses_prices" USING btree ("_parent_id");
  CREATE INDEX "_courses_v_version_prices_order_idx" ON "_courses_v_version_prices" USING btree ("_order");
  CREATE INDEX "_courses_v_version_prices_parent_id_idx" ON "_courses_v_version_prices" USING btree ("_parent_id");
  CREATE INDEX "events_prices_order_idx" ON "events_prices" USING btree ("_order");
  CREATE INDEX "events_prices_parent_id_idx" ON "events_prices" USING btree ("_parent_id");
  CREATE INDEX "events_tickets_prices_order_idx" ON "events_tickets_prices" USING btree ("_order");
  CREATE INDEX "events_tickets_prices_parent_id_idx" ON "events_tickets_prices" USING btree ("_parent_id");
  CREATE INDEX "_events_v_version_prices_order_idx" ON "_events_v_version_prices" USING btree ("_order");
  CREATE INDEX "_events_v_version_prices_parent_id_idx" ON "_events_v_version_prices" USING btree ("_parent_id");
  CREATE INDEX "_events_v_version_tickets_prices_order_idx" ON "_events_v_version_tickets_prices" USING btree ("_order");
  CREATE INDEX "_events_v_version_tickets_prices_parent_id_idx" ON "_events_v_version_tickets_prices" USING btree ("_parent_id");
  CREATE INDEX "offers_prices_order_idx" ON "offers_prices" USING btree ("_order");
  CREATE INDEX "offers_prices_parent_id_idx" ON "offers_prices" USING btree ("_parent_id");
  CREATE INDEX "_offers_v_version_prices_order_idx" ON "_offers_v_version_prices" USING btree ("_order");
  CREATE INDEX "_offers_v_version_prices_parent_id_idx" ON "_offers_v_version_prices" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "courses_prices" CASCADE;
  DROP TABLE "_courses_v_version_prices" CASCADE;
  DROP TABLE "events_prices" CASCADE;
  DROP TABLE "events_tickets_prices" CASCADE;
  DROP TABLE "_events_v_version_prices" CASCADE;
  DROP TABLE "_events_v_version_tickets_prices" CASCADE;
  DROP TABLE "offers_prices" CASCADE;
  DROP TABLE "_offers_v_version_prices" CASCADE;
  DROP TYPE "public"."enum_courses_prices_currency";
  DROP TYPE "public"."enum__courses_v_version_prices_currency";
  DROP TYPE "public"."enum_events_prices_currency";
  DROP TYPE "public"."enum_events_tickets_prices_currency";
  DROP TYPE "public"."enum__events_v_version_prices_currency";
  DROP TYPE "public"."enum__events_v_version_tickets_prices_currency";
  DROP TYPE "public"."enum_offers_prices_currency";
  DROP TYPE "public"."enum__offers_v_version_prices_currency";`)
}
