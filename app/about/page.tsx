import { TeamGrid } from '@/components/about/team-grid';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import ui from '@/components/ui/section.module.css';
import { founders, pages } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';

import styles from './about.module.css';

export const metadata = pageMetadata({
  title: 'About',
  description: 'Who we are: the founders, the 24-week fellowship, the projects and the community behind Baobab Data.',
  path: '/about',
});

// The advisory board exists in data/people.ts but is not rendered (docs/product.md §10).
export default function AboutPage() {
  const { about } = pages;
  return (
    <>
      <PageHeader title="About us" />
      <Section id="who-we-are" title="Who we are">
        <p className={ui.prose}>{about.whoWeAre}</p>
        <ul className={styles.focus}>
          {about.focus.map((block) => (
            <li key={block.title} className={styles.block}>
              <h3>{block.title}</h3>
              <p className={styles.figure}>{block.figure}</p>
              <p>{block.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="about-what-we-do" title="What we do" alt>
        <p className={ui.prose}>{about.whatWeDo}</p>
      </Section>
      <Section id="team" title="Our founders">
        <TeamGrid people={founders} />
      </Section>
    </>
  );
}
