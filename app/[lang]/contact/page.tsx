import { ContactForm } from '@/components/forms/contact-form';
import { PageHeader } from '@/components/ui/page-header';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { cmsContact } from '@/lib/cms';
import { content } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

import styles from './contact.module.css';

type Props = PageProps<'/[lang]/contact'>;

// The contact details are the content editor's: the page is made again within 30 s of a change.
export const revalidate = 30;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description, heading } = messages(lang).contact;
  return pageMetadata({ lang, title, description, path: '/contact', card: { path: '/contact', title: heading } });
}

export default async function ContactPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { pages } = content(lang);
  const { contactInfo } = await cmsContact();
  const { contactPage } = pages;
  const text = messages(lang).contact;
  return (
    <>
      <PageHeader title={text.heading} lead={contactPage.intro} />
      <div className={`container ${ui.columns}`}>
        <section aria-labelledby="message" className={ui.section}>
          <h2 id="message" className={ui.heading}>
            {text.send}
          </h2>
          <ContactForm lang={lang} />
        </section>
        <section aria-labelledby="find-us" className={ui.section}>
          <h2 id="find-us" className={ui.heading}>
            {text.find}
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
              {text.email} <a href={`mailto:${contactInfo.email}`}>{contactInfo.email}</a>
            </p>
            <p>
              {text.phone} <a href={`tel:${contactInfo.phone.replace(/\s+/g, '')}`}>{contactInfo.phone}</a>
            </p>
          </address>
        </section>
      </div>
    </>
  );
}
