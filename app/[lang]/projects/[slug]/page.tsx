import type { Metadata } from 'next';

import { ProjectDetail } from '@/components/projects/project-detail';
import { PageHeader } from '@/components/ui/page-header';
import { findProjectBySlug, projectPath, projectSummaries } from '@/lib/content';
import { routeEntity } from '@/lib/i18n/route';
import { pageMetadata, pageUrl } from '@/lib/seo';
import { projectSlug } from '@/lib/slug';

export const dynamicParams = false;

export function generateStaticParams() {
  return projectSummaries.map((project) => ({ slug: projectSlug(project) }));
}

type Props = PageProps<'/[lang]/projects/[slug]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, entity: found } = await routeEntity(params, findProjectBySlug);
  return pageMetadata({
    lang,
    title: found.detail.title,
    description: found.detail.summary,
    path: projectPath(found.summary),
  });
}

export default async function ProjectPage({ params }: Props) {
  const { lang, entity: found } = await routeEntity(params, findProjectBySlug);
  return (
    <>
      <PageHeader title={found.detail.title} />
      <ProjectDetail project={found.detail} url={pageUrl(lang, projectPath(found.summary))} lang={lang} />
    </>
  );
}
