import type { Metadata } from 'next';

import { NewsletterStep } from '@/components/newsletter/newsletter-step';
import { routeLang } from '@/lib/i18n/route';
import { placeOf } from '@/lib/places';
import { homeCard, pageTitle, socialImage } from '@/lib/seo';
import { fill, messages } from '@/messages';

type Props = PageProps<'/[lang]/places/cancel'>;

// Reached from a personal link: not for search engines.
// The tab's title says what the page does: leaving the list for someone waiting, else giving a place back.
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  const images = [socialImage(homeCard(lang), lang)];
  // Read by the tests that compose every page's head without a request: no query, no lookup.
  const { t, result } = (await searchParams) ?? {};
  const found = t !== undefined && result === undefined ? await placeOf('place-cancel', t) : null;
  const waiting = found && found !== 'expired' && found.record.data.booking === 'waiting';
  const text = messages(lang).places;
  return {
    title: pageTitle(waiting ? text.leaveTitle : text.cancelTitle, lang),
    openGraph: { images },
    twitter: { images },
    robots: { index: false, follow: false },
  };
}

// "I can't come": opening the link shows a button; only pressing it (a POST to /api/places/cancel)
// gives the place back, so a mail scanner that opens links cancels nothing (docs/product.md §9).
export default async function CancelPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).places;
  const { t, result } = await searchParams;
  const done = {
    cancelled: [text.cancelledTitle, text.cancelledText],
    left: [text.leftTitle, text.leftText],
    already: [text.alreadyTitle, text.alreadyText],
    expired: [text.expiredTitle, text.expiredText],
  } as const;
  if (typeof result === 'string' && Object.hasOwn(done, result)) {
    const [title, paragraph] = done[result as keyof typeof done];
    return <NewsletterStep title={title} paragraphs={[paragraph]} />;
  }
  const found = result === undefined ? await placeOf('place-cancel', t) : null;
  if (found === 'expired') return <NewsletterStep title={text.expiredTitle} paragraphs={[text.expiredText]} />;
  if (!found) return <NewsletterStep title={text.invalidTitle} paragraphs={[text.invalidText]} />;
  const state = found.record.data.booking ?? 'registered';
  if (state === 'cancelled' || state === 'passed') {
    return <NewsletterStep title={text.alreadyTitle} paragraphs={[text.alreadyText]} />;
  }
  const waiting = state === 'waiting';
  const item = found.item.words.inSentence;
  return (
    <NewsletterStep
      title={waiting ? text.leaveTitle : text.cancelTitle}
      paragraphs={[fill(waiting ? text.leaveText : text.cancelText, { item })]}
      action={{
        url: '/api/places/cancel',
        token: String(t),
        label: waiting ? text.leaveButton : text.cancelButton,
        lang,
      }}
    />
  );
}
