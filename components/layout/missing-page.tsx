import { notFound } from 'next/navigation';
import { Suspense } from 'react';

import type { Lang } from '@/lib/i18n';

import { NotFoundBody } from './not-found-body';

function Missing(): never {
  notFound();
}

// The 404 of a page made on demand whose entity does not exist (an event's address no published event
// has). A notFound() thrown at the top of such a page reaches the visitor as Next's empty error
// document, its words only in the script payload (vercel/next.js #95613). Thrown inside this boundary,
// it still makes the answer a 404, and the HTML carries the words in the fallback, in the page's layout:
// read without JavaScript; with it, React renders the segment's not-found file in its place. The head
// comes from the page's metadata (notFoundMetadata in lib/seo.ts).
export function MissingPage({ lang }: { lang: Lang }) {
  return (
    <Suspense fallback={<NotFoundBody lang={lang} />}>
      <Missing />
    </Suspense>
  );
}
