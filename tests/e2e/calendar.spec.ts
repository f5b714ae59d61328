import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Events and offers on the calendar, at the browser tests' SITE_TODAY (2023-03-01, playwright.config.ts):
// the seed's hackathon (18-19 March 2023) and offer (until 25 March 2023) are still to come.

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

const lists = [
  {
    path: '/events',
    title: 'Events - Baobab Data',
    upcoming: 'Coming up',
    item: 'Baobab Data Hackathon 2023',
    when: '18-19 March 2023',
    state: 'Registration open',
  },
  {
    path: '/fr/events',
    title: 'Événements\u00a0– Baobab Data',
    upcoming: 'À venir',
    item: 'Hackathon Baobab Data 2023',
    when: '18–19 mars 2023',
    state: 'Inscriptions ouvertes',
  },
  {
    path: '/offers',
    title: 'Offers - Baobab Data',
    upcoming: 'Current offers',
    item: 'Become a Data Analyst',
    when: 'Ends on 25 March 2023',
    state: 'Registration open',
  },
  {
    path: '/fr/offers',
    title: 'Offres\u00a0– Baobab Data',
    upcoming: 'Offres en cours',
    item: 'Devenir analyste de données',
    when: 'Jusqu’au 25 mars 2023',
    state: 'Réservations ouvertes',
  },
];

for (const list of lists) {
  test(`${list.path} lists what is coming up with its dates and state, linked to its page`, async ({ page }) => {
    const response = await page.goto(list.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(list.title);
    const upcoming = page.getByRole('region', { name: list.upcoming });
    const item = upcoming.getByRole('listitem').filter({ hasText: list.item });
    await expect(item).toContainText(list.when);
    await expect(item).toContainText(list.state);
    await item.getByRole('link', { name: list.item }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(list.item);
  });

  test(`${list.path} has no axe violations (WCAG 2.2 AA)`, async ({ page }) => {
    await page.goto(list.path);
    // Scanned with the cookie banner showing, as a first visit looks.
    const banner = list.path.startsWith('/fr') ? 'Votre choix sur les cookies' : 'Cookie choice';
    await expect(page.getByRole('region', { name: banner })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations).toEqual([]);
  });
}

test('the footer links the events and offers, and Home shows what is coming up', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
  await expect(footer.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
  const comingUp = page.getByRole('region', { name: 'Coming up' });
  await expect(comingUp.getByRole('link', { name: 'Baobab Data Hackathon 2023' })).toHaveAttribute(
    'href',
    '/events/baobab-data-hackathon-2023',
  );
  await expect(comingUp.getByRole('link', { name: 'Become a Data Analyst' })).toHaveAttribute(
    'href',
    '/offers/become-a-data-analyst',
  );
  await page.goto('/fr');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Événements' })).toHaveAttribute(
    'href',
    '/fr/events',
  );
  await expect(page.getByRole('region', { name: 'À venir' }).getByRole('link')).toHaveCount(2);
});

test('an open event and offer say so in their structured data, and show their form', async ({ page }) => {
  await page.goto('/events/baobab-data-hackathon-2023');
  const event = (await jsonLd(page)).find((d) => d['@type'] === 'Event')!;
  expect(event.eventStatus).toBe('https://schema.org/EventScheduled');
  expect(event.offers).toMatchObject({ availability: 'https://schema.org/InStock' });
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();

  await page.goto('/fr/offers/become-a-data-analyst');
  const offer = (await jsonLd(page)).find((d) => d['@type'] === 'Offer')!;
  expect(offer.availability).toBe('https://schema.org/InStock');
  await expect(page.getByRole('button', { name: /Réserver/ })).toBeVisible();
});

test('the sitemap lists the events and offers pages in both languages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/events', '/fr/events', '/offers', '/fr/offers']) {
    expect(sitemap).toContain(`<loc>http://localhost:3000${path}</loc>`);
  }
});
