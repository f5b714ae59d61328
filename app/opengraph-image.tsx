import { ogContentType, ogImage, ogSize } from '@/lib/og';

export const alt = 'Learn data, build projects for Africa - Baobab Data';
export const size = ogSize;
export const contentType = ogContentType;

export default function OpenGraphImage() {
  return ogImage('Learn data, build projects for Africa');
}
