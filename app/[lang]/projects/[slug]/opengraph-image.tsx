import { notFound } from 'next/navigation';

import { findProjectBySlug, projectSummaries } from '@/lib/content';
import { fitText } from '@/lib/content/facts';
import { ogCard, ogContentType, ogSize } from '@/lib/og';
import { projectSlug } from '@/lib/slug';

const slugs = () => projectSummaries.map((project) => ({ slug: projectSlug(project) }));

const card = ogCard(
  (lang, slug) => {
    const { detail } = findProjectBySlug(slug, lang) ?? notFound();
    // A line under the title, cut where a clause ends.
    return { title: detail.title, subtitle: fitText(detail.summary, 90) };
  },
  { slugs },
);

export const dynamicParams = false;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
