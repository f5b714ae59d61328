'use client';

import { useEffect, useSyncExternalStore } from 'react';

import { getConsent, subscribeConsent } from '@/lib/consent';
import { publicConfig } from '@/lib/public-config';

// Loads the operator's analytics script (a build-time setting) only when one is configured and the
// visitor has not refused cookies. Loaded once the page is idle.
const analyticsSrc = publicConfig.analyticsSrc ?? '';
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
