import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';

import { Navbar, navbarVariant } from '@/components/layout/navbar';
import { content, mainNav, site } from '@/lib/content';
import type { Lang } from '@/lib/i18n';
import { messages } from '@/messages';

jest.mock('next/navigation', () => ({
  usePathname: jest.fn(),
  useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }),
}));
const mockPathname = usePathname as jest.Mock;

function renderAt(pathname: string, lang: Lang = 'en') {
  mockPathname.mockReturnValue(pathname);
  return render(
    <Navbar
      brand={site.name}
      links={lang === 'en' ? mainNav : content(lang).mainNav}
      lang={lang}
      text={messages(lang).nav}
    />,
  );
}

describe('Navbar', () => {
  it('lists About, Projects, Academy, Insights and Contact in that order', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = Array.from(nav.querySelectorAll('ul a')).map((a) => a.textContent);
    expect(labels).toEqual(['About', 'Projects', 'Academy', 'Insights', 'Contact']);
  });

  it('marks only the current page link, including on its sub-pages', () => {
    renderAt('/academy/introduction-to-data-science');
    expect(screen.getByRole('link', { name: 'Academy' })).toHaveAttribute('aria-current', 'page');
    for (const other of ['About', 'Projects', 'Insights', 'Contact']) {
      expect(screen.getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    }
  });

  it('is white on Home and event pages and orange elsewhere', () => {
    const { container, unmount } = renderAt('/');
    expect(container.querySelector('header')).toHaveAttribute('data-variant', 'white');
    unmount();
    expect(renderAt('/about').container.querySelector('header')).toHaveAttribute('data-variant', 'orange');
    expect(navbarVariant('/events/hackathon-2023')).toBe('white');
    expect(navbarVariant('/projects')).toBe('orange');
    expect(navbarVariant('/eventsx')).toBe('orange');
  });

  it('opens and closes the small-screen menu with the button and with Escape', async () => {
    const user = userEvent.setup();
    renderAt('/about');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('links to the same page in the other language, named in that language', () => {
    const { unmount } = renderAt('/academy/introduction-to-data-science');
    const toFrench = screen.getByRole('link', { name: 'Français' });
    expect(toFrench).toHaveAttribute('href', '/fr/academy/introduction-to-data-science');
    expect(toFrench).toHaveAttribute('hreflang', 'fr');
    expect(toFrench).toHaveAttribute('lang', 'fr');
    unmount();

    renderAt('/fr/academy/introduction-to-data-science', 'fr');
    const toEnglish = screen.getByRole('link', { name: 'English' });
    expect(toEnglish).toHaveAttribute('href', '/academy/introduction-to-data-science');
    expect(toEnglish).toHaveAttribute('hreflang', 'en');
    expect(screen.getByRole('link', { name: 'Académie' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
  });

  it('reads the address Next builds a page under (/en/…) as the public one', () => {
    renderAt('/en/events/baobab-data-hackathon-2023');
    expect(screen.getByRole('link', { name: 'Français' })).toHaveAttribute(
      'href',
      '/fr/events/baobab-data-hackathon-2023',
    );
    expect(document.querySelector('header')).toHaveAttribute('data-variant', 'white');
  });
});
