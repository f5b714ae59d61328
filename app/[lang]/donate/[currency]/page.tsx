import { notFound } from 'next/navigation';

import { GIFT_CURRENCIES, isGiftCurrency } from '@/lib/gifts';
import { langs } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { giftTexts } from '@/messages/gifts';

import { GiftPage } from '../gift-page';

type Props = PageProps<'/[lang]/donate/[currency]'>;

// One page per language and currency, prerendered; any other currency is the 404 page.
export const dynamicParams = false;

export function generateStaticParams() {
  return langs.flatMap((lang) => GIFT_CURRENCIES.map((currency) => ({ lang, currency: currency.toLowerCase() })));
}

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = giftTexts[lang];
  // The same page as /donate in another currency: search engines are pointed there.
  return pageMetadata({ lang, title, description, path: '/donate' });
}

export default async function DonateInCurrencyPage({ params }: Props) {
  const { lang: segment, currency } = await params;
  const code = currency.toUpperCase();
  if (!isGiftCurrency(code)) notFound();
  return <GiftPage lang={routeLang(segment)} currency={code} />;
}
