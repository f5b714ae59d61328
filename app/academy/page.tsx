import { CourseJsonLd } from 'next-seo';

import { CourseCard } from '@/components/academy/course-card';
import { TestimonialCard } from '@/components/academy/testimonial-card';
import buttons from '@/components/ui/button.module.css';
import { Carousel } from '@/components/ui/carousel';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import ui from '@/components/ui/section.module.css';
import { StatList } from '@/components/ui/stat-list';
import { academyStats, coursePath, courses, pages, testimonials } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Academy',
  description:
    'Short, practical data courses: analysis, visualisation, machine learning and ethics. From free to $105.',
  path: '/academy',
});

export default function AcademyPage() {
  return (
    <>
      <CourseJsonLd type="list" urls={courses.map((course) => `${siteUrl}${coursePath(course)}`)} />
      <PageHeader title="Academy" lead={pages.academyPage.intro}>
        <StatList
          label="Academy figures"
          stats={[
            { label: 'Enthusiasts', value: academyStats.enthusiast },
            { label: 'Fellows', value: academyStats.fellows },
            { label: 'Countries', value: academyStats.countries },
          ]}
        />
      </PageHeader>
      <Section id="tracks" title="Our courses">
        <ul className={ui.grid}>
          {courses.map((course) => (
            <li key={course.slug}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="fellows" title="What our fellows say" alt>
        <Carousel label="Fellow testimonials" itemName="testimonial">
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </Carousel>
        <div className={ui.actions}>
          <ExternalLink href={pages.academyPage.cohortLink} className={`${buttons.button} ${buttons.primary}`}>
            Join a cohort
          </ExternalLink>
        </div>
      </Section>
    </>
  );
}
