import { findOffer, offers, prerendered } from '@/lib/content';
import { offerCard } from '@/lib/content/facts';
import { ogCard, ogContentType, ogSize } from '@/lib/og';

const slugs = () => offers.map(({ slug }) => ({ slug }));

const card = ogCard(
  (lang, slug) => {
    const offer = prerendered(findOffer(slug, lang));
    return { title: offer.title, subtitle: offerCard(offer, lang) };
  },
  { slugs },
);

export const dynamicParams = false;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
