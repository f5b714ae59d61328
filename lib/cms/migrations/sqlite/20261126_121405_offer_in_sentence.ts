import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-sqlite';

import { content } from '@/lib/content';
import { langs } from '@/lib/i18n';

// Offers name themselves in sentences as events do ("the … programme"). The offers already in the
// database take the words of data/ for their slug, any other its title, so none is left without them.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`offers_locales\` ADD \`in_sentence\` text;`);
  await db.run(sql`ALTER TABLE \`_offers_v_locales\` ADD \`version_in_sentence\` text;`);
  for (const lang of langs) {
    for (const offer of content(lang).offers) {
      await db.run(
        sql`UPDATE \`offers_locales\` SET \`in_sentence\` = ${offer.inSentence} WHERE \`_locale\` = ${lang} AND \`_parent_id\` IN (SELECT \`id\` FROM \`offers\` WHERE \`slug\` = ${offer.slug});`,
      );
    }
  }
  await db.run(sql`UPDATE \`offers_locales\` SET \`in_sentence\` = \`title\` WHERE \`in_sentence\` IS NULL;`);
  await db.run(
    sql`UPDATE \`_offers_v_locales\` SET \`version_in_sentence\` = \`version_title\` WHERE \`version_in_sentence\` IS NULL;`,
  );
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`offers_locales\` DROP COLUMN \`in_sentence\`;`);
  await db.run(sql`ALTER TABLE \`_offers_v_locales\` DROP COLUMN \`version_in_sentence\`;`);
}
