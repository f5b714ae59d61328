import type { Metadata } from 'next';
import { JsonLdScript } from 'next-seo';
import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';

import { ClosedNotice } from '@/components/calendar/closed-notice';
import { EnrolmentForm } from '@/components/forms/enrolment-form';
import { PRICED_FORM_IDS } from '@/components/forms/form-ids';
import { PreviewNotice } from '@/components/layout/preview-notice';
import { CurrencyChoice, InCurrencies, pricedClass } from '@/components/ui/currencies';
import { PageHeader } from '@/components/ui/page-header';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { cmsCourse, cmsCourseDraft, cmsCourses } from '@/lib/cms';
import { content, coursePath } from '@/lib/content';
import { courseCost, courseDescription } from '@/lib/content/facts';
import { itemCurrencies, startingCurrency } from '@/lib/content/prices';
import { siteToday } from '@/lib/content/schedule';
import { defaultLang, localePath, locales } from '@/lib/i18n';
import { formatDates } from '@/lib/i18n/format';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata, pageUrl, siteUrl } from '@/lib/seo';
import { messages } from '@/messages';

import styles from './course.module.css';

// A course added in the CMS after the build is made on its first visit.
export const dynamicParams = true;
// Made again at once when the course is edited on this instance (lib/cms/revalidate.ts), and every 30
// seconds for an edit on another instance and for a next cohort's date once it has started
// (docs/product.md §9).
export const revalidate = 30;

export async function generateStaticParams() {
  return (await cmsCourses(defaultLang)).map((course) => ({ slug: course.slug }));
}

type Props = PageProps<'/[lang]/academy/[slug]'>;

// A slug no published course has leads to the academy (temporary: it may be a course tomorrow).
async function pageCourse(params: Props['params']) {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  // In the CMS's draft mode (a content editor's preview, app/staff/preview), the latest saved version.
  const preview = (await draftMode()).isEnabled;
  const course = (await (preview ? cmsCourseDraft : cmsCourse)(slug, lang)) ?? redirect(localePath(lang, '/academy'));
  return { lang, course, preview };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, course } = await pageCourse(params);
  return pageMetadata({
    lang,
    title: course.title,
    description: courseDescription(course, lang),
    path: coursePath(course),
  });
}

export default async function CoursePage({ params }: Props) {
  const { lang, course, preview } = await pageCourse(params);
  const { site } = content(lang);
  const text = messages(lang).course;
  const nextCohort = course.nextCohortDate && course.nextCohortDate >= siteToday() ? course.nextCohortDate : null;
  // A course priced in several currencies: the visitor's choice, which its fee follows (docs/product.md §14).
  const currencies = itemCurrencies(course);
  return (
    <div className={pricedClass}>
      {preview && <PreviewNotice path={localePath(lang, coursePath(course))} />}
      <JsonLdScript
        scriptKey="course"
        data={{
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: course.title,
          description: course.intro,
          url: pageUrl(lang, coursePath(course)),
          inLanguage: locales[lang].htmlLang,
          provider: { '@type': 'Organization', name: site.name, url: siteUrl },
        }}
      />
      <PageHeader title={course.title}>
        <dl className={styles.facts}>
          <div>
            <dt>{text.duration}</dt>
            <dd>{course.duration}</dd>
          </div>
          <div>
            <dt>{text.cost}</dt>
            <dd>
              <InCurrencies currencies={currencies} as="span">
                {(currency) => courseCost(course, lang, currency)}
              </InCurrencies>
            </dd>
          </div>
          {nextCohort ? (
            <div>
              <dt>{text.nextCohort}</dt>
              <dd>{formatDates(nextCohort, undefined, lang)}</dd>
            </div>
          ) : null}
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
              {text.introduction}
            </h2>
            <p className={ui.prose}>{course.intro}</p>
          </section>
          <section aria-labelledby="outcomes">
            <h2 id="outcomes" className={ui.heading}>
              {text.outcome}
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
            {text.enrol}
          </h2>
          {course.isActive ? (
            // The form posts the course's key, the same in every language (lib/cms/shapes.ts).
            <>
              <CurrencyChoice
                currencies={currencies}
                initial={startingCurrency(currencies, lang)}
                form={PRICED_FORM_IDS.enrol}
                lang={lang}
              />
              <EnrolmentForm lang={lang} course={course.key} hasPaymentPage={course.pay_link !== ''} />
            </>
          ) : (
            <ClosedNotice lang={lang} text={text.closed} nextStep={text.nextStep} />
          )}
        </section>
      </div>
    </div>
  );
}
