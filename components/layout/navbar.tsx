'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { SiteLink } from '@/components/ui/site-link';
import type { NavLink } from '@/lib/content/types';

import styles from './navbar.module.css';

export type NavbarVariant = 'white' | 'orange';

// docs/product.md §2: white on Home and the event pages, orange everywhere else.
export function navbarVariant(pathname: string): NavbarVariant {
  return pathname === '/' || pathname === '/events' || pathname.startsWith('/events/') ? 'white' : 'orange';
}

export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

interface NavbarProps {
  brand: string;
  links: readonly NavLink[];
}

export function Navbar({ brand, links }: NavbarProps) {
  const pathname = usePathname() ?? '/';
  const [open, setOpen] = useState(false);
  const [lastPath, setLastPath] = useState(pathname);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the small-screen menu whenever the page changes.
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const variant = navbarVariant(pathname);

  return (
    <header className={`${styles.header} ${styles[variant]}`} data-variant={variant}>
      <nav className={styles.nav} aria-label="Main">
        <SiteLink href="/" className={styles.brand} aria-current={pathname === '/' ? 'page' : undefined}>
          {brand}
        </SiteLink>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          data-menu-toggle
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className={styles.toggleIcon} />
          Menu
        </button>
        {/* Without JavaScript the toggle cannot work, so the menu is simply always shown. */}
        <noscript>
          <style>{'[data-menu-toggle]{display:none!important}[data-menu]{display:flex!important}'}</style>
        </noscript>
        <ul id="main-menu" className={`${styles.menu} ${open ? styles.open : ''}`} data-menu>
          {links.map((link) => {
            const current = isCurrent(pathname, link.href);
            return (
              <li key={link.href}>
                <SiteLink
                  href={link.href}
                  className={current ? `${styles.link} ${styles.current}` : styles.link}
                  aria-current={current ? 'page' : undefined}
                >
                  {link.label}
                </SiteLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
