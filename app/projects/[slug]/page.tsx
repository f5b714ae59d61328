import type { Metadata } from 'next';

import { ProjectDetail } from '@/components/projects/project-detail';
import { PageHeader } from '@/components/ui/page-header';
import { findProjectBySlug, prerendered, projectPath, projectSummaries } from '@/lib/content';
import { pageMetadata, siteUrl } from '@/lib/seo';
import { projectSlug } from '@/lib/slug';

export const dynamicParams = false;

export function generateStaticParams() {
  return projectSummaries.map((project) => ({ slug: projectSlug(project) }));
}

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const found = prerendered(findProjectBySlug(slug), slug);
  return pageMetadata({
    title: found.detail.title,
    description: found.detail.summary,
    path: projectPath(found.summary),
  });
}

export default async function ProjectPage({ params }: Props) {
  const { slug } = await params;
  const found = prerendered(findProjectBySlug(slug), slug);
  return (
    <>
      <PageHeader title={found.detail.title} />
      <ProjectDetail project={found.detail} url={`${siteUrl}${projectPath(found.summary)}`} />
    </>
  );
}
