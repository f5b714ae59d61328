import { LetterList } from '@/components/newsletter/letter-archive';
import { site } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { archive } from '@/lib/letters';
import { homeCard, pageMetadata } from '@/lib/seo';
import { letterTexts } from '@/messages/letters';

// Made again every ten minutes: a letter sent appears within them (the build reads no store).
export const revalidate = 600;
// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

type Props = PageProps<'/[lang]/newsletter'>;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const words = letterTexts[lang];
  return pageMetadata({
    lang,
    title: words.archiveTitle,
    description: words.archiveDescription(site.name),
    path: '/newsletter',
    card: homeCard(lang),
  });
}

export default async function NewsletterArchivePage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return <LetterList letters={await archive()} lang={lang} />;
}
