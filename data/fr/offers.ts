import * as en from '@/data/offers';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French of data/offers.ts. Prices, the discount, ISO dates and the image come from the English
// entries; cohortStart and endsOn are the French wording of cohortStartDate and endsOnDate.
const texts = {
  'become-a-data-analyst': {
    title: 'Devenir analyste de données',
    inSentence: 'le programme « Devenir analyste de données »',
    cohortStart: 'mai 2023',
    highlights: 'Formation, mentorat et stage',
    endsOn: '25 mars 2023',
    description:
      'Un parcours en promotion qui vous fait passer des tableurs au SQL et aux tableaux de bord, avec un mentor à vos côtés, et se termine par un stage de trois mois dans une organisation partenaire.',
  },
} satisfies TextsBy<
  typeof en.offers,
  'slug',
  'title' | 'inSentence' | 'cohortStart' | 'highlights' | 'endsOn' | 'description'
>;

export const offers: Translation<typeof en.offers> = en.offers.map((offer) => ({ ...offer, ...texts[offer.slug] }));
