import { DonateForm } from '@/components/gifts/donate-form';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import type { GiftCurrency } from '@/lib/gifts';
import type { Lang } from '@/lib/i18n';
import { giftTexts } from '@/messages/gifts';

// /donate and /donate/<currency>: the same page, its amounts in one currency.
export function GiftPage({ lang, currency }: { lang: Lang; currency: GiftCurrency }) {
  const t = giftTexts[lang];
  return (
    <>
      <PageHeader title={t.heading} lead={t.intro} />
      <div className={`container ${ui.section}`}>
        <div className={ui.prose}>
          <DonateForm lang={lang} currency={currency} />
        </div>
      </div>
    </>
  );
}
