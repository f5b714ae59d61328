import { revalidatePath } from 'next/cache';
import type { RequestContext } from 'payload';

import { announceContentChange } from './elsewhere';

// A published change is live at once on this instance, in every language: the pages that show it are
// regenerated on their next visit. Other instances hear of it through the shared store and regenerate
// theirs within seconds (elsewhere.ts); nginx keeps its copies up to the cache's validity
// (docs/staff.md, "Content"). The seed, which fills an empty database before any page exists, changes
// nothing to regenerate.
function revalidating(section: '/events' | '/offers' | '/academy' | '/projects') {
  return function revalidate<T>({ doc, context }: { doc: T; context: RequestContext }): T {
    if (context.seeding) return doc;
    try {
      // The list, each item's page and its Open Graph image.
      revalidatePath(`/[lang]${section}`, 'layout');
      // Home's "Coming up" (and its projects' carousel).
      revalidatePath('/[lang]', 'page');
      revalidatePath('/sitemap.xml');
    } catch (error) {
      // A change made outside the site's server (the CMS's command line, a script) has no pages here to
      // regenerate: the servers pick it up within the pages' own revalidate.
      if (!String(error).includes('static generation store missing')) throw error;
    }
    announceContentChange();
    return doc;
  };
}

export const revalidateEvent = revalidating('/events');
export const revalidateOffer = revalidating('/offers');
export const revalidateCourse = revalidating('/academy');
export const revalidateProject = revalidating('/projects');

// The simpler lists and the figures, each on the pages that show them (lib/cms/collections/lists.ts).
function revalidatingPages(...pages: string[]) {
  return function revalidate<T>({ doc, context }: { doc: T; context: RequestContext }): T {
    if (context.seeding) return doc;
    try {
      for (const page of pages) revalidatePath(page, 'page');
    } catch (error) {
      if (!String(error).includes('static generation store missing')) throw error;
    }
    announceContentChange();
    return doc;
  };
}

export const revalidateInsights = revalidatingPages('/[lang]', '/[lang]/insights');
export const revalidatePartners = revalidatingPages('/[lang]');
export const revalidateTestimonials = revalidatingPages('/[lang]/academy');
export const revalidatePeople = revalidatingPages('/[lang]/about');
export const revalidateFigures = revalidatingPages('/[lang]/academy', '/[lang]/projects');

// The contact details are in every page's footer: every page, in every language.
export function revalidateEveryPage<T>({ doc, context }: { doc: T; context: RequestContext }): T {
  if (context.seeding) return doc;
  try {
    revalidatePath('/', 'layout');
  } catch (error) {
    if (!String(error).includes('static generation store missing')) throw error;
  }
  announceContentChange();
  return doc;
}
