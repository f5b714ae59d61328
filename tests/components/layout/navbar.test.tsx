import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';

import { Navbar, navbarVariant } from '@/components/layout/navbar';
import { mainNav, site } from '@/lib/content';

jest.mock('next/navigation', () => ({ usePathname: jest.fn() }));
const mockPathname = usePathname as jest.Mock;

function renderAt(pathname: string) {
  mockPathname.mockReturnValue(pathname);
  return render(<Navbar brand={site.name} links={mainNav} />);
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
});
