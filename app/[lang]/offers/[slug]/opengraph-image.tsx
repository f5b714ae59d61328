import { findOffer, prerendered } from '@/lib/content';
import { formatMoney } from '@/lib/i18n/format';
import { ogCard } from '@/lib/og';
import { messages } from '@/messages';

export { generateStaticParams } from './page';

const card = ogCard((lang, slug) => {
  const offer = prerendered(findOffer(slug, lang), slug);
  const text = messages(lang).offer;
  const was = formatMoney(offer.wasPrice, lang);
  const now = formatMoney(offer.nowPrice, lang);
  return {
    title: offer.title,
    subtitle: `${offer.discountPercent}% ${text.off}: ${text.now}${now}, ${text.was}${was}`,
  };
});

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
