'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

// Asks the server for the page again every few seconds while something runs (a letter being sent), so
// its counts move without a reload; without JavaScript, the page shows the counts of its last load.
export function KeepFresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
