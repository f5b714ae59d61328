import { revalidatePath } from 'next/cache';
import type { RequestContext } from 'payload';

// A published change is live at once on this instance, in every language: the pages that show it are
// regenerated on their next visit. (Other instances and nginx keep their copies up to the pages' own
// revalidate and the cache's validity: docs/staff.md, "Content".) The seed, which fills an empty
// database before any page exists, changes nothing to regenerate.
function revalidating(section: '/events' | '/offers' | '/academy') {
  return function revalidate<T>({ doc, context }: { doc: T; context: RequestContext }): T {
    if (context.seeding) return doc;
    // The list, each item's page and its Open Graph image.
    revalidatePath(`/[lang]${section}`, 'layout');
    // Home's "Coming up".
    revalidatePath('/[lang]', 'page');
    revalidatePath('/sitemap.xml');
    return doc;
  };
}

export const revalidateEvent = revalidating('/events');
export const revalidateOffer = revalidating('/offers');
export const revalidateCourse = revalidating('/academy');
