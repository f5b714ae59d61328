import type { ReactNode } from 'react';

import { SiteLink } from '@/components/ui/site-link';

import ui from './section.module.css';

interface SectionProps {
  id: string;
  title: string;
  // A tinted band, to set consecutive sections apart.
  alt?: boolean;
  // A "View all" style link beside the heading; its hidden text completes the link's name.
  more?: { href: string; label: string; hidden: string };
  children: ReactNode;
}

// A page section headed by an h2 that names it for assistive technology.
export function Section({ id, title, alt = false, more, children }: SectionProps) {
  const heading = (
    <h2 id={id} className={ui.heading}>
      {title}
    </h2>
  );
  return (
    <section className={alt ? `${ui.section} ${ui.alt}` : ui.section} aria-labelledby={id}>
      <div className="container">
        {more ? (
          <div className={ui.headRow}>
            {heading}
            <SiteLink href={more.href}>
              {more.label}
              <span className="visually-hidden"> {more.hidden}</span>
            </SiteLink>
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
