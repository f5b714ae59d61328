import { ProjectCard } from '@/components/projects/project-card';
import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { StatList } from '@/components/ui/stat-list';
import { Tabs } from '@/components/ui/tabs';
import { pages, projectStats, projectSummaries, site } from '@/lib/content';
import type { ProjectSummary } from '@/lib/content/types';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Projects',
  description: 'Social-impact data projects run by the Baobab Data community, and how to start your own.',
  path: '/projects',
});

function ProjectGrid({ projects, empty }: { projects: ProjectSummary[]; empty: string }) {
  if (projects.length === 0) return <p>{empty}</p>;
  return (
    <ul className={ui.grid}>
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} variant="list" />
        </li>
      ))}
    </ul>
  );
}

export default function ProjectsPage() {
  return (
    <>
      <PageHeader title="Projects" lead={pages.projectsPage.intro}>
        <StatList
          label="Project figures"
          stats={[
            { label: 'Managed Projects', value: projectStats.managed },
            { label: 'Total Projects', value: projectStats.total },
            { label: 'Team Members', value: projectStats.team },
          ]}
        />
        <ExternalLink href={site.projectLink} className={`${buttons.button} ${buttons.primary}`}>
          Start a Project
        </ExternalLink>
      </PageHeader>
      <section className={ui.section} aria-label="Project lists">
        <div className="container">
          <Tabs
            label="Projects"
            tabs={[
              {
                label: 'Active Projects',
                content: (
                  <ProjectGrid projects={projectSummaries.filter((p) => !p.archived)} empty="No active project" />
                ),
              },
              {
                label: 'Archive Projects',
                content: (
                  <ProjectGrid projects={projectSummaries.filter((p) => p.archived)} empty="No archive project" />
                ),
              },
            ]}
          />
        </div>
      </section>
    </>
  );
}
