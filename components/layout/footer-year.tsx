'use client';

import { useSyncExternalStore } from 'react';

// Pages are prerendered, so the server's year is the build's; the browser corrects it if a year has
// turned since.
const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();

export function FooterYear({ buildYear }: { buildYear: number }) {
  const year = useSyncExternalStore(noSubscription, currentYear, () => buildYear);
  return <>{year}</>;
}
