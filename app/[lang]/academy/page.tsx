import { CourseJsonLd } from 'next-seo';
import { draftMode } from 'next/headers';

import { CourseCard } from '@/components/academy/course-card';
import { TestimonialCard } from '@/components/academy/testimonial-card';
import { PreviewNotice } from '@/components/layout/preview-notice';
import buttons from '@/components/ui/button.module.css';
import { Carousel } from '@/components/ui/carousel';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import ui from '@/components/ui/section.module.css';
import { StatList } from '@/components/ui/stat-list';
import { cmsCourses, cmsFigures, cmsTestimonials } from '@/lib/cms';
import { content, coursePath } from '@/lib/content';
import { academyDescription } from '@/lib/content/facts';
import { localePath } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata, pageUrl } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/academy'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;
// The courses are the CMS's: made again at once when one is edited on this instance
// (lib/cms/revalidate.ts), and every 30 seconds for an edit on another.
export const revalidate = 30;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const description = academyDescription(await cmsCourses(lang), lang);
  return pageMetadata({ lang, title: messages(lang).academy.title, description, path: '/academy' });
}

export default async function AcademyPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { pages } = content(lang);
  const preview = (await draftMode()).isEnabled;
  const [{ academyStats }, testimonials] = await Promise.all([cmsFigures(), cmsTestimonials(lang, { draft: preview })]);
  const courses = await cmsCourses(lang);
  const t = messages(lang);
  const text = t.academy;
  return (
    <>
      {preview && <PreviewNotice path={localePath(lang, '/academy')} />}
      <CourseJsonLd type="list" urls={courses.map((course) => pageUrl(lang, coursePath(course)))} />
      <PageHeader title={text.title} lead={pages.academyPage.intro}>
        <StatList
          lang={lang}
          label={text.figures}
          stats={[
            { label: text.enthusiasts, value: academyStats.enthusiast },
            { label: text.fellows, value: academyStats.fellows },
            { label: text.countries, value: academyStats.countries },
          ]}
        />
      </PageHeader>
      <Section id="tracks" title={text.courses}>
        <ul className={ui.grid}>
          {courses.map((course) => (
            <li key={course.slug}>
              <CourseCard course={course} lang={lang} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="fellows" title={text.say} alt>
        <Carousel
          label={text.testimonials}
          text={{ ...t.carousel, previous: text.previousTestimonial, next: text.nextTestimonial }}
        >
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} lang={lang} />
          ))}
        </Carousel>
        <div className={ui.actions}>
          <ExternalLink
            href={pages.academyPage.cohortLink}
            lang={lang}
            className={`${buttons.button} ${buttons.primary}`}
          >
            {text.cohort}
          </ExternalLink>
        </div>
      </Section>
    </>
  );
}
