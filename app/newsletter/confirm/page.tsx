import type { Metadata } from 'next';

import { NewsletterStep } from '@/components/newsletter/newsletter-step';
import { site } from '@/lib/content';
import { linkAddress } from '@/lib/newsletter';

// Reached from a personal link: not for search engines.
export const metadata: Metadata = {
  title: 'Confirm your subscription',
  robots: { index: false, follow: false },
};

interface Props {
  searchParams: Promise<{ t?: string | string[]; result?: string | string[] }>;
}

const invalid = [
  'This confirmation link is not valid any more: it may have expired, or the address was removed from our list.',
  'Sign up again with the form on our home page and we will send you a new link.',
];

// Opening the link shows a button; only pressing it (a POST) confirms, so a mail scanner that opens
// links confirms nobody.
export default async function ConfirmPage({ searchParams }: Props) {
  const { t, result } = await searchParams;
  if (result === 'confirmed') {
    return (
      <NewsletterStep
        title="You are subscribed"
        paragraphs={[
          `Thank you. The ${site.name} newsletter will come to your inbox; each one has an unsubscribe link.`,
        ]}
      />
    );
  }
  const token = typeof t === 'string' ? t : '';
  if (result !== undefined || !linkAddress('newsletter-confirm', token)) {
    return <NewsletterStep title="This link has expired" paragraphs={invalid} />;
  }
  return (
    <NewsletterStep
      title="Confirm your subscription"
      paragraphs={[`Press the button to receive the ${site.name} newsletter.`]}
      action={{ url: '/api/newsletter/confirm', token, label: 'Confirm my subscription' }}
    />
  );
}
