import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { site } from '@/lib/content';

import styles from './hero.module.css';
import { ParticlesBackground } from './particles-background';

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="home-headline">
      <div aria-hidden="true" className={styles.backdrop}>
        <ParticlesBackground />
      </div>
      <div className={`container ${styles.content}`}>
        <h1 id="home-headline" className={styles.headline}>
          {site.headline}
        </h1>
        <p className={styles.tagline}>{site.tagline}</p>
        <div className={styles.actions}>
          <ExternalLink href={site.trainingLink} className={`${buttons.button} ${buttons.primary}`}>
            Get trained
          </ExternalLink>
          <ExternalLink href={site.projectLink} className={`${buttons.button} ${buttons.secondary}`}>
            Start a Project
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
