import type { Metadata } from 'next';
import { JsonLdScript } from 'next-seo';
import { draftMode } from 'next/headers';

import { ClosedNotice } from '@/components/calendar/closed-notice';
import { PlacesLeft } from '@/components/calendar/places-left';
import { SeriesDates } from '@/components/calendar/series-dates';
import { EventForm } from '@/components/forms/event-form';
import { PRICED_FORM_IDS } from '@/components/forms/form-ids';
import { MissingPage } from '@/components/layout/missing-page';
import { PreviewNotice } from '@/components/layout/preview-notice';
import { CurrencyChoice, InCurrencies, pricedClass } from '@/components/ui/currencies';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { cmsEvent, cmsEventDraft, cmsEvents } from '@/lib/cms';
import { content, eventPath } from '@/lib/content';
import { eventClosedText, eventDates, eventDescription, eventPrices, ticketOptions } from '@/lib/content/facts';
import { itemCurrencies, startingCurrency } from '@/lib/content/prices';
import { externalRegistration } from '@/lib/content/schedule';
import { eventPlaces, seriesDates } from '@/lib/forms/places';
import { defaultLang, localePath, locales } from '@/lib/i18n';
import { EVENT_CALENDAR_FILE } from '@/lib/i18n/rewrite';
import { routeEntity } from '@/lib/i18n/route';
import { notFoundMetadata, pageMetadata, pageUrl, schemaAvailability, siteUrl } from '@/lib/seo';
import { messages } from '@/messages';
import { seriesTexts } from '@/messages/series';

import styles from './event.module.css';

// An event published after the build is made on its first visit; an unknown slug is the 404 page.
export const dynamicParams = true;
// Made again at once when the event is edited on this instance (lib/cms/revalidate.ts), and every 30
// seconds for an edit on another instance and so registration closes on time (docs/product.md §9).
export const revalidate = 30;

export async function generateStaticParams() {
  return (await cmsEvents(defaultLang)).map((event) => ({ slug: event.slug }));
}

// In the CMS's draft mode (a content editor's preview, app/staff/preview), the latest saved version.
async function finder() {
  return (await draftMode()).isEnabled ? cmsEventDraft : cmsEvent;
}

type Props = PageProps<'/[lang]/events/[slug]'>;

// An unknown slug gets the 404's head here, never a thrown 404: from the metadata, that would reach the
// visitor as Next's empty error page. The page itself answers with the 404 (MissingPage).
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, entity: event } = await routeEntity(params, await finder());
  if (!event) return notFoundMetadata(lang);
  return pageMetadata({
    lang,
    title: event.title,
    description: eventDescription(event, lang),
    path: eventPath(event),
  });
}

export default async function EventPage({ params }: Props) {
  const { lang, entity: event } = await routeEntity(params, await finder());
  if (!event) return <MissingPage lang={lang} />;
  const preview = (await draftMode()).isEnabled;
  const { site } = content(lang);
  const t = messages(lang);
  const text = t.event;
  const [{ state, left, kinds }, dates] = await Promise.all([eventPlaces(event), seriesDates(event, lang)]);
  // A paid event's price or ticket kinds, and when the price is due, before anyone registers.
  const prices = eventPrices(event, lang, kinds);
  // An event priced in several currencies: the visitor's choice, which its amounts follow (docs/product.md §14).
  const currencies = itemCurrencies(event);
  const url = pageUrl(lang, eventPath(event));
  return (
    <div className={pricedClass}>
      {preview && <PreviewNotice path={localePath(lang, eventPath(event))} />}
      <JsonLdScript
        scriptKey="event"
        data={{
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: event.title,
          startDate: event.startDate,
          endDate: event.endDate,
          description: event.description,
          inLanguage: locales[lang].htmlLang,
          location: {
            '@type': 'Place',
            name: event.location,
            address: { '@type': 'PostalAddress', addressLocality: 'Lagos', addressCountry: 'NG' },
          },
          image: `${siteUrl}${event.img}`,
          url,
          eventStatus: 'https://schema.org/EventScheduled',
          offers: {
            '@type': 'Offer',
            url,
            availability: schemaAvailability[state],
            validThrough: event.endDate,
          },
          organizer: { '@type': 'Organization', name: site.name, url: siteUrl },
        }}
      />
      <section className={styles.banner} aria-labelledby="event-title">
        <Picture src={event.img} alt="" fill priority className={styles.bannerImage} sizes="100vw" />
        <div className={`container ${styles.bannerText}`}>
          <p className={styles.dates}>{eventDates(event, lang)}</p>
          <h1 id="event-title" className={styles.title}>
            {event.title}
          </h1>
          <p className={styles.tagline}>{event.tagline}</p>
        </div>
      </section>
      <div className={`container ${ui.columns}`}>
        <section aria-labelledby="about-event" className={ui.section}>
          <h2 id="about-event" className={ui.heading}>
            {text.about}
          </h2>
          <p className={ui.prose}>{event.description}</p>
          <p>
            <strong>{text.where}</strong> {event.location}
          </p>
          {/* A plain link to the event's calendar file, in this page's language: no script. */}
          <p>
            <a href={localePath(lang, `${eventPath(event)}/${EVENT_CALENDAR_FILE}`)} type="text/calendar">
              {text.addToCalendar}
            </a>
          </p>
          {dates.some((date) => date.slug !== event.slug) && (
            <SeriesDates dates={dates} current={event.slug} text={seriesTexts[lang]} />
          )}
          <p className={styles.partnerLabel}>{text.partnership}</p>
          <Picture src={event.partner.img} alt={event.partner.alt} width={320} height={96} className={styles.partner} />
        </section>
        <section aria-labelledby="register" className={`${ui.section} ${styles.form}`}>
          <h2 id="register" className={ui.heading}>
            {text.register}
          </h2>
          {left !== undefined && <PlacesLeft left={left} text={text.placesLeft} unit="placeLeft" lang={lang} />}
          {state !== 'closed' && (
            <CurrencyChoice
              currencies={currencies}
              initial={startingCurrency(currencies, lang)}
              form={PRICED_FORM_IDS.event}
              lang={lang}
            />
          )}
          {state !== 'closed' && prices.price && (
            <InCurrencies currencies={currencies}>
              {(currency) => <p>{eventPrices(event, lang, kinds, currency).price}</p>}
            </InCurrencies>
          )}
          {state !== 'closed' && prices.tickets.length > 0 && (
            <>
              <h3>{text.tickets}</h3>
              <InCurrencies currencies={currencies}>
                {(currency) => (
                  <ul>
                    {eventPrices(event, lang, kinds, currency).tickets.map((kind) => (
                      <li key={kind.id}>{kind.label}</li>
                    ))}
                  </ul>
                )}
              </InCurrencies>
            </>
          )}
          {state !== 'closed' && prices.due && <p>{prices.due}</p>}
          {/* The same form whether open or full, so that the post taking the last place, answered without
              JavaScript by the page made again as full, still shows its success (docs/product.md §9). */}
          {state === 'closed' ? (
            <ClosedNotice lang={lang} text={eventClosedText(event, state, lang)} nextStep={t.events.nextStep} />
          ) : (
            <EventForm
              lang={lang}
              event={event.slug}
              full={state === 'full'}
              external={externalRegistration(event) !== undefined}
              tickets={ticketOptions(event, lang, kinds, currencies)}
            />
          )}
        </section>
      </div>
    </div>
  );
}
