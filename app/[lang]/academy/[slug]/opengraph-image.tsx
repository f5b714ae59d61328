import { courses, findCourse, prerendered } from '@/lib/content';
import { courseFacts } from '@/lib/content/facts';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = () => courses.map(({ slug }) => ({ slug }));

const card = ogCard(
  (lang, slug) => {
    const course = prerendered(findCourse(slug, lang));
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
