import { notFound } from 'next/navigation';

import { findProjectBySlug } from '@/lib/content';
import { ogContentType, ogImage, ogSize } from '@/lib/og';

export { generateStaticParams } from './page';
export const alt = 'The project on Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default async function OpenGraphImage({ params }: { params: Promise<{ slug: string }> }) {
  const found = findProjectBySlug((await params).slug);
  if (!found) notFound();
  return ogImage(found.detail.title, found.detail.summary.slice(0, 90));
}
