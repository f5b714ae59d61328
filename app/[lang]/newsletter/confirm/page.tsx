import type { Metadata } from 'next';

import { NewsletterStep } from '@/components/newsletter/newsletter-step';
import { site } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { linkAddress } from '@/lib/newsletter';
import { homeCard, pageTitle, socialImage } from '@/lib/seo';
import { fill, messages } from '@/messages';

type Props = PageProps<'/[lang]/newsletter/confirm'>;

// Reached from a personal link: not for search engines.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  // The home page's card, named in the page's language.
  const images = [socialImage(homeCard(lang), lang)];
  return {
    title: pageTitle(messages(lang).newsletter.confirmTitle, lang),
    openGraph: { images },
    twitter: { images },
    robots: { index: false, follow: false },
  };
}

// Opening the link shows a button; only pressing it (a POST) confirms, so a mail scanner that opens
// links confirms nobody.
export default async function ConfirmPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).newsletter;
  const { t, result } = await searchParams;
  if (result === 'confirmed') {
    return <NewsletterStep title={text.confirmedTitle} paragraphs={[fill(text.confirmedText, { brand: site.name })]} />;
  }
  const token = typeof t === 'string' ? t : '';
  if (result !== undefined || !linkAddress('newsletter-confirm', token)) {
    return <NewsletterStep title={text.expiredTitle} paragraphs={[text.expiredText, text.expiredAgain]} />;
  }
  return (
    <NewsletterStep
      title={text.confirmTitle}
      paragraphs={[fill(text.confirmText, { brand: site.name })]}
      action={{ url: '/api/newsletter/confirm', token, label: text.confirmButton, lang }}
    />
  );
}
