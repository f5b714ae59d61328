import { notFound } from 'next/navigation';

import { cmsProject, cmsProjects } from '@/lib/cms';
import { fitText } from '@/lib/content/facts';
import { defaultLang } from '@/lib/i18n';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = async () => (await cmsProjects(defaultLang)).map(({ summary }) => ({ slug: summary.slug }));

const card = ogCard(
  async (lang, slug) => {
    const { detail } = (await cmsProject(slug, lang)) ?? notFound();
    // A line under the title, cut where a clause ends.
    return { title: detail.title, subtitle: fitText(detail.summary, 90) };
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
