// One instance of the site's CMS in a process of its own (tests/cms/postgres.test.ts): it starts the CMS
// (migrations, then the seed of an empty database) on the CMS_DATABASE_URL it is given, does what its
// argument asks, and prints what it then reads, as JSON.
import { cms, cmsCourse } from '@/lib/cms';
import { defaultLang, langs } from '@/lib/i18n';

// The table's other language (French), whose duration the test reads.
const other = langs.find((lang) => lang !== defaultLang)!;

const payload = await cms();
const [action, value] = process.argv.slice(2);
if (action === 'rename') {
  const { docs } = await payload.find({
    collection: 'courses',
    where: { slug: { equals: 'data-analysis-with-python' } },
  });
  await payload.update({ collection: 'courses', id: docs[0]!.id, data: { title: value, _status: 'published' } });
}
const count = async (collection: 'courses' | 'events' | 'offers') => (await payload.count({ collection })).totalDocs;
console.log(
  JSON.stringify({
    courses: await count('courses'),
    events: await count('events'),
    offers: await count('offers'),
    title: (await cmsCourse('data-analysis-with-python', 'en'))?.title,
    french: (await cmsCourse('data-analysis-with-python', other))?.duration,
  }),
);
await payload.destroy();
process.exit(0);
