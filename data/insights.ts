// Insights: articles by community members, published elsewhere and linked to.
export const insights = [
  {
    title: 'What 3,000 market prices taught us about inflation in Accra',
    img: '/images/insights/market-prices.svg',
    description: 'A fellow tracked food prices in four markets for a year. The averages hid more than they showed.',
    link: 'https://blog.baobabdata.org/market-prices-accra',
  },
  {
    title: 'Cleaning survey data collected on paper: a field guide',
    img: '/images/insights/survey-cleaning.svg',
    description: 'Practical steps for turning stacks of handwritten forms into a dataset you can trust.',
    link: 'https://blog.baobabdata.org/paper-survey-cleaning',
  },
  {
    title: 'Dashboards for 2G: designing for the phones people actually have',
    img: '/images/insights/dashboards-2g.svg',
    description: 'Why our dashboards ship as small images and tables first, and charts second.',
    link: 'https://blog.baobabdata.org/dashboards-for-2g',
  },
  {
    title: 'Counting rainfall with volunteers in northern Nigeria',
    img: '/images/insights/rainfall.svg',
    description: 'How a network of farmers with plastic gauges filled a gap in the official weather record.',
    link: 'https://blog.baobabdata.org/volunteer-rainfall',
  },
] as const;

// docs/product.md §2 Insights: the external form where members submit their own insight.
export const submitInsightLink = 'https://forms.baobabdata.org/submit-insight';
