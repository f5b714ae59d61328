import { cmsContact, cmsEvent } from '@/lib/cms';
import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { isLang } from '@/lib/i18n';
import { eventCalendar } from '@/lib/mail/ics';

// "Add to calendar" on an event's page (issue 43): the published event's calendar file in the page's
// language, with its place and its hours in its own zone. A plain link, no script; an unknown event or
// language is a 404.
export const dynamic = 'force-dynamic';

export async function GET(_: Request, { params }: { params: Promise<{ lang: string; slug: string }> }) {
  const { lang, slug } = await params;
  const event = isLang(lang) ? await cmsEvent(slug, lang) : undefined;
  if (!event || !isLang(lang)) {
    return new Response('Not found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const file = eventCalendar(event, lang, {
    siteUrl: config().siteUrl,
    organizerEmail: (await cmsContact()).contactInfo.email,
    organizerName: site.name,
  });
  return new Response(file, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${event.slug}.ics"`,
      'cache-control': 'public, max-age=300',
    },
  });
}
