import * as en from '@/data/site';
import type { Translation } from '@/lib/i18n';

import type { Texts } from './texts';

// The French of the brand's sentences in data/site.ts; the name, domain, colour and links come from the
// English entry.
const texts = {
  headline: 'Formateurs, analystes et ingénieurs : nous mettons les données au service des gens.',
  tagline: 'Formez-vous et contribuez à des projets de données à impact social',
  description:
    'Baobab Data est à la fois une communauté et une académie panafricaines consacrées à la donnée : des formations pratiques, une bourse de 24 semaines et des projets de données à impact social.',
  footerBlurb:
    'Une communauté panafricaine où l’on acquiert par la pratique un savoir-faire dans les métiers de la donnée, avant de le mettre au service de projets utiles à son entourage.',
} satisfies Texts<Pick<typeof en.site, 'headline' | 'tagline' | 'description' | 'footerBlurb'>>;

export const site: Translation<typeof en.site> = { ...en.site, ...texts };

// The organisation's address (written as the post expects it) and its social accounts are the same in
// both languages.
export { contactInfo, socialLinks } from '@/data/site';
