'use client';

import { useEffect, useSyncExternalStore } from 'react';

import { getConsent, subscribeConsent } from '@/lib/consent';

// Loads the operator's analytics script (NEXT_PUBLIC_ANALYTICS_SRC, read at build time) only when one
// is configured and the visitor has not refused cookies. Loaded once the page is idle.
const analyticsSrc = process.env.NEXT_PUBLIC_ANALYTICS_SRC ?? '';
const serverSnapshot = () => 'server' as const;

export function Analytics() {
  const consent = useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
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
