import { draftMode } from 'next/headers';

import { TeamGrid } from '@/components/about/team-grid';
import { PreviewNotice } from '@/components/layout/preview-notice';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import ui from '@/components/ui/section.module.css';
import { cmsPeople } from '@/lib/cms';
import { content } from '@/lib/content';
import { localePath } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';
import { giftTexts } from '@/messages/gifts';

import styles from './about.module.css';

type Props = PageProps<'/[lang]/about'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;
// Its list is the CMS's: made again at once when it is edited on this instance (lib/cms/revalidate.ts),
// and every 30 seconds for an edit on another. In the editor's preview, with its drafts.
export const revalidate = 30;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description, heading } = messages(lang).about;
  return pageMetadata({ lang, title, description, path: '/about', card: { path: '/about', title: heading } });
}

// The advisory board exists in data/people.ts but is not rendered (docs/product.md §10).
export default async function AboutPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { pages } = content(lang);
  const preview = (await draftMode()).isEnabled;
  const founders = await cmsPeople(lang, 'founders', { draft: preview });
  const { about } = pages;
  const text = messages(lang).about;
  return (
    <>
      {preview && <PreviewNotice path={localePath(lang, '/about')} />}
      <PageHeader title={text.heading} />
      <Section id="who-we-are" title={text.whoWeAre}>
        <p className={ui.prose}>{about.whoWeAre}</p>
        <ul className={styles.focus}>
          {about.focus.map((block) => (
            <li key={block.title} className={styles.block}>
              <h3>{block.title}</h3>
              <p className={styles.figure}>{block.figure}</p>
              <p>{block.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="about-what-we-do" title={text.whatWeDo} alt>
        <p className={ui.prose}>{about.whatWeDo}</p>
        <p className={ui.prose}>
          <a href={localePath(lang, '/donate')}>{giftTexts[lang].aboutLink}</a>
        </p>
      </Section>
      <Section id="team" title={text.founders}>
        <TeamGrid people={founders} lang={lang} />
      </Section>
    </>
  );
}
