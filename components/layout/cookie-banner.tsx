'use client';

import Link from 'next/link';
import { useSyncExternalStore } from 'react';
import { getConsent, setConsent, subscribeConsent } from '@/lib/consent';
import styles from './cookie-banner.module.css';

// The server cannot know the visitor's cookie on a prerendered page, so the banner only appears once
// the page runs in the browser. Without JavaScript no analytics can load, so there is nothing to refuse.
const serverSnapshot = () => 'server' as const;

export function CookieBanner() {
  const consent = useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
  if (consent !== null) return null;

  return (
    <section className={styles.banner} aria-label="Cookie choice">
      <p className={styles.text}>
        We use cookies to keep forms safe and, unless you refuse, to count visits anonymously. Read our{' '}
        <Link href="/privacy">privacy policy</Link>.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.accept} onClick={() => setConsent('accepted')}>
          Got it!
        </button>
        <button type="button" className={styles.refuse} onClick={() => setConsent('refused')}>
          Refuse cookies
        </button>
      </div>
    </section>
  );
}
