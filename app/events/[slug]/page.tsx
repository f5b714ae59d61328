import type { Metadata } from 'next';
import { EventJsonLd } from 'next-seo';

import { EventForm } from '@/components/forms/event-form';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { events, findEvent, prerendered, site } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';

import styles from './event.module.css';

export const dynamicParams = false;

export function generateStaticParams() {
  return events.map((event) => ({ slug: event.slug }));
}

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const event = prerendered(findEvent(slug), slug);
  return pageMetadata({
    title: event.title,
    description: `${event.dates}, ${event.location}. ${event.tagline}`,
    path: `/events/${event.slug}`,
  });
}

export default async function EventPage({ params }: Props) {
  const { slug } = await params;
  const event = prerendered(findEvent(slug), slug);
  return (
    <>
      <EventJsonLd
        name={event.title}
        startDate={event.startDate}
        endDate={event.endDate}
        description={event.description}
        location={{ name: event.location, address: { addressLocality: 'Lagos', addressCountry: 'NG' } }}
        image={`${siteUrl}${event.img}`}
        url={`${siteUrl}/events/${event.slug}`}
        eventStatus="https://schema.org/EventScheduled"
        organizer={{ name: site.name, url: siteUrl }}
      />
      <section className={styles.banner} aria-labelledby="event-title">
        <Picture src={event.img} alt="" fill priority className={styles.bannerImage} sizes="100vw" />
        <div className={`container ${styles.bannerText}`}>
          <p className={styles.dates}>{event.dates}</p>
          <h1 id="event-title" className={styles.title}>
            {event.title}
          </h1>
          <p className={styles.tagline}>{event.tagline}</p>
        </div>
      </section>
      <div className={`container ${ui.columns}`}>
        <section aria-labelledby="about-event" className={ui.section}>
          <h2 id="about-event" className={ui.heading}>
            About the hackathon
          </h2>
          <p className={ui.prose}>{event.description}</p>
          <p>
            <strong>Where:</strong> {event.location}
          </p>
          <p className={styles.partnerLabel}>In partnership with</p>
          <Picture src={event.partner.img} alt={event.partner.alt} width={320} height={96} className={styles.partner} />
        </section>
        <section aria-labelledby="register" className={`${ui.section} ${styles.form}`}>
          <h2 id="register" className={ui.heading}>
            Register
          </h2>
          <EventForm event={event.slug} />
        </section>
      </div>
    </>
  );
}
