import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { intlLocale, type Lang, type Localised } from '@/lib/i18n';

// How the answers and mails of the forms state the content's facts (fees, durations, dates, prices)
// in each language. English keeps the content's own texts, the specification's; French formats the
// same facts with Intl.
export interface ContentFacts {
  courseFee(course: Course): string;
  courseDuration(course: Course): string;
  eventDates(event: SiteEvent): string;
  offerStart(offer: Offer): string;
  offerPrice(offer: Offer): string;
}

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

function dates(lang: Lang, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(intlLocale[lang], { ...options, timeZone: 'UTC' });
}

const fullDate = { day: 'numeric', month: 'long', year: 'numeric' } as const;

// Prices are in US dollars (data/offers.ts, data/courses.ts); whole amounts without decimals.
function dollars(lang: Lang, amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale[lang], {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

export const facts: Localised<ContentFacts> = {
  en: {
    courseFee: (course) => course.cost,
    courseDuration: (course) => course.duration,
    eventDates: (event) => event.dates,
    offerStart: (offer) => offer.cohortStart,
    offerPrice: (offer) =>
      `$${offer.nowPrice} (was $${offer.wasPrice}, ${offer.discountPercent}% off until ${offer.endsOn})`,
  },
  fr: {
    // A fee is "Free" or "$" and a whole number (lib/content/schemas.ts).
    courseFee: (course) => (course.cost === 'Free' ? 'gratuit' : dollars('fr', Number(course.cost.slice(1)))),
    courseDuration: (course) =>
      new Intl.NumberFormat(intlLocale.fr, { style: 'unit', unit: 'week', unitDisplay: 'long' }).format(
        Number.parseInt(course.duration, 10),
      ),
    eventDates: (event) => dates('fr', fullDate).formatRange(utcDate(event.startDate), utcDate(event.endDate)),
    offerStart: (offer) => dates('fr', { month: 'long', year: 'numeric' }).format(utcDate(offer.cohortStartDate)),
    offerPrice: (offer) => {
      const off = new Intl.NumberFormat(intlLocale.fr, { style: 'percent' }).format(offer.discountPercent / 100);
      const until = dates('fr', fullDate).format(utcDate(offer.endsOnDate));
      return `${dollars('fr', offer.nowPrice)} (au lieu de ${dollars('fr', offer.wasPrice)}, soit ${off} de réduction jusqu’au ${until})`;
    },
  },
};
