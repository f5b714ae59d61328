import { defaultCurrency } from '@/lib/gifts';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { giftTexts } from '@/messages/gifts';

import { GiftPage } from './gift-page';

type Props = PageProps<'/[lang]/donate'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description, heading } = giftTexts[lang];
  return pageMetadata({ lang, title, description, path: '/donate', card: { path: '/donate', title: heading } });
}

// The amounts in the currency of the page's language (lib/gifts/money.ts); the others are a link away.
export default async function DonatePage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return <GiftPage lang={lang} currency={defaultCurrency(lang)} />;
}
