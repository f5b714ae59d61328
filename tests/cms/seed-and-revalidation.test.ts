import { rmSync } from 'node:fs';

import { afterAll, beforeAll, expect, it } from '@jest/globals';

import { defaultLang, langs } from '@/lib/i18n';

import { revalidated, startCms } from './setup';

// The table's other language, whose words (French) these tests read.
const other = langs.find((lang) => lang !== defaultLang)!;

// An empty database is filled from data/ (lib/cms/seed.ts), and a published change regenerates the
// pages that show it, in every language (lib/cms/revalidate.ts).
let cms: Awaited<ReturnType<typeof startCms>>;

beforeAll(async () => {
  // A new database, never the run's seeded copy: its seeding is what this file proves.
  cms = await startCms({ fromCopy: false });
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

it('serves, in every language, the courses, events and offers of data/ from a new database, and seeds only once', async () => {
  const {
    cmsContact,
    cmsCourses,
    cmsEvents,
    cmsFigures,
    cmsInsights,
    cmsOffers,
    cmsPartners,
    cmsPeople,
    cmsProjects,
    cmsTestimonials,
  } = await import('@/lib/cms');
  const { content } = await import('@/lib/content');
  const { langs } = await import('@/lib/i18n');
  const { seedFromData } = await import('@/lib/cms/seed');
  for (const lang of langs) {
    // Each course with its key: the English title it had in data/, which older records name it by.
    expect(await cmsCourses(lang)).toEqual(
      content(lang).courses.map((course, i) => ({ ...course, key: content('en').courses[i]!.title })),
    );
    expect(await cmsEvents(lang)).toEqual(content(lang).events);
    expect(await cmsOffers(lang)).toEqual(content(lang).offers);
    // The shorter lists, in data/'s order, each language's texts with its entry.
    expect(await cmsInsights(lang)).toEqual(content(lang).insights);
    expect(await cmsPartners(lang)).toEqual(content(lang).partners);
    expect(await cmsPeople(lang, 'founders')).toEqual(content(lang).founders);
    expect(await cmsPeople(lang, 'advisoryBoard')).toEqual(content(lang).advisoryBoard);
    expect(await cmsTestimonials(lang)).toEqual(content(lang).testimonials);
    // Each project's card and page, its address made from its English title and number.
    expect(await cmsProjects(lang)).toEqual(
      content(lang).projectSummaries.map((summary) => ({
        summary: { ...summary, slug: 'water-point-watch-1' },
        detail: content(lang).projectDetails[summary.id - 1],
      })),
    );
  }
  const { projectStats, academyStats } = content('en');
  expect(await cmsFigures()).toEqual({ projectStats, academyStats });
  const { contactInfo, socialLinks } = content('en');
  expect(await cmsContact()).toEqual({ contactInfo, socialLinks });
  expect(revalidated).toEqual([]);
  await seedFromData(cms.payload);
  expect(await cms.payload.count({ collection: 'courses' })).toEqual({ totalDocs: content('en').courses.length });
  expect(await cms.payload.count({ collection: 'events' })).toEqual({ totalDocs: content('en').events.length });
  expect(await cms.payload.count({ collection: 'offers' })).toEqual({ totalDocs: content('en').offers.length });
});

it('shows the lists in the order staff drag them to, regenerates their pages, and keeps drafts for the preview', async () => {
  const { cmsInsights } = await import('@/lib/cms');
  const { docs } = await cms.payload.find({ collection: 'insights', sort: '_order' });
  revalidated.length = 0;
  // Dragged to the top: ordered before the first.
  const first = docs[0]!;
  const last = docs[docs.length - 1]!;
  await cms.payload.update({
    collection: 'insights',
    id: last.id,
    data: { _order: `${String(first._order)}`.replace(/.$/, (c) => String.fromCharCode(c.charCodeAt(0) - 1)) },
  });
  expect((await cmsInsights('en')).map((i) => i.title)[0]).toBe(last.title);
  expect(revalidated).toEqual(['/[lang] (page)', '/[lang]/insights (page)']);
  await cms.payload.update({ collection: 'insights', id: last.id, draft: true, data: { title: 'Not yet published' } });
  expect((await cmsInsights('en'))[0]!.title).toBe(last.title);
  expect((await cmsInsights('en', { draft: true }))[0]!.title).toBe('Not yet published');
  // The schema of data/ holds in the editor: an insight links to an article on the web.
  await expect(
    cms.payload.update({ collection: 'insights', id: first.id, data: { link: 'javascript:alert(1)' } }),
  ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'link' })] } });
});

