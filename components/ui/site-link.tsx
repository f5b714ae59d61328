'use client';

import { useRouter } from 'next/navigation';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

// A link to a page of the site, as an <a> that works before the page's script has run. Once it has,
// a plain click is a navigation by Next's router (the frame stays, only the page changes), as with
// next/link; a click the browser should handle itself (a new tab or window, a download, another
// origin) is left to it.
//
// Why not next/link: it sits in the script of every page, and it is about 4 KiB gzip of it (URL
// objects, legacy props, link status, a viewport watcher for prefetching) for a link that needs a
// click handler and a prefetch. And next/link fetches every page whose link scrolls into view, with
// its code: up to a dozen pages per page view on a phone that pays for its data, mostly never
// visited. A SiteLink fetches its page only once the visitor shows intent (a pointer over it, a
// finger down on it, keyboard focus): still before the click lands.
export function SiteLink({ href, onClick, onPointerEnter, onFocus, ...props }: Props) {
  const router = useRouter();
  const ours = () => new URL(href, location.href).origin === location.origin;
  const prefetch = () => {
    if (ours()) router.prefetch(href);
  };
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const link = event.currentTarget;
    const target = link.getAttribute('target');
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== '_self') ||
      link.hasAttribute('download') ||
      !ours()
    )
      return;
    event.preventDefault();
    router.push(href);
  };
  return (
    <a
      {...props}
      href={href}
      onClick={follow}
      onPointerEnter={(event) => {
        prefetch();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
    />
  );
}
