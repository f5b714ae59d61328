import { ogContentType, ogImage, ogSize } from '@/lib/og';

export const alt = 'About us - Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default function OpenGraphImage() {
  return ogImage('About us');
}
