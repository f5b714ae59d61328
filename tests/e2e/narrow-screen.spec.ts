import { expect, test } from '@playwright/test';

import { langs, localePath } from '../../lib/i18n';
import { pagePaths } from './routes';

// At 360 px every page keeps its text inside the page margin its heading has: a style that cancels the
// container's side padding puts paragraphs against the screen's edge while the heading stays indented.
test.use({ viewport: { width: 360, height: 800 } });

for (const lang of langs) {
  // One tab walks every page of the language (its scripts and fonts cached after the first), and each
  // page's strays are reported, not only the first page's.
  test(`every ${lang} page at 360 px: the text starts where its heading does, not at the edge`, async ({ page }) => {
    test.setTimeout(20_000 + pagePaths.length * 5_000);
    for (const path of pagePaths) {
      const address = localePath(lang, path);
      await page.goto(address);
      const { heading, strays } = await page.evaluate(() => {
        const h1 = document.querySelector('main h1')!.getBoundingClientRect().left;
        const texts = [...document.querySelectorAll('main :is(p, li, dt, dd, h2, h3, label, blockquote)')];
        // Only what is laid out on screen: not visually hidden (1 px clip), not moved off screen (the
        // honeypot), not a carousel slide scrolled out of view.
        const shown = texts.filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 1 && box.height > 1 && box.right > 0 && box.left < innerWidth;
        });
        const strays = shown
          .filter((el) => el.getBoundingClientRect().left < Math.max(h1, 1) - 0.5)
          .map(
            (el) =>
              `${el.tagName} at ${Math.round(el.getBoundingClientRect().left)} px: ${el.textContent?.slice(0, 40)}`,
          );
        return { heading: h1, strays };
      });
      expect.soft(heading, `${address}: its heading`).toBeGreaterThan(0);
      expect.soft(strays, `${address}: text left of its heading`).toEqual([]);
    }
  });
}
