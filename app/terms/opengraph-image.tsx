import { ogContentType, ogImage, ogSize } from '@/lib/og';

export const alt = 'Terms of service - Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default function OpenGraphImage() {
  return ogImage('Terms of service');
}
