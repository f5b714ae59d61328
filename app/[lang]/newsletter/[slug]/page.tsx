import { MissingPage } from '@/components/layout/missing-page';
import { ArchivedLetter } from '@/components/newsletter/letter-archive';
import { routeLang } from '@/lib/i18n/route';
import { archivedAt, archivedLetter } from '@/lib/letters';
import { homeCard, notFoundMetadata, pageMetadata } from '@/lib/seo';

// A letter's page is made at its first visit (the build reads no store, so it knows no slug) and then
// served as made, like the prerendered pages, for ten minutes before the server makes it again, as the
// archive's list is. An address asked for before its letter was sent answers 404 until then.
export const revalidate = 600;
export const dynamicParams = true;
export async function generateStaticParams(): Promise<{ slug: string }[]> {
  return [];
}

type Props = PageProps<'/[lang]/newsletter/[slug]'>;

export async function generateMetadata({ params }: Props) {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  const found = await archivedLetter(slug, lang);
  if (!found) return notFoundMetadata(lang);
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
  if (!found) return <MissingPage lang={lang} />;
  return (
    <ArchivedLetter subject={found.subject} html={found.html} at={archivedAt(found.letter)} lang={found.written} />
  );
}
