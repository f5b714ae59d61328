import { draftMode } from 'next/headers';

import { PreviewNotice } from '@/components/layout/preview-notice';
import { ProjectCard } from '@/components/projects/project-card';
import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { StatList } from '@/components/ui/stat-list';
import { Tabs } from '@/components/ui/tabs';
import { cmsFigures, cmsProjects, type CmsProject } from '@/lib/cms';
import { content } from '@/lib/content';
import { localePath, type Lang } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/projects'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;
// Its projects and figures are the CMS's (lib/cms): made again at once when they are edited on this
// instance, and every 30 seconds for an edit on another.
export const revalidate = 30;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).projects;
  return pageMetadata({ lang, title, description, path: '/projects' });
}

function ProjectGrid({ projects, empty, lang }: { projects: CmsProject['summary'][]; empty: string; lang: Lang }) {
  if (projects.length === 0) return <p>{empty}</p>;
  return (
    <ul className={ui.grid}>
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} variant="list" lang={lang} />
        </li>
      ))}
    </ul>
  );
}

export default async function ProjectsPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { pages, site } = content(lang);
  const preview = (await draftMode()).isEnabled;
  const [{ projectStats }, projects] = await Promise.all([cmsFigures(), cmsProjects(lang, { draft: preview })]);
  const projectSummaries = projects.map((project) => project.summary);
  const text = messages(lang).projects;
  return (
    <>
      {preview && <PreviewNotice path={localePath(lang, '/projects')} />}
      <PageHeader title={text.title} lead={pages.projectsPage.intro}>
        <StatList
          lang={lang}
          label={text.figures}
          stats={[
            { label: text.managed, value: projectStats.managed },
            { label: text.total, value: projectStats.total },
            { label: text.team, value: projectStats.team },
          ]}
        />
        <ExternalLink href={site.projectLink} lang={lang} className={`${buttons.button} ${buttons.primary}`}>
          {text.start}
        </ExternalLink>
      </PageHeader>
      <section className={ui.section} aria-label={text.lists}>
        <div className="container">
          <Tabs
            label={text.title}
            tabs={[
              {
                label: text.active,
                content: (
                  <ProjectGrid
                    projects={projectSummaries.filter((p) => !p.archived)}
                    empty={text.noActive}
                    lang={lang}
                  />
                ),
              },
              {
                label: text.archive,
                content: (
                  <ProjectGrid
                    projects={projectSummaries.filter((p) => p.archived)}
                    empty={text.noArchive}
                    lang={lang}
                  />
                ),
              },
            ]}
          />
        </div>
      </section>
    </>
  );
}
