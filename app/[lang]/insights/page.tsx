import { draftMode } from 'next/headers';

import { InsightCard } from '@/components/insights/insight-card';
import { PreviewNotice } from '@/components/layout/preview-notice';
import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { cmsInsights } from '@/lib/cms';
import { content } from '@/lib/content';
import { localePath } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/insights'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;
// Its list is the CMS's: made again at once when it is edited on this instance (lib/cms/revalidate.ts),
// and every 30 seconds for an edit on another. In the editor's preview, with its drafts.
export const revalidate = 30;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).insights;
  return pageMetadata({ lang, title, description, path: '/insights' });
}

export default async function InsightsPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { pages } = content(lang);
  const preview = (await draftMode()).isEnabled;
  const insights = await cmsInsights(lang, { draft: preview });
  const { insightsPage } = pages;
  const text = messages(lang).insights;
  return (
    <>
      {preview && <PreviewNotice path={localePath(lang, '/insights')} />}
      <PageHeader title={text.title} lead={insightsPage.intro}>
        <p>{insightsPage.submitText}</p>
        <ExternalLink href={insightsPage.submitLink} lang={lang} className={`${buttons.button} ${buttons.primary}`}>
          {text.submit}
        </ExternalLink>
      </PageHeader>
      <section className={ui.section} aria-labelledby="articles">
        <div className="container">
          <h2 id="articles" className="visually-hidden">
            {text.articles}
          </h2>
          <ul className={ui.grid}>
            {insights.map((insight) => (
              <li key={insight.link}>
                <InsightCard insight={insight} showDescription={false} lang={lang} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
