import { LegalPage } from '@/components/legal/legal-page';
import { config } from '@/lib/config';
import { content } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { privacySections } from '@/lib/privacy/policy';
import { pageMetadata } from '@/lib/seo';
import { fill, messages } from '@/messages';

type Props = PageProps<'/[lang]/privacy'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).legal;
  const age = content(lang).pages.privacy.minimumAge;
  return pageMetadata({
    lang,
    title: text.privacy,
    description: fill(text.privacyDescription, { age: String(age) }),
    path: '/privacy',
  });
}

// Rendered on request: the periods and processors it states come from the running server's settings.
export const dynamic = 'force-dynamic';

export default async function PrivacyPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return (
    <LegalPage
      lang={lang}
      title={messages(lang).legal.privacy}
      updated={content(lang).pages.privacy.updated}
      sections={privacySections(config(), lang)}
    />
  );
}
