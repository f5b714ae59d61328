import { site } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';
import styles from './home.module.css';

export const metadata = {
  ...pageMetadata({ title: 'Home', description: site.description, path: '/' }),
  title: { absolute: `${site.name} - Data skills and social-impact projects across Africa` },
};

export default function HomePage() {
  return (
    <section className={styles.hero} aria-labelledby="home-headline">
      <div className="container">
        <h1 id="home-headline" className={styles.headline}>
          {site.headline}
        </h1>
        <p className={styles.tagline}>{site.tagline}</p>
      </div>
    </section>
  );
}
