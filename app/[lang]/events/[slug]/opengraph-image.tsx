import { notFound } from 'next/navigation';

import { cmsEvent, cmsEvents } from '@/lib/cms';
import { eventDates } from '@/lib/content/facts';
import { defaultLang } from '@/lib/i18n';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = async () => (await cmsEvents(defaultLang)).map(({ slug }) => ({ slug }));

const card = ogCard(
  async (lang, slug) => {
    const event = (await cmsEvent(slug, lang)) ?? notFound();
    return { title: event.title, subtitle: eventDates(event, lang) };
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
