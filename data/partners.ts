// Partner organisations shown on Home and the event page. Logos are our own wordmarks.
export const partners = [
  { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
  { img: '/images/partners/open-delta.svg', alt: 'Open Delta Foundation' },
  { img: '/images/partners/kora-analytics.svg', alt: 'Kora Analytics' },
  { img: '/images/partners/harmattan-hub.svg', alt: 'Harmattan Hub' },
  { img: '/images/partners/lakeside-university.svg', alt: 'Lakeside University' },
  { img: '/images/partners/sahel-civic-tech.svg', alt: 'Sahel Civic Tech' },
] as const;
