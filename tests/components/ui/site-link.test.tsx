import { fireEvent, render, screen } from '@testing-library/react';
import * as navigation from 'next/navigation';

import { SiteLink } from '@/components/ui/site-link';

// The router tests/jest.setup.ts gives every component here: it records what a link asked of it.
const router = navigation.useRouter() as unknown as { push: jest.Mock; prefetch: jest.Mock };

beforeEach(() => {
  router.push.mockClear();
  router.prefetch.mockClear();
});

// fireEvent returns false when a handler prevented the browser's own handling.
function click(link: HTMLElement, init: MouseEventInit = {}) {
  return fireEvent.click(link, { button: 0, ...init });
}

it('is a plain link with what it was given, before any script', () => {
  render(
    <SiteLink href="/about" className="nav" aria-current="page">
      About
    </SiteLink>,
  );
  const link = screen.getByRole('link', { name: 'About' });
  expect(link).toHaveAttribute('href', '/about');
  expect(link).toHaveClass('nav');
  expect(link).toHaveAttribute('aria-current', 'page');
});

it("follows a plain click through Next's router instead of loading a new document", () => {
  render(<SiteLink href="/fr/academy">Académie</SiteLink>);
  const handled = !click(screen.getByRole('link'));
  expect(handled).toBe(true);
  expect(router.push).toHaveBeenCalledWith('/fr/academy');
});

it.each([
  ['Ctrl', { ctrlKey: true }],
  ['Meta', { metaKey: true }],
  ['Shift', { shiftKey: true }],
  ['Alt', { altKey: true }],
])('leaves a click with %s to the browser (a new tab, a window, a download)', (_key, init) => {
  render(<SiteLink href="/about">About</SiteLink>);
  expect(click(screen.getByRole('link'), init)).toBe(true);
  expect(router.push).not.toHaveBeenCalled();
});

it('leaves to the browser a link for another window, a download, or another site', () => {
  render(
    <>
      <SiteLink href="/about" target="_blank">
        Window
      </SiteLink>
      <SiteLink href="/privacy" download>
        Download
      </SiteLink>
      <SiteLink href="https://example.org/about">Elsewhere</SiteLink>
    </>,
  );
  for (const name of ['Window', 'Download', 'Elsewhere']) expect(click(screen.getByRole('link', { name }))).toBe(true);
  expect(router.push).not.toHaveBeenCalled();
});

it("runs the caller's click handler first, and a handler that prevents the click stops the navigation", () => {
  const seen: string[] = [];
  render(
    <SiteLink href="/about" onClick={(event) => (seen.push('caller'), event.preventDefault())}>
      About
    </SiteLink>,
  );
  click(screen.getByRole('link'));
  expect(seen).toEqual(['caller']);
  expect(router.push).not.toHaveBeenCalled();
});

it("fetches the page ahead once the visitor points at or focuses the link, and never another site's", () => {
  render(
    <>
      <SiteLink href="/contact">Contact</SiteLink>
      <SiteLink href="https://example.org/">Elsewhere</SiteLink>
    </>,
  );
  expect(router.prefetch).not.toHaveBeenCalled();
  fireEvent.pointerEnter(screen.getByRole('link', { name: 'Contact' }));
  expect(router.prefetch).toHaveBeenCalledWith('/contact');
  fireEvent.focus(screen.getByRole('link', { name: 'Contact' }));
  expect(router.prefetch).toHaveBeenCalledTimes(2);
  fireEvent.pointerEnter(screen.getByRole('link', { name: 'Elsewhere' }));
  fireEvent.focus(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(router.prefetch).toHaveBeenCalledTimes(2);
});
