// Every route of docs/product.md §2 with the title it must have: shared by the browser tests.
export const routes: { path: string; title: string; h1: string | RegExp }[] = [
  {
    path: '/',
    title: 'Home - Baobab Data',
    h1: "We're educators, analysts, and engineers focused on people and data.",
  },
  { path: '/about', title: 'About - Baobab Data', h1: 'About us' },
  { path: '/projects', title: 'Projects - Baobab Data', h1: 'Projects' },
  { path: '/projects/water-point-watch-1', title: 'Water Point Watch - Baobab Data', h1: 'Water Point Watch' },
  {
    path: '/events/baobab-data-hackathon-2023',
    title: 'Baobab Data Hackathon 2023 - Baobab Data',
    h1: 'Baobab Data Hackathon 2023',
  },
  { path: '/events', title: 'Events - Baobab Data', h1: 'Events' },
  { path: '/offers', title: 'Offers - Baobab Data', h1: 'Offers' },
  { path: '/offers/become-a-data-analyst', title: 'Become a Data Analyst - Baobab Data', h1: 'Become a Data Analyst' },
  { path: '/academy', title: 'Academy - Baobab Data', h1: 'Academy' },
  {
    path: '/academy/data-analysis-with-python',
    title: 'Data Analysis with Python - Baobab Data',
    h1: 'Data Analysis with Python',
  },
  {
    path: '/academy/introduction-to-data-ethics-privacy',
    title: 'Introduction To Data Ethics & Privacy - Baobab Data',
    h1: 'Introduction To Data Ethics & Privacy',
  },
  { path: '/insights', title: 'Insights - Baobab Data', h1: 'Insights' },
  { path: '/contact', title: 'Contact - Baobab Data', h1: 'Contact us' },
  { path: '/donate', title: 'Give - Baobab Data', h1: 'Give to Baobab Data' },
  { path: '/verified', title: 'Email verified - Baobab Data', h1: 'email-verified works!' },
  { path: '/terms', title: 'Terms of service - Baobab Data', h1: 'Terms of service' },
  { path: '/privacy', title: 'Privacy policy - Baobab Data', h1: 'Privacy policy' },
];

// Every page a visitor can open, by its unprefixed path: the routes above, the newsletter's steps, the
// payment's (docs/product.md §14) and the pages of a place's links (given back, claimed).
export const pagePaths = [
  ...routes.map((route) => route.path),
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/payments/return',
  '/payments/receipt',
  '/places/cancel',
  '/places/claim',
  '/donate/thanks',
  '/donate/manage',
];
