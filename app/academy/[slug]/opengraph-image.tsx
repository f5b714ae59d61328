import { notFound } from 'next/navigation';

import { findCourse } from '@/lib/content';
import { ogContentType, ogImage, ogSize } from '@/lib/og';

export { generateStaticParams } from './page';
export const alt = 'The course on Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default async function OpenGraphImage({ params }: { params: Promise<{ slug: string }> }) {
  const course = findCourse((await params).slug);
  if (!course) notFound();
  return ogImage(course.title, `${course.duration} · Registration fee: ${course.cost}`);
}
