import { findCourse, prerendered } from '@/lib/content';
import { courseFacts } from '@/lib/content/facts';
import { ogCard } from '@/lib/og';

export { generateStaticParams } from './page';

const card = ogCard((lang, slug) => {
  const course = prerendered(findCourse(slug, lang), slug);
  return { title: course.title, subtitle: courseFacts(course, lang) };
});

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
