// Fellows' testimonials on the Academy page. The flag is our own simplified drawing of the country's flag.
export const testimonials = [
  {
    quote:
      'I came in knowing only spreadsheets. Twenty-four weeks later I had shipped a dashboard that a hospital in my town uses every morning.',
    name: 'Ifeoma Nwosu',
    country: 'Nigeria',
    flag: '/images/flags/ng.svg',
    title: 'Data Fellow, 2022 cohort',
  },
  {
    quote:
      'The mentors reviewed every notebook I wrote. That feedback, more than any video, is what made me employable.',
    name: 'Kofi Asante',
    country: 'Ghana',
    flag: '/images/flags/gh.svg',
    title: 'Data Fellow, 2022 cohort',
  },
  {
    quote:
      'Working on a real community project taught me that the hard part of data is the people, and that it is worth it.',
    name: 'Aïcha Koné',
    country: "Côte d'Ivoire",
    flag: '/images/flags/ci.svg',
    title: 'Data Fellow, 2023 cohort',
  },
  {
    quote:
      'I study at night after work. The short weekly sessions and the friendly community kept me going to the end.',
    name: 'Mohamed Kamara',
    country: 'Sierra Leone',
    flag: '/images/flags/sl.svg',
    title: 'Data Fellow, 2023 cohort',
  },
] as const;
