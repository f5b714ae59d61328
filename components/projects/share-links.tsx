import { ExternalLink } from '@/components/ui/external-link';

import styles from './share-links.module.css';

// Share a page on three social networks through their public share URLs (no third-party script).
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const networks = [
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
  return (
    <ul className={styles.share} aria-label="Share this project">
      {networks.map((network) => (
        <li key={network.name}>
          <ExternalLink href={network.href} className={styles.link}>
            Share on {network.name}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
