import type { Metadata } from 'next';
import { JsonLdScript } from 'next-seo';

import { OfferForm } from '@/components/forms/offer-form';
import { PageHeader } from '@/components/ui/page-header';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { findOffer, offers, prerendered, site } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';

import styles from './offer.module.css';

export const dynamicParams = false;

export function generateStaticParams() {
  return offers.map((offer) => ({ slug: offer.slug }));
}

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const offer = prerendered(findOffer(slug), slug);
  return pageMetadata({
    title: offer.title,
    description: `${offer.highlights}. Cohort starting ${offer.cohortStart}: ${offer.discountPercent}% off, now $${offer.nowPrice} instead of $${offer.wasPrice}. Offer ends ${offer.endsOn}.`,
    path: `/offers/${offer.slug}`,
  });
}

export default async function OfferPage({ params }: Props) {
  const { slug } = await params;
  const offer = prerendered(findOffer(slug), slug);
  const url = `${siteUrl}/offers/${offer.slug}`;
  return (
    <>
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
          availability: 'https://schema.org/LimitedAvailability',
          seller: { '@type': 'Organization', name: site.name, url: siteUrl },
          itemOffered: {
            '@type': 'Course',
            name: offer.title,
            description: offer.description,
            provider: { '@type': 'Organization', name: site.name },
          },
        }}
      />
      <PageHeader title={offer.title}>
        <p className={styles.cohort}>Cohort starting {offer.cohortStart}</p>
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
          <p className={styles.discount}>{offer.discountPercent}% off</p>
          <h2 id="price" className={styles.price}>
            <span className="visually-hidden">Price: </span>
            <s className={styles.was}>
              <span className="visually-hidden">was </span>${offer.wasPrice}
            </s>{' '}
            <span className={styles.now}>
              <span className="visually-hidden">now </span>${offer.nowPrice}
            </span>
          </h2>
          <p>
            <strong>Offer ends {offer.endsOn}.</strong>
          </p>
          <p className={ui.prose}>{offer.description}</p>
        </section>
        <section aria-labelledby="save-spot" className={`${ui.section}`}>
          <h2 id="save-spot" className={ui.heading}>
            Reserve your spot
          </h2>
          <OfferForm offer={offer.slug} />
        </section>
      </div>
    </>
  );
}
