import { notFound } from 'next/navigation';

import { ArchivedLetter } from '@/components/newsletter/letter-archive';
import { routeLang } from '@/lib/i18n/route';
import { archivedLetter } from '@/lib/letters';
import { homeCard, pageMetadata } from '@/lib/seo';

// Made on the first visit after a letter is sent, then kept and made again every ten minutes. The
// language layout allows only its own languages (dynamicParams false); letters' slugs are not known at
// build time, so this segment takes any.
export const revalidate = 600;
export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

type Props = PageProps<'/[lang]/newsletter/[slug]'>;

export async function generateMetadata({ params }: Props) {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  const found = await archivedLetter(slug, lang);
  if (!found) return {};
  return pageMetadata({
    lang,
    title: found.subject,
    description: found.subject,
    path: `/newsletter/${slug}`,
    card: homeCard(lang),
  });
}

export default async function ArchivedLetterPage({ params }: Props) {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  const found = await archivedLetter(slug, lang);
  if (!found) notFound();
  return <ArchivedLetter subject={found.subject} html={found.html} at={found.letter.sentAt} lang={found.written} />;
}
