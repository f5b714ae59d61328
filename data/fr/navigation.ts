import * as en from '@/data/navigation';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French labels of data/navigation.ts, keyed by the English path (the layout adds the /fr prefix).
const mainLabels = {
  '/about': { label: 'À propos' },
  '/projects': { label: 'Projets' },
  '/academy': { label: 'Académie' },
  '/insights': { label: 'Analyses' },
  // The same word in both languages.
  '/contact': { label: 'Contact' },
} satisfies TextsBy<typeof en.mainNav, 'href', 'label'>;

const footerLabels = {
  '/about': { label: 'Qui sommes-nous ?' },
  '/projects': { label: 'Projets' },
  '/academy': { label: 'Académie' },
  '/insights': { label: 'Analyses' },
  '/events': { label: 'Événements' },
  '/offers': { label: 'Offres' },
  '/donate': { label: 'Faire un don' },
  '/privacy': { label: 'Politique de confidentialité' },
  '/terms': { label: 'Conditions d’utilisation' },
  '/contact': { label: 'Nous contacter' },
} satisfies TextsBy<typeof en.footerNav, 'href', 'label'>;

export const mainNav: Translation<typeof en.mainNav> = en.mainNav.map((link) => ({
  ...link,
  ...mainLabels[link.href],
}));

export const footerNav: Translation<typeof en.footerNav> = en.footerNav.map((link) => ({
  ...link,
  ...footerLabels[link.href],
}));
