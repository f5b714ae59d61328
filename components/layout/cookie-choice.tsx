'use client';

import { useEffect, useSyncExternalStore } from 'react';

import { SiteLink } from '@/components/ui/site-link';
import { getConsent, setConsent, subscribeConsent } from '@/lib/consent';
import { publicConfig } from '@/lib/public-config';

import styles from './cookie-banner.module.css';

// The visitor's cookie choice: the banner that asks for it, and the analytics it allows (one module,
// so every page's scripts carry one wrapper and one set of imports for the two).
//
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

// Loads the operator's analytics script (a build-time setting) only when one is configured and the
// visitor has not refused cookies. Loaded once the page is idle.
const analyticsSrc = publicConfig.analyticsSrc ?? '';
const noChoiceYet = () => 'server' as const;

export function Analytics() {
  const consent = useSyncExternalStore(subscribeConsent, getConsent, noChoiceYet);
  const allowed = Boolean(analyticsSrc) && consent !== 'server' && consent !== 'refused';

  useEffect(() => {
    if (!allowed || document.querySelector(`script[data-analytics]`)) return;
    const script = document.createElement('script');
    script.src = analyticsSrc;
    script.async = true;
    script.dataset.analytics = 'true';
    document.body.append(script);
  }, [allowed]);

  return null;
}
