import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { Picture } from '@/components/ui/picture';
import { RichText } from '@/components/ui/rich-text';
import ui from '@/components/ui/section.module.css';
import type { ProjectDetail as Detail } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';
import { messages } from '@/messages';

import styles from './project-detail.module.css';
import { ShareLinks } from './share-links';

const sections = [
  ['desc', 'introduction'],
  ['problem', 'problem'],
  ['objective', 'objectives'],
  ['solution', 'solution'],
  ['target', 'target'],
] as const;

export function ProjectDetail({ project, url, lang }: { project: Detail; url: string; lang: Lang }) {
  const text = messages(lang).project;
  return (
    <div className={`container ${ui.withAside}`}>
      <div className={styles.main}>
        <Picture
          src={project.img}
          alt=""
          width={640}
          height={400}
          priority
          className={ui.roundedImage}
          sizes="(min-width: 72rem) 44rem, 92vw"
        />
        <p className={styles.summary}>{project.summary}</p>
        <ShareLinks url={url} title={project.title} lang={lang} />
        {sections.map(([field, heading]) => (
          <section key={field} aria-labelledby={`section-${field}`} className={styles.section}>
            <h2 id={`section-${field}`}>{text[heading]}</h2>
            <RichText html={project[field]} className={styles.rich} />
          </section>
        ))}
      </div>
      <aside className={styles.aside} aria-labelledby="team-heading">
        <h2 id="team-heading" className={styles.teamHeading}>
          {text.team}
        </h2>
        <ul className={styles.team}>
          {project.team.map((member) => (
            <li key={member.name}>
              <ExternalLink href={member.link} lang={lang}>
                {member.name}
              </ExternalLink>
              <span className={styles.role}>{member.title}</span>
            </li>
          ))}
        </ul>
        <div className={ui.actions}>
          {project.project_link ? (
            <ExternalLink href={project.project_link} lang={lang} className={`${buttons.button} ${buttons.secondary}`}>
              {text.view}
            </ExternalLink>
          ) : null}
          {/* docs/product.md §2: permanently disabled. */}
          <button type="button" className={buttons.button} disabled>
            {text.involved}
          </button>
        </div>
      </aside>
    </div>
  );
}