it('publishes a project written in Markdown, keeps its address through a rename, and checks it as data/ is checked', async () => {
  const { cmsProject, cmsProjects } = await import('@/lib/cms');
  const [seeded] = (await cms.payload.find({ collection: 'projects', limit: 1 })).docs;
  revalidated.length = 0;
  await cms.payload.update({
    collection: 'projects',
    id: seeded!.id,
    locale: other,
    data: { title: 'Veille des points d’eau', objective: '- Cartographier 500 points\n- Publier **chaque mois**' },
  });
  expect(revalidated).toEqual(['/[lang]/projects (layout)', '/[lang] (page)', '/sitemap.xml']);
  const french = await cmsProject('water-point-watch-1', other);
  // Its address keeps the default language's words; its French title and Markdown are the French page's.
  expect(french?.summary).toMatchObject({ title: 'Veille des points d’eau', slug: 'water-point-watch-1' });
  expect(french?.detail.objective).toBe(
    '<ul>\n<li>Cartographier 500 points</li>\n<li>Publier <strong>chaque mois</strong></li>\n</ul>',
  );
  // Renamed: the new words are its address, and the old ones still find it by its number.
  await cms.payload.update({ collection: 'projects', id: seeded!.id, data: { title: 'Water Point Map' } });
  expect((await cmsProject('water-point-watch-1', 'en'))?.summary.slug).toBe('water-point-map-1');

  // A new project: a draft is not on the site until published.
  const created = await cms.payload.create({
    collection: 'projects',
    locale: 'en',
    draft: true,
    data: {
      title: 'School Meals Ledger',
      summary: 'An open ledger of school meal deliveries.',
      problem: 'meals paid for are not always served.',
      img: '/images/projects/water-point-watch.svg',
      desc: 'Started with **three** schools.',
      problemInDepth: 'Deliveries are recorded on paper.',
      objective: '- Publish every delivery',
      solution: 'A form on a basic phone.',
      target: 'Parents and head teachers.',
      team: [{ name: 'Ama Owusu', title: 'Lead', link: 'https://example.org/ama' }],
      _status: 'draft',
    } as never,
  });
  expect((await cmsProjects('en')).map((p) => p.summary.title)).not.toContain('School Meals Ledger');
  expect((await cmsProjects('en', { draft: true })).map((p) => p.summary.title)).toContain('School Meals Ledger');
  await cms.payload.update({ collection: 'projects', id: created.id, data: { _status: 'published' } as never });
  expect((await cmsProject(`school-meals-ledger-${created.id}`, 'en'))?.detail.desc).toBe(
    '<p>Started with <strong>three</strong> schools.</p>',
  );
  // The rules of data/projects.ts: a team member's profile and the project's link are web addresses.
  for (const [data, path] of [
    [{ project_link: 'javascript:alert(1)' }, 'project_link'],
    [{ team: [{ name: 'X', title: 'Y', link: 'not a link' }] }, 'team'],
    [{ desc: '   ' }, 'desc'],
  ] as const) {
    await expect(
      cms.payload.update({ collection: 'projects', id: created.id, data: data as never }),
    ).rejects.toMatchObject({
      data: { errors: [expect.objectContaining({ path: expect.stringContaining(path) })] },
    });
  }
  await cms.payload.delete({ collection: 'projects', id: created.id });
  await cms.payload.update({ collection: 'projects', id: seeded!.id, data: { title: 'Water Point Watch' } });
});

