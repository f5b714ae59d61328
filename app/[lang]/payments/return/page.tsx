import type { Metadata } from 'next';

import { overPayAllowance } from '@/components/payments/over-allowance';
import { PaymentStep } from '@/components/payments/payment-step';
import { cmsContact } from '@/lib/cms';
import { routeLang } from '@/lib/i18n/route';
import { paymentContext, paymentFacts, receiptUrl, returnState } from '@/lib/payments';
import { homeCard, pageTitle, socialImage } from '@/lib/seo';
import { fill, messages } from '@/messages';
import { count } from '@/messages/units';

type Props = PageProps<'/[lang]/payments/return'>;

// Where the provider sends the visitor back (docs/product.md §14): rendered per request, after the
// server has asked the provider how the payment stands. Never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  const images = [socialImage(homeCard(lang), lang)];
  return {
    title: pageTitle(messages(lang).payment.title, lang),
    openGraph: { images },
    twitter: { images },
    robots: { index: false, follow: false },
  };
}

export default async function PaymentReturnPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).payment;
  const query = await searchParams;
  // The pay link's allowance (lib/security/route-limits.ts): a page cannot answer 429, so it says so.
  const over = await overPayAllowance(text.title, lang);
  if (over) return over;
  const ctx = paymentContext();
  const shown = await returnState(ctx, { reference: query.reference, problem: query.problem }, lang);
  const { email } = (await cmsContact()).contactInfo;
  switch (shown.state) {
    case 'unknown':
      return <PaymentStep title={text.unknownTitle} paragraphs={[fill(text.unknownText, { email })]} />;
    case 'invalid':
      return <PaymentStep title={text.invalidTitle} paragraphs={[fill(text.invalidText, { email })]} />;
  }
  const facts = await paymentFacts(shown.record, lang, ctx.timeZone);
  const values = { ...facts, email, validity: count(lang)(ctx.linkDays, 'day') };
  switch (shown.state) {
    case 'paid':
      return (
        <PaymentStep
          title={text.paidTitle}
          paragraphs={[fill(text.paidText, values)]}
          link={{ href: receiptUrl('', ctx.secret, facts.reference, lang), label: text.receiptLink }}
        />
      );
    case 'refunded':
      return <PaymentStep title={text.refundedTitle} paragraphs={[fill(text.refundedText, values)]} />;
    case 'down':
      return <PaymentStep title={text.downTitle} paragraphs={[fill(text.downText, values)]} />;
    case 'mismatch':
      return <PaymentStep title={text.mismatchTitle} paragraphs={[fill(text.mismatchText, values)]} />;
    case 'given-back':
      return <PaymentStep title={text.givenBackTitle} paragraphs={[fill(text.givenBackText, values)]} />;
    case 'already-paid':
      return <PaymentStep title={text.alreadyPaidTitle} paragraphs={[fill(text.alreadyPaidText, values)]} />;
  }
  const again = { href: shown.payHref, label: fill(text.payAgain, values) };
  const [title, paragraph] =
    shown.state === 'pending'
      ? [text.pendingTitle, text.pendingText]
      : shown.state === 'failed'
        ? [text.failedTitle, text.failedText]
        : [text.expiredTitle, text.expiredText];
  return <PaymentStep title={title} paragraphs={[fill(paragraph, values)]} link={again} />;
}
