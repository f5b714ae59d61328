import { findOffer, offers, prerendered } from '@/lib/content';
import { formatMoney, formatPercent } from '@/lib/i18n/format';
import { ogCard, ogContentType, ogSize } from '@/lib/og';
import { messages } from '@/messages';

const slugs = () => offers.map(({ slug }) => ({ slug }));

const card = ogCard(
  (lang, slug) => {
    const offer = prerendered(findOffer(slug, lang));
    const text = messages(lang).offer;
    const was = formatMoney(offer.wasPrice, lang);
    const now = formatMoney(offer.nowPrice, lang);
    return {
      title: offer.title,
      subtitle: `${formatPercent(offer.discountPercent, lang)} ${text.off}: ${text.was}${was}, ${text.now}${now}`,
    };
  },
  { slugs, alt: 'offer' },
);

export const dynamicParams = false;
export const alt = card.alt;
export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
