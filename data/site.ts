// The brand and the organisation's fixed facts. Every page reads these through lib/content.
export const site = {
  name: 'Baobab Data',
  domain: 'baobabdata.org',
  // Brand orange, dark enough for white text to pass WCAG AA (5.2:1).
  brandColour: '#C2410C',
  headline: "We're educators, analysts, and engineers focused on people and data.",
  tagline: 'Learn and contribute to social impact data projects',
  description:
    'Baobab Data is a Pan-African data community and academy: hands-on courses, a 24-week fellowship and social-impact data projects.',
  footerBlurb:
    'A Pan-African community where people learn data skills by doing, then put them to work on projects that matter to their neighbours.',
  trainingLink: 'https://forms.baobabdata.org/get-trained',
  projectLink: 'https://forms.baobabdata.org/start-a-project',
} as const;

export const contactInfo = {
  email: 'hello@baobabdata.org',
  phone: '+234 1 555 0142',
  address: '14 Broad Street, Lagos Island, Lagos, Nigeria',
} as const;

export const socialLinks = [
  { name: 'X (Twitter)', href: 'https://x.com/baobabdata' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/baobabdata' },
  { name: 'Facebook', href: 'https://www.facebook.com/baobabdata' },
  { name: 'Instagram', href: 'https://www.instagram.com/baobabdata' },
] as const;
