import { ContactForm } from '@/components/forms/contact-form';
import { PageHeader } from '@/components/ui/page-header';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { contactInfo, pages } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';

import styles from './contact.module.css';

export const metadata = pageMetadata({
  title: 'Contact',
  description: 'Write to Baobab Data, call us, or visit our office in Lagos, Nigeria.',
  path: '/contact',
});

export default function ContactPage() {
  const { contactPage } = pages;
  return (
    <>
      <PageHeader title="Contact us" lead={contactPage.intro} />
      <div className={`container ${ui.columns}`}>
        <section aria-labelledby="message" className={ui.section}>
          <h2 id="message" className={ui.heading}>
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="find-us" className={ui.section}>
          <h2 id="find-us" className={ui.heading}>
            Find us
          </h2>
          <Picture
            src={contactPage.mapImg}
            alt={contactPage.mapAlt}
            width={1000}
            height={560}
            className={ui.roundedImage}
            sizes="(min-width: 56rem) 30rem, 92vw"
          />
          <address className={styles.details}>
            <p>{contactInfo.address}</p>
            <p>
              Email: <a href={`mailto:${contactInfo.email}`}>{contactInfo.email}</a>
            </p>
            <p>
              Phone: <a href={`tel:${contactInfo.phone.replace(/\s+/g, '')}`}>{contactInfo.phone}</a>
            </p>
          </address>
        </section>
      </div>
    </>
  );
}
