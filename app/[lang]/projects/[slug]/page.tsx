import type { Metadata } from 'next';

import { ProjectDetail } from '@/components/projects/project-detail';
import { PageHeader } from '@/components/ui/page-header';
import { findProjectBySlug, prerendered, projectPath, projectSummaries } from '@/lib/content';
import { localePath } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata, siteUrl } from '@/lib/seo';
import { projectSlug } from '@/lib/slug';

export const dynamicParams = false;

export function generateStaticParams() {
  return projectSummaries.map((project) => ({ slug: projectSlug(project) }));
}

type Props = PageProps<'/[lang]/projects/[slug]'>;

async function pageProject(params: Props['params']) {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  return { lang, found: prerendered(findProjectBySlug(slug, lang), slug) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, found } = await pageProject(params);
  return pageMetadata({
    lang,
    title: found.detail.title,
    description: found.detail.summary,
    path: projectPath(found.summary),
  });
}

export default async function ProjectPage({ params }: Props) {
  const { lang, found } = await pageProject(params);
  return (
    <>
      <PageHeader title={found.detail.title} />
      <ProjectDetail
        project={found.detail}
        url={`${siteUrl}${localePath(lang, projectPath(found.summary))}`}
        lang={lang}
      />
    </>
  );
}
