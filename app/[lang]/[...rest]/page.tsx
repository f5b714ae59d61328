import { notFound } from 'next/navigation';

// Any path no page claims, in either language, gets that language's not-found page inside the site's
// frame (app/[lang]/not-found.tsx) with status 404.
export default function UnknownPage(): never {
  notFound();
}
