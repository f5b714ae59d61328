import type { Metadata } from 'next';

import { NewsletterStep } from '@/components/newsletter/newsletter-step';
import { site } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { linkAddress } from '@/lib/newsletter';
import { homeCard, pageTitle, socialImage } from '@/lib/seo';
import { fill, messages } from '@/messages';

type Props = PageProps<'/[lang]/newsletter/unsubscribe'>;

// Reached from a personal link: not for search engines.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  // The home page's card, named in the page's language.
  const images = [socialImage(homeCard(lang), lang)];
  return {
    title: pageTitle(messages(lang).newsletter.unsubscribeTitle, lang),
    openGraph: { images },
    twitter: { images },
    robots: { index: false, follow: false },
  };
}

// Opening the link shows a button; pressing it (a POST) unsubscribes. Mail programs use the one-click
// POST of the List-Unsubscribe header instead.
export default async function UnsubscribePage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).newsletter;
  const { t, result } = await searchParams;
  if (result === 'unsubscribed') {
    return (
      <NewsletterStep title={text.unsubscribedTitle} paragraphs={[fill(text.unsubscribedText, { brand: site.name })]} />
    );
  }
  const token = typeof t === 'string' ? t : '';
  const email = result === undefined ? linkAddress('newsletter-unsubscribe', token) : null;
  if (email === null) {
    return <NewsletterStep title={text.invalidTitle} paragraphs={[text.invalidText]} />;
  }
  return (
    <NewsletterStep
      title={text.unsubscribeTitle}
      paragraphs={[fill(text.unsubscribeText, { brand: site.name, email })]}
      action={{ url: '/api/newsletter/unsubscribe', token, label: text.unsubscribeButton, lang }}
    />
  );
}
