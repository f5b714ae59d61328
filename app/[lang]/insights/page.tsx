import { InsightCard } from '@/components/insights/insight-card';
import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { content } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/insights'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).insights;
  return pageMetadata({ lang, title, description, path: '/insights' });
}

export default async function InsightsPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { insights, pages } = content(lang);
  const { insightsPage } = pages;
  const text = messages(lang).insights;
  return (
    <>
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
