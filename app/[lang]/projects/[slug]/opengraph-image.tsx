import { findProjectBySlug, prerendered, projectSummaries } from '@/lib/content';
import { ogCard, ogContentType, ogSize } from '@/lib/og';
import { projectSlug } from '@/lib/slug';

const slugs = () => projectSummaries.map((project) => ({ slug: projectSlug(project) }));

const card = ogCard(
  (lang, slug) => {
    const { detail } = prerendered(findProjectBySlug(slug, lang));
    return { title: detail.title, subtitle: detail.summary.slice(0, 90) };
  },
  { slugs, alt: 'project' },
);

export const dynamicParams = false;
export const alt = card.alt;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
