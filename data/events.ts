// Events (docs/product.md §2, §9). Found by slug; the site's form is the registration, and an external
// page (registrationLink, optional) takes it only for an event with no places here.
export const events = [
  {
    id: 1,
    slug: 'baobab-data-hackathon-2023',
    title: 'Baobab Data Hackathon 2023',
    // The title as a sentence names it, with its article ('See you at the …').
    inSentence: 'the Baobab Data Hackathon 2023',
    img: '/images/events/hackathon-2023.svg',
    dates: '18-19 March 2023',
    startDate: '2023-03-18',
    endDate: '2023-03-19',
    tagline: 'Join the leading hackathon in the African data science space.',
    description:
      'Two days, mixed teams and real datasets from partner organisations. Bring a laptop and curiosity: mentors will help first-timers find a team and a problem worth solving.',
    location: 'Lagos, Nigeria and online',
    partner: { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
    registrationLink: 'https://events.baobabdata.org/hackathon-2023/register',
  },
] as const;
