'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

// Next's <Link> fetches every page whose link scrolls into view, with its code. Our visitors pay for
// their data and their phones are slow: that was up to a dozen pages fetched and parsed per page view,
// mostly never visited. A SiteLink fetches its page only once the visitor shows intent (a pointer
// over it, a finger down on it, keyboard focus): still before the click lands.
export function SiteLink({ onPointerEnter, onFocus, ...props }: ComponentProps<typeof Link>) {
  const [wanted, setWanted] = useState(false);
  return (
    <Link
      {...props}
      prefetch={wanted ? null : false}
      onPointerEnter={(event) => {
        setWanted(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setWanted(true);
        onFocus?.(event);
      }}
    />
  );
}
