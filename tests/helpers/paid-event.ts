import type { SiteEvent } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';

// Paid events as the CMS serves them (docs/product.md §14), for the jsdom suite's stand-in of lib/cms
// (tests/helpers/cms-from-data.ts): a summit with two ticket kinds, each with its own price and places,
// and a workshop with one price. Their days follow BEFORE_SEED_EVENT, so both take registrations.
export const SUMMIT = 'data-summit-2023';
export const WORKSHOP = 'ml-workshop-2023';
export const STUDENT = '6566a1b2c3d4e5f601020304';
export const PROFESSIONAL = '6566a1b2c3d4e5f601020305';

const names: Record<Lang, { student: string; professional: string; summit: string; workshop: string }> = {
  en: { student: 'Student', professional: 'Professional', summit: 'Data Summit 2023', workshop: 'ML Workshop' },
  fr: { student: 'Étudiant', professional: 'Professionnel', summit: 'Sommet des données 2023', workshop: 'Atelier ML' },
};

export function paidEvents(lang: Lang): SiteEvent[] {
  const n = names[lang];
  const common = {
    img: '/images/events/hackathon-2023.svg',
    dates: '25 March 2023',
    startDate: '2023-03-25',
    endDate: '2023-03-25',
    tagline: 'A day of talks.',
    description: 'Talks and workshops.',
    location: 'Lagos',
    partner: { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
  };
  return [
    {
      ...common,
      id: 90,
      slug: SUMMIT,
      title: n.summit,
      inSentence: `the ${n.summit}`,
      tickets: [
        { id: STUDENT, name: n.student, price: 20, capacity: 3 },
        { id: PROFESSIONAL, name: n.professional, price: 50, capacity: 2 },
      ],
    },
    { ...common, id: 91, slug: WORKSHOP, title: n.workshop, inSentence: `the ${n.workshop}`, price: 15, capacity: 5 },
  ];
}
