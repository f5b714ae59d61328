import { InsightCard } from '@/components/insights/insight-card';
import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { insights, pages } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Insights',
  description: 'Articles, analyses and field notes written by members of the Baobab Data community.',
  path: '/insights',
});

export default function InsightsPage() {
  const { insightsPage } = pages;
  return (
    <>
      <PageHeader title="Insights" lead={insightsPage.intro}>
        <p>{insightsPage.submitText}</p>
        <ExternalLink href={insightsPage.submitLink} className={`${buttons.button} ${buttons.primary}`}>
          Submit Insight
        </ExternalLink>
      </PageHeader>
      <section className={ui.section} aria-labelledby="articles">
        <div className="container">
          <h2 id="articles" className="visually-hidden">
            Articles
          </h2>
          <ul className={ui.grid}>
            {insights.map((insight) => (
              <li key={insight.link}>
                <InsightCard insight={insight} showDescription={false} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