it('changes the contact details on every page at once, and checks them as data/site.ts is checked', async () => {
  const { cmsContact } = await import('@/lib/cms');
  const before = await cmsContact();
  revalidated.length = 0;
  await cms.payload.updateGlobal({ slug: 'contact', data: { phone: '+234 1 555 0199' } });
  expect((await cmsContact()).contactInfo.phone).toBe('+234 1 555 0199');
  // Every page's footer shows it.
  expect(revalidated).toEqual(['/ (layout)']);
  for (const [data, path] of [
    [{ phone: 'call us' }, 'phone'],
    [{ email: 'hello at baobab' }, 'email'],
    [{ socialLinks: before.socialLinks.slice(0, 3) }, 'socialLinks'],
    [{ socialLinks: [...before.socialLinks.slice(1), { name: 'Bad', href: 'javascript:alert(1)' }] }, 'socialLinks'],
  ] as const) {
    await expect(cms.payload.updateGlobal({ slug: 'contact', data: data as never })).rejects.toMatchObject({
      data: { errors: [expect.objectContaining({ path: expect.stringContaining(path) })] },
    });
  }
  await cms.payload.updateGlobal({ slug: 'contact', data: { phone: before.contactInfo.phone } });
  expect(await cmsContact()).toEqual(before);
});

it('regenerates the event pages, the lists, Home and the sitemap when an event is published, and shows no draft', async () => {
  const { cmsEvent } = await import('@/lib/cms');
  const [event] = (await cms.payload.find({ collection: 'events', limit: 1 })).docs;
  revalidated.length = 0;
  await cms.payload.update({ collection: 'events', id: event!.id, locale: other, data: { tagline: 'Nouveau.' } });
  expect(revalidated).toEqual(['/[lang]/events (layout)', '/[lang] (page)', '/sitemap.xml']);
  expect((await cmsEvent(event!.slug as string, other))?.tagline).toBe('Nouveau.');

  await cms.payload.update({ collection: 'events', id: event!.id, draft: true, data: { title: 'Not yet' } });
  expect((await cmsEvent(event!.slug as string, 'en'))?.title).toBe(event!.title);
});

it('regenerates the offer pages, the lists, Home and the sitemap when an offer changes, and checks its price', async () => {
  const [offer] = (await cms.payload.find({ collection: 'offers', limit: 1 })).docs;
  revalidated.length = 0;
  await cms.payload.update({ collection: 'offers', id: offer!.id, data: { capacity: 30 } });
  expect(revalidated).toEqual(['/[lang]/offers (layout)', '/[lang] (page)', '/sitemap.xml']);
  // The price arithmetic of data/offers.ts holds in the editor: 20 % off 150 is not 100.
  await expect(
    cms.payload.update({ collection: 'offers', id: offer!.id, data: { nowPrice: 100 } }),
  ).rejects.toMatchObject({
    data: {
      errors: [expect.objectContaining({ path: 'nowPrice', message: 'must be the old price less the discount' })],
    },
  });
});

it('carries the event day’s fields: places and reminders set in the editor are what the site reads', async () => {
  const { cmsEvent } = await import('@/lib/cms');
  const [event] = (await cms.payload.find({ collection: 'events', limit: 1 })).docs;
  expect(event!.reminders).toBe(true);
  // Published (the test above left a draft in its history).
  await cms.payload.update({
    collection: 'events',
    id: event!.id,
    data: { capacity: 12, reminders: false, _status: 'published' },
  });
  expect(await cmsEvent(event!.slug as string, 'en')).toMatchObject({ capacity: 12, reminders: false });
  // The event day's seats, waiting list and offers count the CMS's places (lib/places).
  const { itemBookingOf } = await import('@/lib/places');
  expect(await itemBookingOf('user', event!.slug as string)).toMatchObject({ capacity: 12 });
  // A capacity is a whole number of places, as data/events.ts's is.
  await expect(
    cms.payload.update({ collection: 'events', id: event!.id, data: { capacity: 2.5 } }),
  ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'capacity' })] } });
});

