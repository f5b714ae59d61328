import type { Metadata } from 'next';

import { NewsletterStep } from '@/components/newsletter/newsletter-step';
import { routeLang } from '@/lib/i18n/route';
import { offerDeadline, placeOf } from '@/lib/places';
import { homeCard, pageTitle, socialImage } from '@/lib/seo';
import { fill, messages } from '@/messages';

type Props = PageProps<'/[lang]/places/claim'>;

// Reached from a personal link: not for search engines.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  const images = [socialImage(homeCard(lang), lang)];
  return {
    title: pageTitle(messages(lang).places.claimTitle, lang),
    openGraph: { images },
    twitter: { images },
    robots: { index: false, follow: false },
  };
}

// A place offered from the waiting list: opening the link shows a button; only pressing it (a POST to
// /api/places/claim) takes the place (docs/product.md §9).
export default async function ClaimPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).places;
  const { t, result } = await searchParams;
  if (result === 'claimed') return <NewsletterStep title={text.claimedTitle} paragraphs={[text.claimedText]} />;
  if (result === 'ended') return <NewsletterStep title={text.endedTitle} paragraphs={[text.endedText]} />;
  const found = result === undefined ? await placeOf('seat-offer', t) : null;
  if (found === 'expired') return <NewsletterStep title={text.endedTitle} paragraphs={[text.endedText]} />;
  if (!found || found.link.position === undefined) {
    return <NewsletterStep title={text.invalidTitle} paragraphs={[text.invalidText]} />;
  }
  const { data } = found.record;
  if (data.booking === 'registered' && data.waitPosition === found.link.position) {
    return <NewsletterStep title={text.claimedTitle} paragraphs={[text.claimedText]} />;
  }
  const until = offerDeadline(found.record);
  if (data.booking !== 'offered' || data.waitPosition !== found.link.position || !until) {
    return <NewsletterStep title={text.endedTitle} paragraphs={[text.endedText]} />;
  }
  return (
    <NewsletterStep
      title={text.claimTitle}
      paragraphs={[fill(text.claimText, { item: found.item.words.inSentence, until })]}
      action={{ url: '/api/places/claim', token: String(t), label: text.claimButton, lang }}
    />
  );
}
