import type { AnchorHTMLAttributes } from 'react';

import type { Lang } from '@/lib/i18n';
import { messages } from '@/messages';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & { href: string; lang: Lang };

// A link to another site, opened in a new tab; screen readers are told so.
// `lang` is the page's language, for the hidden words; the link itself carries no lang attribute.
export function ExternalLink({ children, lang, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{messages(lang).newTab}</span>
    </a>
  );
}
