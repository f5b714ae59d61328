import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The French site (docs/product.md §12): every route of the specification under /fr, with the titles and
// headings a French visitor reads. `~` stands for the no-break space French puts before : ; ! ?, before
// the dash that joins a title to the brand, and between a figure and its unit.
const nb = (text: string) => text.replaceAll('~', '\u00a0');

export const frenchRoutes: { path: string; title: string; h1: string }[] = [
  {
    path: '/',
    title: 'Accueil',
    h1: 'Formateurs, analystes et ingénieurs~: nous mettons les données au service des gens.',
  },
  { path: '/about', title: 'À propos', h1: 'Qui sommes-nous~?' },
  { path: '/projects', title: 'Projets', h1: 'Projets' },
  { path: '/projects/water-point-watch-1', title: 'Water Point Watch', h1: 'Water Point Watch' },
  { path: '/events/baobab-data-hackathon-2023', title: 'Hackathon Baobab Data 2023', h1: 'Hackathon Baobab Data 2023' },
  { path: '/offers/become-a-data-analyst', title: 'Devenir analyste de données', h1: 'Devenir analyste de données' },
  { path: '/academy', title: 'Académie', h1: 'Académie' },
  {
    path: '/academy/data-analysis-with-python',
    title: 'Analyse de données avec Python',
    h1: 'Analyse de données avec Python',
  },
  {
    path: '/academy/introduction-to-data-ethics-privacy',
    title: 'Introduction à l’éthique des données et à la vie privée',
    h1: 'Introduction à l’éthique des données et à la vie privée',
  },
  { path: '/insights', title: 'Analyses', h1: 'Analyses' },
  { path: '/contact', title: 'Contact', h1: 'Contactez-nous' },
  { path: '/donate', title: 'Faire un don', h1: 'Faire un don à Baobab Data' },
  { path: '/verified', title: 'Adresse e-mail vérifiée', h1: 'Votre adresse e-mail est vérifiée~!' },
  { path: '/terms', title: 'Conditions d’utilisation', h1: 'Conditions d’utilisation' },
  { path: '/privacy', title: 'Politique de confidentialité', h1: 'Politique de confidentialité' },
];

const site = 'http://localhost:3000';
const french = (path: string) => (path === '/' ? '/fr' : `/fr${path}`);
const absolute = (path: string) => `${site}${path === '/' ? '' : path}`;

async function alternates(page: Page): Promise<Record<string, string | null>> {
  const links = page.locator('link[rel="alternate"][hreflang]');
  const entries: [string, string | null][] = [];
  for (const link of await links.all()) {
    entries.push([(await link.getAttribute('hreflang'))!, await link.getAttribute('href')]);
  }
  return Object.fromEntries(entries);
}

test.describe('every French route', () => {
  for (const route of frenchRoutes) {
    const path = french(route.path);

    // One visit a route: its tags, then axe on the page as a first visit sees it (cookie banner showing).
    test(`${path} answers 200 in French with its title, description, hreflang pairs and French card, and has no axe violations (WCAG 2.2 AA)`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle(nb(`${route.title}~– Baobab Data`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nb(route.h1));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absolute(path));
      expect(await alternates(page)).toEqual({
        en: absolute(route.path),
        fr: absolute(path),
        'x-default': absolute(route.path),
      });
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_FR');
      await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveAttribute('content', 'en_GB');
      if (route.path !== '/verified') {
        const image = new URL((await page.locator('meta[property="og:image"]').getAttribute('content'))!);
        expect(image.pathname.startsWith('/fr')).toBe(true);
        const card = await page.request.get(image.pathname + image.search);
        expect(card.status()).toBe(200);
        expect(card.headers()['content-type']).toBe('image/png');
      }

      await expect(page.getByRole('region', { name: 'Votre choix sur les cookies' })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    });
  }
});

test('English pages name their French twin and say they are English', async ({ page }) => {
  await page.goto('/academy/data-analysis-with-python');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await alternates(page)).toEqual({
    en: absolute('/academy/data-analysis-with-python'),
    fr: absolute('/fr/academy/data-analysis-with-python'),
    'x-default': absolute('/academy/data-analysis-with-python'),
  });
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_GB');
});

