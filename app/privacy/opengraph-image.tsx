import { ogContentType, ogImage, ogSize } from '@/lib/og';

export const alt = 'Privacy policy - Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default function OpenGraphImage() {
  return ogImage('Privacy policy');
}
