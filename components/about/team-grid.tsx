import { ExternalLink } from '@/components/ui/external-link';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import type { Person } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';
import { fill, messages } from '@/messages';

import styles from './team-grid.module.css';

export function TeamGrid({ people, lang }: { people: readonly Person[]; lang: Lang }) {
  return (
    <ul className={styles.grid}>
      {people.map((person) => (
        <li key={person.name} className={`${ui.card} ${styles.person}`}>
          <Picture
            src={person.img}
            alt={fill(messages(lang).about.portrait, { name: person.name })}
            width={240}
            height={240}
            className={styles.photo}
          />
          <h3 className={styles.name}>{person.name}</h3>
          <p className={styles.title}>{person.title}</p>
          <ExternalLink href={person.link} lang={lang}>
            {fill(messages(lang).about.profile, { name: person.name })}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
