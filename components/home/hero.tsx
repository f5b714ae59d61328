import buttons from '@/components/ui/button.module.css';
import { ExternalLink } from '@/components/ui/external-link';
import { content } from '@/lib/content';
import type { Lang } from '@/lib/i18n';
import { messages } from '@/messages';

import styles from './hero.module.css';
import { ParticlesBackground } from './particles-background';

export function Hero({ lang }: { lang: Lang }) {
  const { site } = content(lang);
  const text = messages(lang).home;
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
          <ExternalLink href={site.trainingLink} lang={lang} className={`${buttons.button} ${buttons.primary}`}>
            {text.getTrained}
          </ExternalLink>
          <ExternalLink href={site.projectLink} lang={lang} className={`${buttons.button} ${buttons.secondary}`}>
            {text.startProject}
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
