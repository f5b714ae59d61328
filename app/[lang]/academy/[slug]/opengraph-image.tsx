import { courses, findCourse, prerendered } from '@/lib/content';
import { formatCost } from '@/lib/i18n/format';
import { ogCard, ogContentType, ogSize } from '@/lib/og';
import { messages } from '@/messages';

const slugs = () => courses.map(({ slug }) => ({ slug }));

const card = ogCard(
  (lang, slug) => {
    const course = prerendered(findCourse(slug, lang));
    return {
      title: course.title,
      subtitle: `${course.duration} · ${messages(lang).academy.fee} ${formatCost(course.cost, lang)}`,
    };
  },
  { slugs, alt: 'course' },
);

export const dynamicParams = false;
export const alt = card.alt;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
