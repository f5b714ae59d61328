import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_events_repeat" AS ENUM('none', 'weekly', 'fortnightly', 'monthly', 'dates');
  CREATE TYPE "public"."enum__events_v_version_repeat" AS ENUM('none', 'weekly', 'fortnightly', 'monthly', 'dates');
  ALTER TABLE "events" ADD COLUMN "repeat" "enum_events_repeat" DEFAULT 'none';
  ALTER TABLE "events" ADD COLUMN "repeat_until" varchar;
  ALTER TABLE "events" ADD COLUMN "repeat_count" numeric;
  ALTER TABLE "events" ADD COLUMN "repeat_dates" varchar;
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat" "enum__events_v_version_repeat" DEFAULT 'none';
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat_until" varchar;
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat_count" numeric;
  ALTER TABLE "_events_v" ADD COLUMN "version_repeat_dates" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" DROP COLUMN "repeat";
  ALTER TABLE "events" DROP COLUMN "repeat_until";
  ALTER TABLE "events" DROP COLUMN "repeat_count";
  ALTER TABLE "events" DROP COLUMN "repeat_dates";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat_until";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat_count";
  ALTER TABLE "_events_v" DROP COLUMN "version_repeat_dates";
  DROP TYPE "public"."enum_events_repeat";
  DROP TYPE "public"."enum__events_v_version_repeat";`)
}
