/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';

import CoursePage from '@/app/[lang]/academy/[slug]/page';
import { findCourse } from '@/lib/content';
import { enrolmentMails } from '@/lib/forms/mails';

import { sampleEnrolment } from '../../helpers/samples';

// A course with its next cohort planned on 3 April 2023.
jest.mock('@/data/courses', () => {
  const actual = jest.requireActual('@/data/courses');
  return {
    ...actual,
    courses: actual.courses.map((course: { slug: string }) =>
      course.slug === 'data-analysis-with-python' ? { ...course, nextCohortDate: '2023-04-03' } : course,
    ),
  };
});

const slug = 'data-analysis-with-python';
const page = async (lang: string) =>
  renderToStaticMarkup(
    await CoursePage({ params: Promise.resolve({ lang, slug }), searchParams: Promise.resolve({}) } as never),
  ).replace(/<[^>]+>/g, ' ');
const enrolment = { ...sampleEnrolment, gender: 'female' as const };
const mail = { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };

afterEach(() => {
  delete process.env.SITE_TODAY;
});

it('shows and mails the next cohort while it is to come, in each language', async () => {
  process.env.SITE_TODAY = '2023-03-01';
  expect(await page('en')).toMatch(/Next cohort\s+3 April 2023/);
  expect(await page('fr')).toMatch(/Prochaine promotion\s+3 avril 2023/);
  const [, visitor] = enrolmentMails(enrolment, findCourse(slug)!, mail, 'fr', '2023-03-01');
  expect(visitor!.text).toContain('Début de la prochaine promotion\u00a0: 3 avril 2023');
});

it('says nothing of a cohort that has started', async () => {
  expect(await page('en')).not.toContain('Next cohort');
  const [, visitor] = enrolmentMails(enrolment, findCourse(slug)!, mail, 'en', '2026-11-24');
  expect(visitor!.text).not.toContain('Next cohort');
});
