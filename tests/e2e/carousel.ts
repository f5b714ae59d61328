import type { Locator, Page } from '@playwright/test';

// Holds embla's chunk (the one that names its containScroll option) until `release` is called;
// `requested` settles once the page has asked for it. A service worker that controls the page fetches
// the chunks where page.route cannot see them: use it with `serviceWorkers: 'block'`.
export async function holdEmbla(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('containScroll')) {
      asked();
      await held;
    }
    await route.fulfill({ response, body });
  });
  return { requested, release };
}

// Which slide of a carousel (its region) stands at the left edge of its row, and whether embla drives
// the row.
export function shownSlide(carousel: Locator) {
  return carousel.evaluate((section) => {
    const viewport = section.querySelector<HTMLElement>('[tabindex="0"]')!;
    const left = viewport.getBoundingClientRect().left;
    const slides = [...section.querySelectorAll('[role="group"]')];
    return {
      slide: slides.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 30),
      embla: viewport.dataset.enhanced === 'true',
    };
  });
}
