import type { Metadata } from 'next';

import { PaymentStep } from '@/components/payments/payment-step';
import { routeLang } from '@/lib/i18n/route';
import { paymentContext, readReceiptToken, receiptOf } from '@/lib/payments';
import { homeCard, pageTitle, socialImage } from '@/lib/seo';
import { fill, messages } from '@/messages';
import { visitorMails } from '@/messages/mails/visitor';

type Props = PageProps<'/[lang]/payments/receipt'>;

// The printable receipt of a paid record, reached by the signed link of the receipt mail and the return
// page (docs/product.md §14): what the mail says, on one page. Rendered per request, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  const images = [socialImage(homeCard(lang), lang)];
  return {
    title: pageTitle(messages(lang).payment.receiptTitle, lang),
    openGraph: { images },
    twitter: { images },
    robots: { index: false, follow: false },
  };
}

export default async function ReceiptPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).payment;
  const ctx = paymentContext();
  const reference = readReceiptToken(ctx.secret, (await searchParams).t, ctx.now());
  const record = reference ? await ctx.store.findPayment(reference) : null;
  if (!record || record.data.payStatus !== 'paid') {
    return <PaymentStep title={text.receiptTitle} paragraphs={[text.noReceipt]} />;
  }
  const receipt = await receiptOf(record.collection, record.data, lang, ctx.timeZone);
  return (
    <PaymentStep
      title={fill(text.receiptFor, { item: receipt.item })}
      paragraphs={[visitorMails[lang].receipt.thanks]}
      table={[...receipt.rows, ...receipt.organisation]}
      note={text.print}
    />
  );
}
