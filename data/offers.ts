// Offers (docs/product.md §2, §9). Prices in US dollars. A `deposit` (in dollars) makes a reservation
// pay that much online instead of the whole price (docs/product.md §14).
export const offers = [
  {
    slug: 'become-a-data-analyst',
    title: 'Become a Data Analyst',
    // The title as a sentence names it, with its article ('Every place for … is taken').
    inSentence: 'the Become a Data Analyst programme',
    cohortStart: 'May 2023',
    cohortStartDate: '2023-05-01',
    highlights: 'Training | Mentorship | Internship',
    discountPercent: 20,
    wasPrice: 150,
    nowPrice: 120,
    endsOn: '25 March 2023',
    endsOnDate: '2023-03-25',
    img: '/images/offers/data-analyst.svg',
    description:
      'A guided cohort that takes you from spreadsheets to SQL and dashboards, with a mentor at your side and a three-month internship with a partner organisation at the end.',
  },
] as const;
