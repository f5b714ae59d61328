import type { Metadata } from 'next';

import { NewsletterStep } from '@/components/newsletter/newsletter-step';
import { site } from '@/lib/content';
import { linkAddress } from '@/lib/newsletter';

// Reached from a personal link: not for search engines.
export const metadata: Metadata = {
  title: 'Unsubscribe',
  robots: { index: false, follow: false },
};

interface Props {
  searchParams: Promise<{ t?: string | string[]; result?: string | string[] }>;
}

// Opening the link shows a button; pressing it (a POST) unsubscribes. Mail programs use the one-click
// POST of the List-Unsubscribe header instead.
export default async function UnsubscribePage({ searchParams }: Props) {
  const { t, result } = await searchParams;
  if (result === 'unsubscribed') {
    return (
      <NewsletterStep
        title="You are unsubscribed"
        paragraphs={[`You will receive no more newsletters from ${site.name}. You can sign up again at any time.`]}
      />
    );
  }
  const token = typeof t === 'string' ? t : '';
  const email = result === undefined ? linkAddress('newsletter-unsubscribe', token) : null;
  if (email === null) {
    return (
      <NewsletterStep
        title="This link is not valid"
        paragraphs={[
          'Use the unsubscribe link at the bottom of one of our newsletters, or write to us and we will remove you.',
        ]}
      />
    );
  }
  return (
    <NewsletterStep
      title="Unsubscribe"
      paragraphs={[`Stop sending the ${site.name} newsletter to ${email}?`]}
      action={{ url: '/api/newsletter/unsubscribe', token, label: 'Unsubscribe' }}
    />
  );
}
