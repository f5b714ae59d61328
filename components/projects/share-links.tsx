import { ExternalLink } from '@/components/ui/external-link';
import type { Lang } from '@/lib/i18n';
import { messages } from '@/messages';

import styles from './share-links.module.css';

// Share a page on three social networks through their public share URLs (no third-party script).
export function ShareLinks({ url, title, lang }: { url: string; title: string; lang: Lang }) {
  const text = messages(lang).project;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const networks = [
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
  return (
    <ul className={styles.share} aria-label={text.share}>
      {networks.map((network) => (
        <li key={network.name}>
          <ExternalLink href={network.href} className={styles.link} lang={lang}>
            {text.shareOn} {network.name}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
