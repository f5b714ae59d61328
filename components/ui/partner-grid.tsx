import { Picture } from '@/components/ui/picture';
import type { Partner } from '@/lib/content/types';

import styles from './partner-grid.module.css';

export function PartnerGrid({ partners }: { partners: readonly Partner[] }) {
  return (
    <ul className={styles.grid}>
      {partners.map((partner) => (
        <li key={partner.img} className={styles.item}>
          <Picture src={partner.img} alt={partner.alt} width={320} height={96} className={styles.logo} />
        </li>
      ))}
    </ul>
  );
}
