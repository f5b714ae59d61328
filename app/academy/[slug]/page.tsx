import type { Metadata } from 'next';
import { CourseJsonLd } from 'next-seo';

import { EnrolmentForm } from '@/components/forms/enrolment-form';
import { PageHeader } from '@/components/ui/page-header';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { coursePath, courses, findCourse, prerendered, site } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';

import styles from './course.module.css';

export const dynamicParams = false;

export function generateStaticParams() {
  return courses.map((course) => ({ slug: course.slug }));
}

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const course = prerendered(findCourse(slug), slug);
  return pageMetadata({
    title: course.title,
    description:
      `${course.title}: ${course.duration}, registration fee ${course.cost}. ${course.intro.split('. ')[0]}.`.slice(
        0,
        200,
      ),
    path: coursePath(course),
  });
}

export default async function CoursePage({ params }: Props) {
  const { slug } = await params;
  const course = prerendered(findCourse(slug), slug);
  return (
    <>
      <CourseJsonLd
        name={course.title}
        description={course.intro}
        url={`${siteUrl}${coursePath(course)}`}
        provider={{ name: site.name, url: siteUrl }}
      />
      <PageHeader title={course.title}>
        <dl className={styles.facts}>
          <div>
            <dt>Duration</dt>
            <dd>{course.duration}</dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>{course.cost}</dd>
          </div>
        </dl>
      </PageHeader>
      <div className={`container ${ui.withAside}`}>
        <div>
          <Picture
            src={course.img}
            alt=""
            width={640}
            height={400}
            priority
            className={ui.roundedImage}
            sizes="(min-width: 56rem) 40rem, 92vw"
          />
          <section aria-labelledby="introduction" className={ui.section}>
            <h2 id="introduction" className={ui.heading}>
              Introduction
            </h2>
            <p className={ui.prose}>{course.intro}</p>
          </section>
          <section aria-labelledby="outcomes">
            <h2 id="outcomes" className={ui.heading}>
              Learning Outcome
            </h2>
            <ul className={styles.outcomes}>
              {course.outcomes.map((outcome) => (
                <li key={outcome}>{outcome}</li>
              ))}
            </ul>
          </section>
        </div>
        <section aria-labelledby="enrol" className={styles.enrol}>
          <h2 id="enrol" className={ui.heading}>
            Enrol
          </h2>
          <EnrolmentForm course={course.title} hasPaymentPage={course.pay_link !== ''} />
        </section>
      </div>
    </>
  );
}
