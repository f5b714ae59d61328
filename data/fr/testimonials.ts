import * as en from '@/data/testimonials';
import type { Translation } from '@/lib/i18n';

import type { TextsBy } from './texts';

// The French of data/testimonials.ts, keyed by the fellow's name; names and flags come from the English
// entries. Country names as French speakers write them (Nigeria, Ghana and Sierra Leone are spelt alike).
const texts = {
  'Ifeoma Nwosu': {
    quote:
      'Je suis arrivée en ne connaissant que les tableurs. Vingt-quatre semaines plus tard, j’avais livré un tableau de bord que l’hôpital de ma ville consulte chaque matin.',
    country: 'Nigeria',
    title: 'Boursière de la promotion 2022',
  },
  'Kofi Asante': {
    quote:
      'Les mentors ont relu chacun de mes notebooks. Ce sont leurs retours, bien plus que n’importe quelle vidéo, qui m’ont rendu employable.',
    country: 'Ghana',
    title: 'Boursier de la promotion 2022',
  },
  'Aïcha Koné': {
    quote:
      'Travailler sur un vrai projet avec une communauté m’a appris que le plus difficile, avec les données, ce sont les gens, et que cela en vaut la peine.',
    country: 'Côte d’Ivoire',
    title: 'Boursière de la promotion 2023',
  },
  'Mohamed Kamara': {
    quote:
      'J’étudie le soir, après le travail. Les courtes séances de chaque semaine et la chaleur de la communauté m’ont porté jusqu’au bout.',
    country: 'Sierra Leone',
    title: 'Boursier de la promotion 2023',
  },
} satisfies TextsBy<typeof en.testimonials, 'name', 'quote' | 'country' | 'title'>;

export const testimonials: Translation<typeof en.testimonials> = en.testimonials.map((testimonial) => ({
  ...testimonial,
  ...texts[testimonial.name],
}));
