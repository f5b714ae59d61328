import * as en from '@/data/insights';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French of data/insights.ts, keyed by each article's address. The articles themselves stay where
// they are published.
const texts = {
  'https://blog.baobabdata.org/market-prices-accra': {
    title: 'Ce que 3 000 prix relevés sur les marchés nous ont appris de l’inflation à Accra',
    description:
      'Pendant un an, un de nos boursiers a suivi les prix alimentaires sur quatre marchés. Les moyennes en cachaient plus qu’elles n’en montraient.',
  },
  'https://blog.baobabdata.org/paper-survey-cleaning': {
    title: 'Nettoyer des données d’enquête recueillies sur papier : un guide de terrain',
    description:
      'Des étapes concrètes pour transformer des piles de questionnaires remplis à la main en un jeu de données fiable.',
  },
  'https://blog.baobabdata.org/dashboards-for-2g': {
    title: 'Des tableaux de bord pour la 2G : penser aux téléphones que les gens ont vraiment',
    description:
      'Pourquoi nos tableaux de bord affichent d’abord de petites images et des tableaux, et les graphiques ensuite.',
  },
  'https://blog.baobabdata.org/volunteer-rainfall': {
    title: 'Mesurer la pluie avec des bénévoles dans le nord du Nigeria',
    description:
      'Comment un réseau d’agriculteurs équipés de pluviomètres en plastique a comblé un vide dans les relevés météo officiels.',
  },
} satisfies TextsBy<typeof en.insights, 'link', 'title' | 'description'>;

export const insights: Translation<typeof en.insights> = en.insights.map((insight) => ({
  ...insight,
  ...texts[insight.link],
}));

export { submitInsightLink } from '@/data/insights';
