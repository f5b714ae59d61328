import type { Metadata } from 'next';

import { overPayAllowance } from '@/components/payments/over-allowance';
import { PaymentStep } from '@/components/payments/payment-step';
import { formatGift, giftContext, giftThanks } from '@/lib/gifts';
import { routeLang } from '@/lib/i18n/route';
import { pageTitle } from '@/lib/seo';
import { giftTexts } from '@/messages/gifts';

type Props = PageProps<'/[lang]/donate/thanks'>;

// Where the provider sends a giver back (docs/product.md §15): rendered per request, after the server
// has asked the provider how the gift stands when the webhook has not told it yet. Never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  return { title: pageTitle(giftTexts[lang].thanksTitle, lang), robots: { index: false, follow: false } };
}

export default async function GiftThanksPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const t = giftTexts[lang];
  const over = await overPayAllowance(t.thanksTitle, lang);
  if (over) return over;
  const shown = await giftThanks(giftContext(), (await searchParams).reference);
  if (shown.state !== 'paid') {
    const paragraph = shown.state === 'unknown' ? t.thanksUnknown : t.thanksPending;
    return <PaymentStep title={t.thanksTitle} paragraphs={[paragraph]} />;
  }
  const amount = formatGift(shown.amount, shown.currency, lang);
  return (
    <PaymentStep
      title={t.thanksTitle}
      paragraphs={[t.thanksPaid(amount), ...(shown.monthly ? [t.thanksMonthly] : [])]}
      link={{ href: shown.manage, label: t.manageLink }}
    />
  );
}
