import type { Metadata } from 'next';

import { NotFoundText } from '@/components/layout/not-found-text';

export const metadata: Metadata = { robots: { index: false } };

// Not-found pages get no route parameters, so the page's language is read in NotFoundText.
export default function NotFound() {
  return <NotFoundText />;
}
