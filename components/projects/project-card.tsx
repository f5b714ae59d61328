import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { SiteLink } from '@/components/ui/site-link';
import type { ProjectSummary } from '@/lib/content/types';
import { localePath, type Lang } from '@/lib/i18n';
import { messages } from '@/messages';

// A project as a card: on the Projects page with its image, in the Home carousel with its problem.
export function ProjectCard({
  project,
  variant,
  lang,
}: {
  // `slug`: the last segment of its address (lib/cms, cmsProjects).
  project: ProjectSummary & { slug: string };
  variant: 'list' | 'carousel';
  lang: Lang;
}) {
  return (
    <article className={ui.card}>
      {variant === 'list' ? (
        <Picture
          src={project.img}
          alt=""
          width={640}
          height={400}
          className={ui.cardImage}
          sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 92vw"
        />
      ) : null}
      <div className={ui.cardBody}>
        <h3>
          <SiteLink href={localePath(lang, `/projects/${project.slug}`)}>{project.title}</SiteLink>
        </h3>
        <p>{project.summary}</p>
        {variant === 'carousel' ? (
          <p>
            <strong>{messages(lang).projects.problem}</strong>
            {project.problem}
          </p>
        ) : null}
      </div>
    </article>
  );
}