test('the language switch leads to the twin page and back, by keyboard too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/academy/data-analysis-with-python');
  const toFrench = page.getByRole('link', { name: 'Français' });
  await expect(toFrench).toBeVisible();
  await expect(toFrench).toHaveAttribute('hreflang', 'fr');
  await toFrench.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fr\/academy\/data-analysis-with-python$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analyse de données avec Python');

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/academy\/data-analysis-with-python$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Analysis with Python');
});

test('French facts: Intl prices, dates and figures, and JSON-LD in French', async ({ page }) => {
  await page.goto('/fr/offers/become-a-data-analyst');
  await expect(page.getByRole('heading', { name: nb('Prix~: 120~$US au lieu de 150~$US') })).toBeVisible();
  await expect(page.getByText(nb('Offre valable jusqu’au 25 mars 2023.'))).toBeVisible();
  await expect(page.getByText(nb('Début de la promotion~: mai 2023'))).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Offer')).toMatchObject({
    price: 120,
    itemOffered: { inLanguage: 'fr' },
  });

  await page.goto('/fr/academy/introduction-to-data-ethics-privacy');
  await expect(page.getByRole('definition')).toHaveText([nb('1~semaine'), 'Offerts']);
  const course = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((b) => JSON.parse(b))
    .find((d) => d['@type'] === 'Course');
  expect(course).toMatchObject({ inLanguage: 'fr', url: absolute('/fr/academy/introduction-to-data-ethics-privacy') });

  await page.goto('/fr/events/baobab-data-hackathon-2023');
  await expect(page.getByText('18–19 mars 2023').first()).toBeVisible();
});

test.describe('redirects and missing pages in French', () => {
  test('/fr/home is /fr, /en/… is the English address, and an unknown course goes to the French academy', async ({
    request,
  }) => {
    const english = await request.get('/en/about', { maxRedirects: 0 });
    expect(english.status()).toBe(308);
    expect(english.headers()['location']).toBe('/about');
    const withQuery = await request.get('/en/newsletter/confirm?t=abc', { maxRedirects: 0 });
    expect(withQuery.headers()['location']).toBe('/newsletter/confirm?t=abc');
    const home = await request.get('/fr/home', { maxRedirects: 0 });
    expect(home.status()).toBe(308);
    expect(home.headers()['location']).toBe('/fr');
    // The course page itself sends it (the CMS knows the courses), with one Location: Next writes a
    // page's twice, which the request intake makes one (lib/security/http-intake.ts).
    const course = await request.get('/fr/academy/no-such-course', { maxRedirects: 0 });
    expect(course.status()).toBe(307);
    const locations = course.headersArray().filter((header) => header.name.toLowerCase() === 'location');
    expect(locations.map((header) => header.value)).toEqual(['/fr/academy']);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('an unknown French address is the French 404 page; an English one the English page', async ({ page }) => {
      // An unknown event's, offer's, project's or letter's address (pages that take slugs published
      // after the build) is the same page in the site's frame (components/layout/missing-page.tsx).
      for (const path of [
        '/fr/no-such-page',
        '/fr/a/b',
        '/fr/events/no-such-event',
        '/fr/offers/no-such-offer',
        '/fr/projects/water-point-watch-99',
        '/fr/newsletter/no-such-letter',
      ]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        await expect(page).toHaveTitle(nb('Page introuvable~– Baobab Data'));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
        await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/fr');
        await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
      }
      for (const path of ['/no-such-page', '/en/no-such-page', '/events/no-such-event', '/newsletter/no-such-letter']) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page).toHaveTitle('Page not found - Baobab Data');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      }
    });
  });

  test('a client cannot choose the language of a missing file', async ({ request }) => {
    const response = await request.get('/images/no-such-picture.png', { headers: { 'x-site-lang': 'fr' } });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('<html lang="en"');
  });
});

test('sitemap.xml lists both languages, each page with its twin', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/fr', '/fr/academy/data-analysis-with-python', '/fr/offers/become-a-data-analyst']) {
    expect(sitemap).toContain(`<loc>${site}${path}</loc>`);
  }
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="fr" href="${site}/fr/academy/data-analysis-with-python" />`,
  );
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="en" href="${site}/academy/data-analysis-with-python" />`,
  );
});
