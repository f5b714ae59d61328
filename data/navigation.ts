// Navigation menus. Order here is the order on screen.
export const mainNav = [
  { label: 'About', href: '/about' },
  { label: 'Projects', href: '/projects' },
  { label: 'Academy', href: '/academy' },
  { label: 'Insights', href: '/insights' },
  { label: 'Contact', href: '/contact' },
] as const;

export const footerNav = [
  { label: 'Who we are', href: '/about' },
  { label: 'Projects', href: '/projects' },
  { label: 'Academy', href: '/academy' },
  { label: 'Insight', href: '/insights' },
  { label: 'Events', href: '/events' },
  { label: 'Offers', href: '/offers' },
  { label: 'Give', href: '/donate' },
  { label: 'Privacy policy', href: '/privacy' },
  { label: 'Terms of service', href: '/terms' },
  { label: 'Contact Us', href: '/contact' },
] as const;
