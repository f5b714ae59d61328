import type { Metadata } from 'next';

import { GiverGifts } from '@/components/gifts/giver-gifts';
import { overPayAllowance } from '@/components/payments/over-allowance';
import { PaymentStep } from '@/components/payments/payment-step';
import { giftContext, giverGifts } from '@/lib/gifts';
import { routeLang } from '@/lib/i18n/route';
import { pageTitle } from '@/lib/seo';
import { giftTexts } from '@/messages/gifts';

type Props = PageProps<'/[lang]/donate/manage'>;

// The giver's gifts, from the signed link of their receipts (docs/product.md §15): per request, never
// indexed, never cached; a link this site did not sign shows nothing.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  return { title: pageTitle(giftTexts[lang].manageTitle, lang), robots: { index: false, follow: false } };
}

export default async function ManageGiftsPage({ params, searchParams }: Props) {
  const lang = routeLang((await params).lang);
  const t = giftTexts[lang];
  const over = await overPayAllowance(t.manageTitle, lang);
  if (over) return over;
  const query = await searchParams;
  const ctx = giftContext();
  const mine = await giverGifts(ctx, query.t);
  if (!mine) return <PaymentStep title={t.manageTitle} paragraphs={[t.manageBadLink]} />;
  const notice = query.stopped === '1' ? t.stopped : query.problem === '1' ? t.stopRefused : null;
  return <GiverGifts lang={lang} token={String(query.t)} gifts={mine.gifts} notice={notice} timeZone={ctx.timeZone} />;
}