it('names a registration’s event in the workspace from the CMS, also once the event is unpublished', async () => {
  const { itemNames } = await import('@/lib/staff/present');
  const created = await cms.payload.create({
    collection: 'events',
    locale: 'en',
    draft: true,
    data: {
      ...(await cms.payload.find({ collection: 'events', limit: 1, depth: 0 })).docs[0],
      id: undefined,
      slug: 'data-day-2026',
      title: 'Data Day 2026',
      _status: 'draft',
    } as never,
  });
  const items = await itemNames('en', Date.parse('2023-03-01T12:00:00Z'));
  expect(items.title('user', { event: 'data-day-2026' })).toBe('Data Day 2026');
  expect(items.known('user:data-day-2026')).toBe(true);
  await cms.payload.delete({ collection: 'events', id: created.id });
  // A deleted event's list is still found by its key, named by its slug.
  const after = await itemNames('en', Date.parse('2023-03-01T12:00:00Z'));
  expect(after.known('user:data-day-2026')).toBe(false);
  expect(after.label('user:data-day-2026')).toBe('Event registration: data-day-2026');
});

it('closes a course, changes its fee and renames it: the site reads it, its list keeps its key, the editor checks its words', async () => {
  const { cmsCourse, cmsCourseByKey, cmsCourses } = await import('@/lib/cms');
  const { itemNames } = await import('@/lib/staff/present');
  const [course] = (
    await cms.payload.find({ collection: 'courses', where: { slug: { equals: 'data-analysis-with-python' } } })
  ).docs;
  revalidated.length = 0;
  await cms.payload.update({
    collection: 'courses',
    id: course!.id,
    data: { isActive: false, cost: '$120', title: 'Python for Data Analysis', _status: 'published' },
  });
  expect(revalidated).toEqual(['/[lang]/academy (layout)', '/[lang] (page)', '/sitemap.xml']);
  expect(await cmsCourse('data-analysis-with-python', 'en')).toMatchObject({
    isActive: false,
    cost: '$120',
    title: 'Python for Data Analysis',
    // The key stays the title of data/: enrolments stored before the rename are still its list.
    key: 'Data Analysis with Python',
  });
  expect((await cmsCourseByKey('Data Analysis with Python', other))?.slug).toBe('data-analysis-with-python');
  const items = await itemNames('en');
  expect(items.title('enrolment', { course: 'Data Analysis with Python' })).toBe('Python for Data Analysis');
  expect(items.choices.map((c) => c.key)).toContain('enrolment:Data Analysis with Python');

  // The key is set once: an edit cannot move a course's records to another list.
  await cms.payload.update({ collection: 'courses', id: course!.id, data: { key: 'Something else' } as never });
  expect((await cmsCourse('data-analysis-with-python', 'en'))?.key).toBe('Data Analysis with Python');

  // The rules of data/courses.ts hold in the editor, in the language edited.
  await expect(
    cms.payload.update({ collection: 'courses', id: course!.id, data: { cost: '120 dollars' } }),
  ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'cost' })] } });
  // A duration is a whole number of weeks, which each language writes in its words.
  await expect(
    cms.payload.update({ collection: 'courses', id: course!.id, data: { weeks: 2.5 } }),
  ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'weeks' })] } });
  await cms.payload.update({ collection: 'courses', id: course!.id, data: { weeks: 4 } });
  expect((await cmsCourse('data-analysis-with-python', other))?.duration).toBe('4\u00a0semaines');
  expect((await cmsCourse('data-analysis-with-python', 'en'))?.duration).toBe('4 weeks');
  await expect(
    cms.payload.update({ collection: 'courses', id: course!.id, data: { cost: 'Free' } }),
  ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'pay_link' })] } });

  // A course added in the editor is filed under its slug, and is on the site once published.
  const added = await cms.payload.create({
    collection: 'courses',
    locale: 'en',
    data: {
      slug: 'data-for-journalists',
      title: 'Data for Journalists',
      cost: 'Free',
      weeks: 2,
      isActive: true,
      isPremium: false,
      link: 'https://forms.baobabdata.org/academy-registration',
      img: '/images/courses/data-science.svg',
      intro: 'Finding the story in a table, and checking it before it runs.',
      outcomes: [{ outcome: 'Check a figure against its source' }],
      _status: 'published',
    },
  });
  expect(added.key).toBe('data-for-journalists');
  expect((await cmsCourses('en')).map((c) => c.slug)).toContain('data-for-journalists');
  // Its French is the English until translated, its duration in French words.
  expect(await cmsCourse('data-for-journalists', other)).toMatchObject({
    title: 'Data for Journalists',
    duration: '2\u00a0semaines',
  });
});
