'use client';

import Script from 'next/script';
import { useSyncExternalStore } from 'react';
import { getConsent, subscribeConsent } from '@/lib/consent';

// Loads the operator's analytics script (NEXT_PUBLIC_ANALYTICS_SRC, read at build time) only when one
// is configured and the visitor has not refused cookies.
const analyticsSrc = process.env.NEXT_PUBLIC_ANALYTICS_SRC ?? '';
const serverSnapshot = () => 'server' as const;

export function Analytics() {
  const consent = useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
  if (!analyticsSrc || consent === 'server' || consent === 'refused') return null;
  return <Script src={analyticsSrc} strategy="lazyOnload" />;
}
