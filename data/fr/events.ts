import * as en from '@/data/events';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French of data/events.ts. Dates, links, images and the partner (named by its own name) come from
// the English entries; `dates` is the French wording of startDate and endDate.
const texts = {
  'baobab-data-hackathon-2023': {
    title: 'Hackathon Baobab Data 2023',
    inSentence: 'le Hackathon Baobab Data 2023',
    dates: '18 et 19 mars 2023',
    tagline: 'Rejoignez le hackathon de référence de la science des données en Afrique.',
    description:
      'Deux jours, des équipes mixtes et de vraies données confiées par des organisations partenaires. Venez avec un ordinateur portable et votre curiosité : des mentors aideront celles et ceux qui participent pour la première fois à trouver une équipe et un problème qui mérite d’être résolu.',
    location: 'Lagos (Nigeria) et en ligne',
  },
} satisfies TextsBy<
  typeof en.events,
  'slug',
  'title' | 'inSentence' | 'dates' | 'tagline' | 'description' | 'location'
>;

export const events: Translation<typeof en.events> = en.events.map((event) => ({ ...event, ...texts[event.slug] }));
