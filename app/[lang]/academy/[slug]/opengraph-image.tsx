import { notFound } from 'next/navigation';

import { courses, findCourse } from '@/lib/content';
import { courseFacts } from '@/lib/content/facts';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = () => courses.map(({ slug }) => ({ slug }));

const card = ogCard(
  (lang, slug) => {
    const course = findCourse(slug, lang) ?? notFound();
    return {
      title: course.title,
      subtitle: courseFacts(course, lang),
    };
  },
  { slugs },
);

export const dynamicParams = false;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
