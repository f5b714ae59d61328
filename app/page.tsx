import { OrganizationJsonLd } from 'next-seo';

import { NewsletterForm } from '@/components/forms/newsletter-form';
import { Hero } from '@/components/home/hero';
import { InsightCard } from '@/components/insights/insight-card';
import { ProjectCard } from '@/components/projects/project-card';
import { Carousel } from '@/components/ui/carousel';
import { PartnerGrid } from '@/components/ui/partner-grid';
import { Section } from '@/components/ui/section';
import ui from '@/components/ui/section.module.css';
import { contactInfo, insights, pages, partners, projectSummaries, site, socialLinks } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';

export const metadata = pageMetadata({ title: 'Home', description: site.description, path: '/' });

export default function HomePage() {
  return (
    <>
      <OrganizationJsonLd
        name={site.name}
        url={siteUrl}
        logo={`${siteUrl}/icon.svg`}
        description={site.description}
        email={contactInfo.email}
        telephone={contactInfo.phone}
        address={{ streetAddress: contactInfo.address, addressLocality: 'Lagos', addressCountry: 'NG' }}
        sameAs={socialLinks.map((s) => s.href)}
      />
      <Hero />

      <Section id="what-we-do" title="What we do">
        <p className={ui.prose}>{pages.home.whatWeDo}</p>
      </Section>

      <Section
        id="our-project"
        title="Our Project"
        alt
        more={{ href: '/projects', label: 'View all', hidden: 'projects' }}
      >
        <Carousel label="Featured projects" itemName="project">
          {projectSummaries.map((project) => (
            <ProjectCard key={project.id} project={project} variant="carousel" />
          ))}
        </Carousel>
      </Section>

      <Section id="partners" title="Our partners">
        <PartnerGrid partners={partners} />
      </Section>

      <Section id="insights" title="Insights" alt more={{ href: '/insights', label: 'View all', hidden: 'insights' }}>
        <Carousel label="Latest insights" itemName="insight">
          {insights.map((insight) => (
            <InsightCard key={insight.link} insight={insight} showDescription />
          ))}
        </Carousel>
      </Section>

      <Section id="join" title="Join the community">
        <NewsletterForm />
      </Section>
    </>
  );
}
