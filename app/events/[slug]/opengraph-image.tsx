import { notFound } from 'next/navigation';

import { findEvent } from '@/lib/content';
import { ogContentType, ogImage, ogSize } from '@/lib/og';

export { generateStaticParams } from './page';
export const alt = 'The event on Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default async function OpenGraphImage({ params }: { params: Promise<{ slug: string }> }) {
  const event = findEvent((await params).slug);
  if (!event) notFound();
  return ogImage(event.title, event.dates);
}
