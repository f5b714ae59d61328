'use client';

import { useSyncExternalStore } from 'react';

import { SiteLink } from '@/components/ui/site-link';
import { getConsent, setConsent, subscribeConsent } from '@/lib/consent';

import styles from './cookie-banner.module.css';

// A prerendered page cannot know the visitor's cookie, so the banner is always in the HTML and the
// inline script of lib/consent.ts shows it from the first paint only to a visitor who has not chosen
// (a banner that appeared after hydration became the page's Largest Contentful Paint). Without
// JavaScript it stays hidden: no analytics can load, so there is nothing to refuse.
const serverSnapshot = () => null;

export interface CookieTexts {
  label: string;
  before: string;
  link: string;
  accept: string;
  refuse: string;
}

export function CookieBanner({ text, privacyHref }: { text: CookieTexts; privacyHref: string }) {
  const consent = useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
  if (consent !== null) return null;

  return (
    <section className={styles.banner} aria-label={text.label}>
      <p className={styles.text}>
        {text.before} <SiteLink href={privacyHref}>{text.link}</SiteLink>.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.accept} onClick={() => setConsent('accepted')}>
          {text.accept}
        </button>
        <button type="button" className={styles.refuse} onClick={() => setConsent('refused')}>
          {text.refuse}
        </button>
      </div>
    </section>
  );
}
