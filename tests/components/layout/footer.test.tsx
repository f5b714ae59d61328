import { render, screen, within } from '@testing-library/react';

import { Footer } from '@/components/layout/footer';
import { contactInfo, socialLinks } from '@/lib/content';

describe('Footer', () => {
  it('lists every useful link with its destination', () => {
    render(<Footer lang="en" contactInfo={contactInfo} socialLinks={socialLinks} />);
    const useful = within(screen.getByRole('navigation', { name: 'Useful links' }));
    const expected: [string, string][] = [
      ['Who we are', '/about'],
      ['Projects', '/projects'],
      ['Academy', '/academy'],
      ['Insight', '/insights'],
      ['Events', '/events'],
      ['Offers', '/offers'],
      ['Privacy policy', '/privacy'],
      ['Terms of service', '/terms'],
      ['Contact Us', '/contact'],
      ['Give', '/donate'],
    ];
    expect(useful.getAllByRole('link')).toHaveLength(expected.length);
    for (const [name, href] of expected) {
      expect(useful.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('has a mailto contact link and the four social links', () => {
    render(<Footer lang="en" contactInfo={contactInfo} socialLinks={socialLinks} />);
    expect(screen.getByRole('link', { name: contactInfo.email })).toHaveAttribute(
      'href',
      `mailto:${contactInfo.email}`,
    );
    expect(socialLinks).toHaveLength(4);
    for (const social of socialLinks) {
      expect(screen.getByRole('link', { name: new RegExp(social.name.replace(/[()]/g, '\\$&')) })).toHaveAttribute(
        'href',
        social.href,
      );
    }
  });

  it('shows the current year in the copyright', () => {
    render(<Footer lang="en" contactInfo={contactInfo} socialLinks={socialLinks} />);
    expect(screen.getByText(/©/)).toHaveTextContent(`© ${new Date().getFullYear()} Baobab Data`);
  });
});
