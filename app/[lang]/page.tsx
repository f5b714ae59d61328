import { OrganizationJsonLd } from 'next-seo';
import { draftMode } from 'next/headers';

import { AgendaList } from '@/components/calendar/agenda-list';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { Hero } from '@/components/home/hero';
import { InsightCard } from '@/components/insights/insight-card';
import { PreviewNotice } from '@/components/layout/preview-notice';
import { ProjectCard } from '@/components/projects/project-card';
import { Carousel } from '@/components/ui/carousel';
import { PartnerGrid } from '@/components/ui/partner-grid';
import { Section } from '@/components/ui/section';
import ui from '@/components/ui/section.module.css';
import { cmsContact, cmsInsights, cmsPartners, cmsProjects } from '@/lib/cms';
import { content } from '@/lib/content';
import { eventAgenda, offerAgenda } from '@/lib/forms/places';
import { localePath } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { homeCard, pageMetadata, pageUrl, siteUrl } from '@/lib/seo';
import { messages } from '@/messages';

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

// Made again every 30 seconds: what is coming up follows the calendar (docs/product.md §9) and the
// CMS, whose edits on another instance show within a minute.
export const revalidate = 30;

type Props = PageProps<'/[lang]'>;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  return pageMetadata({
    lang,
    title: messages(lang).home.title,
    description: content(lang).site.description,
    path: '/',
    card: homeCard(lang),
  });
}

export default async function HomePage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { site, pages } = content(lang);
  const preview = (await draftMode()).isEnabled;
  const [partners, insights, { contactInfo, socialLinks }, projects] = await Promise.all([
    cmsPartners(lang, { draft: preview }),
    cmsInsights(lang, { draft: preview }),
    cmsContact(),
    cmsProjects(lang, { draft: preview }),
  ]);
  const t = messages(lang);
  const text = t.home;
  const [events, offers] = await Promise.all([eventAgenda(lang), offerAgenda(lang)]);
  const upcoming = [...events.upcoming, ...offers.upcoming];
  return (
    <>
      {preview && <PreviewNotice path={localePath(lang, '/')} />}
      <OrganizationJsonLd
        name={site.name}
        url={pageUrl(lang, '/')}
        logo={`${siteUrl}/icon.svg`}
        description={site.description}
        email={contactInfo.email}
        telephone={contactInfo.phone}
        address={{ streetAddress: contactInfo.address, addressLocality: 'Lagos', addressCountry: 'NG' }}
        sameAs={socialLinks.map((s) => s.href)}
      />
      <Hero lang={lang} />

      <Section id="what-we-do" title={text.whatWeDo}>
        <p className={ui.prose}>{pages.home.whatWeDo}</p>
      </Section>

      {upcoming.length > 0 ? (
        <Section id="upcoming" title={text.upcoming}>
          <AgendaList items={upcoming} />
        </Section>
      ) : null}

      <Section
        id="our-project"
        title={text.ourProject}
        alt
        more={{ href: localePath(lang, '/projects'), ...text.moreProjects }}
      >
        <Carousel
          label={text.featured}
          text={{ ...t.carousel, previous: text.previousProject, next: text.nextProject }}
        >
          {projects.map(({ summary }) => (
            <ProjectCard key={summary.id} project={summary} variant="carousel" lang={lang} />
          ))}
        </Carousel>
      </Section>

      <Section id="partners" title={text.partners}>
        <PartnerGrid partners={partners} />
      </Section>

      <Section
        id="insights"
        title={text.insights}
        alt
        more={{ href: localePath(lang, '/insights'), ...text.moreInsights }}
      >
        <Carousel label={text.latest} text={{ ...t.carousel, previous: text.previousInsight, next: text.nextInsight }}>
          {insights.map((insight) => (
            <InsightCard key={insight.link} insight={insight} showDescription lang={lang} />
          ))}
        </Carousel>
      </Section>

      <Section id="join" title={text.join}>
        <NewsletterForm lang={lang} />
      </Section>
    </>
  );
}
