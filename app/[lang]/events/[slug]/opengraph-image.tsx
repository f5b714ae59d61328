import { findEvent, prerendered } from '@/lib/content';
import { eventDates } from '@/lib/content/facts';
import { ogCard } from '@/lib/og';

export { generateStaticParams } from './page';

const card = ogCard((lang, slug) => {
  const event = prerendered(findEvent(slug, lang), slug);
  return { title: event.title, subtitle: eventDates(event, lang) };
});

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
