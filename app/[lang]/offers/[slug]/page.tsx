import type { Metadata } from 'next';
import { JsonLdScript } from 'next-seo';
import { draftMode } from 'next/headers';

import { ClosedNotice } from '@/components/calendar/closed-notice';
import { PlacesLeft } from '@/components/calendar/places-left';
import { PRICED_FORM_IDS } from '@/components/forms/form-ids';
import { OfferForm } from '@/components/forms/offer-form';
import { MissingPage } from '@/components/layout/missing-page';
import { PreviewNotice } from '@/components/layout/preview-notice';
import { CurrencyChoice, InCurrencies, pricedClass } from '@/components/ui/currencies';
import { PageHeader } from '@/components/ui/page-header';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { cmsOffer, cmsOfferDraft, cmsOffers } from '@/lib/cms';
import { content, offerPath } from '@/lib/content';
import {
  cohortStart,
  offerAmountsText,
  offerClosedText,
  offerDeadline,
  offerDescription,
  offerDiscount,
  offerDueText,
  offerPrice,
} from '@/lib/content/facts';
import { itemCurrencies, startingCurrency } from '@/lib/content/prices';
import { offerBooking } from '@/lib/content/schedule';
import { pagePlaces } from '@/lib/forms/places';
import { defaultLang, localePath, locales } from '@/lib/i18n';
import { routeEntity } from '@/lib/i18n/route';
import { notFoundMetadata, pageMetadata, pageUrl, schemaAvailability, siteUrl } from '@/lib/seo';
import { fill, messages } from '@/messages';

import styles from './offer.module.css';

// An offer published after the build is made on its first visit; an unknown slug is the 404 page.
export const dynamicParams = true;
// Made again at once when the offer is edited on this instance (lib/cms/revalidate.ts), and every 30
// seconds for an edit on another instance and so the offer closes on time (docs/product.md §9).
export const revalidate = 30;

export async function generateStaticParams() {
  return (await cmsOffers(defaultLang)).map((offer) => ({ slug: offer.slug }));
}

// In the CMS's draft mode (a content editor's preview, app/staff/preview), the latest saved version.
async function finder() {
  return (await draftMode()).isEnabled ? cmsOfferDraft : cmsOffer;
}

type Props = PageProps<'/[lang]/offers/[slug]'>;

// An unknown slug gets the 404's head here, never a thrown 404: from the metadata, that would reach the
// visitor as Next's empty error page. The page itself answers with the 404 (MissingPage).
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, entity: offer } = await routeEntity(params, await finder());
  if (!offer) return notFoundMetadata(lang);
  return pageMetadata({
    lang,
    title: offer.title,
    description: offerDescription(offer, lang),
    path: offerPath(offer),
  });
}

export default async function OfferPage({ params }: Props) {
  const { lang, entity: offer } = await routeEntity(params, await finder());
  if (!offer) return <MissingPage lang={lang} />;
  const preview = (await draftMode()).isEnabled;
  const { site } = content(lang);
  const t = messages(lang);
  const text = t.offer;
  const url = pageUrl(lang, offerPath(offer));
  const { state, left } = await pagePlaces(offerBooking(offer));
  // An offer priced in several currencies: the visitor's choice, which its amounts follow (docs/product.md §14).
  const currencies = itemCurrencies(offer);
  return (
    <div className={pricedClass}>
      {preview && <PreviewNotice path={localePath(lang, offerPath(offer))} />}
      <JsonLdScript
        scriptKey="offer"
        data={{
          '@context': 'https://schema.org',
          '@type': 'Offer',
          name: offer.title,
          description: offer.description,
          url,
          price: offer.nowPrice,
          priceCurrency: 'USD',
          priceValidUntil: offer.endsOnDate,
          availability: schemaAvailability[state],
          seller: { '@type': 'Organization', name: site.name, url: siteUrl },
          itemOffered: {
            '@type': 'Course',
            name: offer.title,
            description: offer.description,
            inLanguage: locales[lang].htmlLang,
            provider: { '@type': 'Organization', name: site.name },
          },
        }}
      />
      <PageHeader title={offer.title}>
        <p className={styles.cohort}>{fill(text.cohort, { start: cohortStart(offer, lang) })}</p>
        <p className={styles.highlights}>{offer.highlights}</p>
      </PageHeader>
      <div className={`container ${ui.columns}`}>
        <section aria-labelledby="price" className={ui.section}>
          <Picture
            src={offer.img}
            alt=""
            width={640}
            height={400}
            priority
            className={ui.roundedImage}
            sizes="(min-width: 56rem) 36rem, 92vw"
          />
          <CurrencyChoice
            currencies={currencies}
            initial={startingCurrency(currencies, lang)}
            form={PRICED_FORM_IDS.offer}
            lang={lang}
          />
          <InCurrencies currencies={currencies}>
            {(currency) => <p className={styles.discount}>{offerDiscount(offer, lang, currency)}</p>}
          </InCurrencies>
          {/* Read as one sentence in the language's order; shown as the old price struck through. */}
          <h2 id="price" className={styles.price}>
            <InCurrencies currencies={currencies} as="span">
              {(currency) => {
                const amounts = offerAmountsText(offer, lang, currency);
                return (
                  <>
                    <span className="visually-hidden">{offerPrice(offer, lang, currency)}</span>
                    <span aria-hidden="true">
                      <s className={styles.was}>{amounts.was}</s> <span className={styles.now}>{amounts.now}</span>
                    </span>
                  </>
                );
              }}
            </InCurrencies>
          </h2>
          <p>
            <strong>{offerDeadline(offer, lang)}</strong>
          </p>
          <p className={ui.prose}>{offer.description}</p>
        </section>
        <section aria-labelledby="save-spot" className={`${ui.section}`}>
          <h2 id="save-spot" className={ui.heading}>
            {text.reserve}
          </h2>
          {left !== undefined && <PlacesLeft left={left} text={text.placesLeft} unit="spotLeft" lang={lang} />}
          {/* What is due when, before anyone reserves (docs/product.md §14). */}
          {state !== 'closed' && (
            <InCurrencies currencies={currencies}>
              {(currency) => offerDueText(offer, lang, currency).map((line) => <p key={line}>{line}</p>)}
            </InCurrencies>
          )}
          {/* The same form whether open or full, so that the post taking the last place, answered without
              JavaScript by the page made again as full, still shows its success (docs/product.md §9). */}
          {state === 'closed' ? (
            <ClosedNotice lang={lang} text={offerClosedText(offer, state, lang)} nextStep={t.offers.nextStep} />
          ) : (
            <OfferForm lang={lang} offer={offer.slug} full={state === 'full'} />
          )}
        </section>
      </div>
    </div>
  );
}
