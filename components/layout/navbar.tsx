'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { SiteLink } from '@/components/ui/site-link';
import type { NavLink } from '@/lib/content/types';
import { localePath, locales, otherLangs, pagePath, type Lang } from '@/lib/i18n';

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
  lang: Lang;
  text: { main: string; menu: string };
}

export function Navbar({ brand, links, lang, text }: NavbarProps) {
  const { path } = pagePath(usePathname() ?? '/');
  const pathname = localePath(lang, path);
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

  const variant = navbarVariant(path);

  return (
    <header className={`${styles.header} ${styles[variant]}`} data-variant={variant}>
      <nav className={styles.nav} aria-label={text.main}>
        <SiteLink
          href={localePath(lang, '/')}
          className={styles.brand}
          aria-current={path === '/' ? 'page' : undefined}
        >
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
          {text.menu}
        </button>
        {/* Every other language, each named in its own words; a full page load, so the new page's
            <html lang> and texts come with it. */}
        {otherLangs(lang).map((other) => (
          <a
            key={other}
            href={localePath(other, path)}
            className={`${styles.link} ${styles.switch}`}
            hrefLang={locales[other].htmlLang}
            lang={locales[other].htmlLang}
            title={locales[other].switchHint}
            data-lang-switch={other}
          >
            {locales[other].name}
          </a>
        ))}
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
