import { notFound } from 'next/navigation';

import { cmsCourse, cmsCourses } from '@/lib/cms';
import { courseFacts } from '@/lib/content/facts';
import { defaultLang } from '@/lib/i18n';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = async () => (await cmsCourses(defaultLang)).map(({ slug }) => ({ slug }));

const card = ogCard(
  async (lang, slug) => {
    const course = (await cmsCourse(slug, lang)) ?? notFound();
    return { title: course.title, subtitle: courseFacts(course, lang) };
  },
  { slugs },
);

export const dynamicParams = true;
// Drawn again with its page: at once on an edit here, within 30 seconds of one on another instance.
export const revalidate = 30;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
