import { ogContentType, ogImage, ogSize } from '@/lib/og';

export const alt = 'Academy - Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default function OpenGraphImage() {
  return ogImage('Academy', 'Short, practical data courses');
}
