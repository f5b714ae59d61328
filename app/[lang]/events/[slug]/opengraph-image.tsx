import { events, findEvent, prerendered } from '@/lib/content';
import { eventDates } from '@/lib/content/facts';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = () => events.map(({ slug }) => ({ slug }));

const card = ogCard(
  (lang, slug) => {
    const event = prerendered(findEvent(slug, lang));
    return { title: event.title, subtitle: eventDates(event, lang) };
  },
  { slugs },
);

export const dynamicParams = false;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
