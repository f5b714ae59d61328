import { TeamGrid } from '@/components/about/team-grid';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { founders, pages } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';
import styles from './about.module.css';

export const metadata = pageMetadata({
  title: 'About',
  description: 'Who we are: the founders, the 24-week fellowship, the projects and the community behind Baobab Data.',
  path: '/about',
});

// The advisory board exists in data/people.ts but is not rendered (PRODUCT.md).
export default function AboutPage() {
  const { about } = pages;
  return (
    <>
      <PageHeader title="About us" />
      <section className={ui.section} aria-labelledby="who-we-are">
        <div className="container">
          <h2 id="who-we-are" className={ui.heading}>
            Who we are
          </h2>
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
        </div>
      </section>
      <section className={`${ui.section} ${ui.alt}`} aria-labelledby="about-what-we-do">
        <div className="container">
          <h2 id="about-what-we-do" className={ui.heading}>
            What we do
          </h2>
          <p className={ui.prose}>{about.whatWeDo}</p>
        </div>
      </section>
      <section className={ui.section} aria-labelledby="team">
        <div className="container">
          <h2 id="team" className={ui.heading}>
            Our founders
          </h2>
          <TeamGrid people={founders} />
        </div>
      </section>
    </>
  );
}
