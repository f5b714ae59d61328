import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';

import { cmsPagePath } from '@/lib/cms';
import { isLang, localePath } from '@/lib/i18n';
import { requireStaff } from '@/lib/staff/http';

// The editor's "Preview" (lib/cms/collections): for a content editor's session only, turns on Next's
// draft mode in this browser and opens the document's page, which then shows its latest saved version,
// draft or not. `?leave=/path` turns it off and goes back to the page as visitors see it.
const previewable = [
  'courses',
  'events',
  'offers',
  'projects',
  'insights',
  'partners',
  'people',
  'testimonials',
] as const;

export async function GET(request: Request) {
  await requireStaff('content');
  const query = new URL(request.url).searchParams;
  const draft = await draftMode();
  const leave = query.get('leave');
  if (leave !== null) {
    draft.disable();
    // Only a path of this site: never an address elsewhere.
    redirect(/^\/(?!\/)[a-z0-9\-/]*$/.test(leave) ? leave : '/');
  }
  const collection = previewable.find((name) => name === query.get('collection'));
  const id = query.get('id') ?? '';
  const locale = query.get('locale') ?? '';
  const path = collection && /^\d{1,12}$/.test(id) && isLang(locale) ? await cmsPagePath(collection, id) : undefined;
  if (!path || !isLang(locale)) return new Response('Nothing to preview.', { status: 404 });
  draft.enable();
  redirect(localePath(locale, path));
}
