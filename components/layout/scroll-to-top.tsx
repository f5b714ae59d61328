'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

// docs/product.md §2: every page opens at the top. Back and forward keep the browser's own scroll restoration,
// and a link to an anchor keeps its target. The page the browser loaded is its own: a document opens at
// the top anyway, a reload where the reader was, and a reader who scrolled before the page ran (a slow
// phone) stays where they are; only a page reached by the router's navigation is scrolled.
export function ScrollToTop() {
  const pathname = usePathname();
  const cameBack = useRef(false);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    // Tells browser tests (and anyone curious) that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    const onPop = () => {
      cameBack.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    if (first) return;
    if (cameBack.current) {
      cameBack.current = false;
      return;
    }
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
