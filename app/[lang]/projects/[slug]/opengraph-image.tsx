import { findProjectBySlug, prerendered } from '@/lib/content';
import { ogCard } from '@/lib/og';

export { generateStaticParams } from './page';

const card = ogCard((lang, slug) => {
  const { detail } = prerendered(findProjectBySlug(slug, lang), slug);
  return { title: detail.title, subtitle: detail.summary.slice(0, 90) };
});

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
