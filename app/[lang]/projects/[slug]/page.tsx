import type { Metadata } from 'next';
import { draftMode } from 'next/headers';
import { permanentRedirect } from 'next/navigation';

import { MissingPage } from '@/components/layout/missing-page';
import { PreviewNotice } from '@/components/layout/preview-notice';
import { ProjectDetail } from '@/components/projects/project-detail';
import { PageHeader } from '@/components/ui/page-header';
import { cmsProject, cmsProjects } from '@/lib/cms';
import { defaultLang, localePath } from '@/lib/i18n';
import { routeEntity } from '@/lib/i18n/route';
import { notFoundMetadata, pageMetadata, pageUrl } from '@/lib/seo';

// A project published after the build is made on its first visit; an unknown number is the 404 page.
export const dynamicParams = true;
// Made again at once when the project is edited on this instance (lib/cms/revalidate.ts), and every
// 30 seconds for an edit on another.
export const revalidate = 30;

export async function generateStaticParams() {
  return (await cmsProjects(defaultLang)).map(({ summary }) => ({ slug: summary.slug }));
}

type Props = PageProps<'/[lang]/projects/[slug]'>;

// In the CMS's draft mode (a content editor's preview, app/staff/preview), the latest saved version.
async function finder() {
  const draft = (await draftMode()).isEnabled;
  return (slug: string, lang: Parameters<typeof cmsProject>[1]) => cmsProject(slug, lang, { draft });
}

// An unknown project gets the 404's head here, never a thrown 404 (see the event page).
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, entity: project } = await routeEntity(params, await finder());
  if (!project) return notFoundMetadata(lang);
  return pageMetadata({
    lang,
    title: project.detail.title,
    description: project.detail.summary,
    path: `/projects/${project.summary.slug}`,
  });
}

export default async function ProjectPage({ params }: Props) {
  const { lang, entity: project } = await routeEntity(params, await finder());
  if (!project) return <MissingPage lang={lang} />;
  const path = `/projects/${project.summary.slug}`;
  // The right number under other words (an older title, a shortened link): its one address.
  if ((await params).slug !== project.summary.slug) permanentRedirect(localePath(lang, path));
  const preview = (await draftMode()).isEnabled;
  return (
    <>
      {preview && <PreviewNotice path={localePath(lang, path)} />}
      <PageHeader title={project.detail.title} />
      <ProjectDetail project={project.detail} url={pageUrl(lang, path)} lang={lang} />
    </>
  );
}
