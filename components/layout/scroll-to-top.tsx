'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

// docs/product.md §2: every page opens at the top. Back and forward keep the browser's own scroll restoration,
// and a link to an anchor keeps its target.
export function ScrollToTop() {
  const pathname = usePathname();
  const cameBack = useRef(false);

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
    if (cameBack.current) {
      cameBack.current = false;
      return;
    }
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
