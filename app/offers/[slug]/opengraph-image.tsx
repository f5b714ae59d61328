import { notFound } from 'next/navigation';

import { findOffer } from '@/lib/content';
import { ogContentType, ogImage, ogSize } from '@/lib/og';

export { generateStaticParams } from './page';
export const alt = 'The offer on Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default async function OpenGraphImage({ params }: { params: Promise<{ slug: string }> }) {
  const offer = findOffer((await params).slug);
  if (!offer) notFound();
  return ogImage(offer.title, `${offer.discountPercent}% off: was $${offer.wasPrice}, now $${offer.nowPrice}`);
}
