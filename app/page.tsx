import Link from 'next/link';
import { OrganizationJsonLd } from 'next-seo';
import { NewsletterForm } from '@/components/forms/newsletter-form';
import { Hero } from '@/components/home/hero';
import { InsightCard } from '@/components/insights/insight-card';
import { ProjectCard } from '@/components/projects/project-card';
import { Carousel } from '@/components/ui/carousel';
import { PartnerGrid } from '@/components/ui/partner-grid';
import ui from '@/components/ui/section.module.css';
import { contactInfo, insights, pages, partners, projectSummaries, site, socialLinks } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';

export const metadata = {
  ...pageMetadata({ title: 'Home', description: site.description, path: '/' }),
  title: { absolute: `${site.name} - Learn data, build projects for Africa` },
};

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

      <section className={ui.section} aria-labelledby="what-we-do">
        <div className="container">
          <h2 id="what-we-do" className={ui.heading}>
            What we do
          </h2>
          <p className={ui.prose}>{pages.home.whatWeDo}</p>
        </div>
      </section>

      <section className={`${ui.section} ${ui.alt}`} aria-labelledby="our-project">
        <div className="container">
          <div className={ui.headRow}>
            <h2 id="our-project" className={ui.heading}>
              Our Project
            </h2>
            <Link href="/projects">
              View all<span className="visually-hidden"> projects</span>
            </Link>
          </div>
          <Carousel label="Featured projects" itemName="project">
            {projectSummaries.map((project) => (
              <ProjectCard key={project.id} project={project} variant="carousel" />
            ))}
          </Carousel>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="partners">
        <div className="container">
          <h2 id="partners" className={ui.heading}>
            Our partners
          </h2>
          <PartnerGrid partners={partners} />
        </div>
      </section>

      <section className={`${ui.section} ${ui.alt}`} aria-labelledby="insights">
        <div className="container">
          <div className={ui.headRow}>
            <h2 id="insights" className={ui.heading}>
              Insights
            </h2>
            <Link href="/insights">
              View all<span className="visually-hidden"> insights</span>
            </Link>
          </div>
          <Carousel label="Latest insights" itemName="insight">
            {insights.map((insight) => (
              <InsightCard key={insight.link} insight={insight} showDescription />
            ))}
          </Carousel>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="join">
        <div className="container">
          <h2 id="join" className={ui.heading}>
            Join the community
          </h2>
          <NewsletterForm />
        </div>
      </section>
    </>
  );
}
