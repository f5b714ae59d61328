import { render } from '@testing-library/react';

import { ScrollToTop } from '@/components/layout/scroll-to-top';

// The page opens at the top when the router brings it, never when the page itself starts: a reader who
// scrolled before the page ran (a slow phone) stays where they are.

let mockPathname = '/about';
jest.mock('next/navigation', () => ({
  ...jest.requireActual('next/navigation'),
  usePathname: () => mockPathname,
}));

const scrollTo = jest.fn();
beforeEach(() => {
  mockPathname = '/about';
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

it('leaves the scroll alone when the page starts, and marks the page as running', () => {
  render(<ScrollToTop />);
  expect(scrollTo).not.toHaveBeenCalled();
  expect(document.documentElement.dataset.hydrated).toBe('true');
});

it('opens a page reached by the router at the top, and leaves back and forward to the browser', () => {
  const { rerender } = render(<ScrollToTop />);
  mockPathname = '/contact';
  rerender(<ScrollToTop />);
  expect(scrollTo).toHaveBeenCalledTimes(1);
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
  window.dispatchEvent(new PopStateEvent('popstate'));
  mockPathname = '/about';
  rerender(<ScrollToTop />);
  expect(scrollTo).toHaveBeenCalledTimes(1);
});
