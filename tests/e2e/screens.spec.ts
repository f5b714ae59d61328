import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { holdEmbla, shownSlide } from './carousel';
import { routes } from './routes';

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

test.describe('every route', () => {
  for (const route of routes) {
    // One visit a route: its tags, then axe on the page as a first visit sees it (cookie banner showing).
    test(`${route.path} answers 200 with its title, description, canonical URL and social tags, and has no axe violations (WCAG 2.2 AA)`, async ({
      page,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `http://localhost:3000${route.path === '/' ? '' : route.path}`,
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Baobab Data/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
      if (route.path !== '/verified') {
        const image = await page.locator('meta[property="og:image"]').getAttribute('content');
        const card = await page.request.get(new URL(image!).pathname + new URL(image!).search);
        expect(card.status()).toBe(200);
        expect(card.headers()['content-type']).toBe('image/png');
      }

      await expect(page.getByRole('region', { name: 'Cookie choice' })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    });
  }
});

test.describe('redirects and missing pages', () => {
  test('the carousel form /project/{slug}-{id} and a stale slug both land on the canonical project URL', async ({
    page,
    request,
  }) => {
    const old = await request.get('/project/water-point-watch-1', { maxRedirects: 0 });
    expect(old.status()).toBe(308);
    expect(old.headers()['location']).toBe('/projects/water-point-watch-1');
    await page.goto('/projects/a-renamed-project-1');
    await expect(page).toHaveURL(/\/projects\/water-point-watch-1$/);
    // One Location each: a fetch (a service worker's) would join two into an address that does not exist.
    for (const [path, to] of [
      ['/projects/a-renamed-project-1', '/projects/water-point-watch-1'],
      ['/academy/basket-weaving', '/academy'],
    ] as const) {
      for (let visit = 0; visit < 2; visit++) {
        const answer = await request.get(path, { maxRedirects: 0 });
        const locations = answer.headersArray().filter((h) => h.name.toLowerCase() === 'location');
        expect([path, locations.map((h) => h.value)]).toEqual([path, [to]]);
      }
    }
  });

  test('an unknown project id, event or offer is the 404 page', async ({ page }) => {
    for (const path of [
      '/projects/water-point-watch-99',
      '/events/no-such-event',
      '/offers/no-such-offer',
      '/project/nothing-42',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });

  test('an unknown course slug redirects to /academy', async ({ page }) => {
    await page.goto('/academy/basket-weaving');
    await expect(page).toHaveURL(/\/academy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academy');
  });
});

test.describe('screens show what docs/product.md §2 lists', () => {
  test('Home: hero, both external buttons, What we do, projects, partners, insights and the newsletter place', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('Learn and contribute to social impact data projects')).toBeVisible();
    for (const name of ['Get trained', 'Start a Project']) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) }).first();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(page.getByRole('heading', { name: 'What we do' })).toBeVisible();
    const projects = page.getByRole('region', { name: 'Featured projects' });
    await expect(projects.getByRole('link', { name: 'Water Point Watch' })).toHaveAttribute(
      'href',
      '/projects/water-point-watch-1',
    );
    await expect(projects.getByText(/^Problem:/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View all projects' })).toHaveAttribute('href', '/projects');
    await expect(page.getByRole('heading', { name: 'Our partners' })).toBeVisible();
    expect(await page.getByRole('img', { name: /Savanna Labs|Open Delta|Kora/ }).count()).toBeGreaterThanOrEqual(3);
    const insights = page.getByRole('region', { name: 'Latest insights' });
    await expect(insights.getByRole('group')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'View all insights' })).toHaveAttribute('href', '/insights');
    await expect(page.getByRole('heading', { name: 'Join the community' })).toBeVisible();
    const org = (await jsonLd(page)).find((d) => d['@type'] === 'Organization');
    expect(org).toMatchObject({ name: 'Baobab Data' });
  });

  test('Home: the particle background loads after the page is idle, as a canvas behind the hero', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#home-particles canvas')).toBeAttached({ timeout: 15_000 });
  });

  test('Home: a visitor who asked to save data gets no particle animation and downloads none of it', async ({
    context,
  }) => {
    // The animation's chunk is the one that names its element, home-particles.
    const visit = async (saveData: boolean) => {
      const page = await context.newPage();
      if (saveData)
        await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      const bodies: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/_next/static/chunks/')) bodies.push(response.text());
      });
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor();
      await page.waitForTimeout(4000); // past the idle callback's 3 s deadline
      const particles = await page.locator('#home-particles').count();
      const engineFetched = (await Promise.all(bodies)).some((body) => body.includes('home-particles'));
      await page.close();
      return { particles, engineFetched };
    };
    // Save-Data first: the engine is then fetched for the first time by the second visit, not from cache.
    expect(await visit(true)).toEqual({ particles: 0, engineFetched: false });
    expect(await visit(false)).toEqual({ particles: 1, engineFetched: true });
  });

  test('Home: the insight carousel moves with its named buttons and the arrow keys', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Latest insights' });
    const prev = carousel.getByRole('button', { name: 'Previous insight' });
    const next = carousel.getByRole('button', { name: 'Next insight' });
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(prev).toBeEnabled();
    await carousel.getByRole('link').first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(prev).toBeDisabled();
  });

  test.describe("with the page's own requests in sight", () => {
    // The service worker, once it controls the page, fetches the chunks where page.route cannot see them.
    test.use({ serviceWorkers: 'block' });

    test('Home: embla takes the insight carousel over in place, and a press made while its code is on the way is made', async ({
      page,
    }) => {
      const embla = await holdEmbla(page);
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const carousel = page.getByRole('region', { name: 'Latest insights' });
      const prev = carousel.getByRole('button', { name: 'Previous insight' });
      const next = carousel.getByRole('button', { name: 'Next insight' });
      // The elements as the page drew them, and every layout shift from now on. The CPU is slowed as a
      // phone's: a row laid out again shifted the page for a frame or more there (its buttons jumped).
      await carousel.evaluate((section) => {
        const w = window as unknown as { drawn: Element[]; shifts: number };
        w.drawn = [...section.querySelectorAll('button, img, [role="group"]')];
        w.shifts = 0;
        new PerformanceObserver((list) => (w.shifts += list.getEntries().length)).observe({ type: 'layout-shift' });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await next.scrollIntoViewIfNeeded();
      await embla.requested;
      await next.click();
      await expect(carousel.locator('[data-enhanced]')).toHaveCount(0);
      embla.release();
      await expect(prev).toBeEnabled();
      await expect(carousel.locator('[data-enhanced]')).toHaveCount(1);
      const after = await carousel.evaluate((section) => {
        const w = window as unknown as { drawn: Element[]; shifts: number };
        return {
          kept: w.drawn.filter((element) => section.contains(element)).length,
          of: w.drawn.length,
          shifts: w.shifts,
        };
      });
      expect(after.of).toBeGreaterThan(4);
      expect(after).toEqual({ kept: after.of, of: after.of, shifts: 0 });
    });

    test("Home: when embla's code cannot be fetched, the row stays native and its buttons are off", async ({
      page,
    }) => {
      await page.route('**/_next/static/chunks/*.js', async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('containScroll')) await route.abort('internetdisconnected');
        else await route.fulfill({ response, body });
      });
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const carousel = page.getByRole('region', { name: 'Latest insights' });
      const next = carousel.getByRole('button', { name: 'Next insight' });
      await next.scrollIntoViewIfNeeded();
      await expect(next).toBeDisabled();
      await expect(carousel.getByRole('button', { name: 'Previous insight' })).toBeDisabled();
      expect(await shownSlide(carousel)).toEqual({ slide: 0, embla: false });
      // A finger (here the row's own scrolling) still moves it.
      await carousel.locator('[tabindex="0"]').evaluate((row) => row.scrollBy({ left: 600, behavior: 'instant' }));
      await expect.poll(async () => (await shownSlide(carousel)).slide).toBeGreaterThan(0);
    });

    test('Academy on a phone: a row swiped before embla arrives stays on its slide when embla takes over', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      const embla = await holdEmbla(page);
      await page.goto('/academy');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const carousel = page.getByRole('region', { name: 'Fellow testimonials' });
      await carousel.scrollIntoViewIfNeeded();
      await embla.requested;
      const shown = () => shownSlide(carousel);
      await carousel.evaluate((section) => {
        const slides = section.querySelectorAll<HTMLElement>('[role="group"]');
        const viewport = section.querySelector<HTMLElement>('[tabindex="0"]')!;
        viewport.scrollTo({ left: slides[2]!.offsetLeft - slides[0]!.offsetLeft, behavior: 'instant' });
      });
      await expect.poll(shown).toEqual({ slide: 2, embla: false });
      embla.release();
      await expect.poll(shown).toEqual({ slide: 2, embla: true });
      await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeEnabled();
    });
  });

  test('About: who we are, the three focus blocks, what we do and four founders; no advisory board', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Who we are' })).toBeVisible();
    for (const block of ['Fellowship', 'Projects', 'Community']) {
      await expect(page.getByRole('heading', { name: block, level: 3 })).toBeVisible();
    }
    await expect(page.getByText('24 weeks', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What we do' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Portrait of/ })).toHaveCount(4);
    await expect(page.getByRole('link', { name: /^Profile of/ })).toHaveCount(4);
    await expect(page.getByText('Grace Wanjiru')).toHaveCount(0);
  });

  test('Projects: the three statistics, Start a Project, and keyboard tabs with an empty archive', async ({ page }) => {
    await page.goto('/projects');
    const stats = page.getByRole('definition');
    await expect(stats).toHaveText(['1', '1', '7']);
    await expect(page.getByRole('term')).toHaveText(['Managed Projects', 'Total Projects', 'Team Members']);
    await expect(page.getByRole('link', { name: /^Start a Project/ })).toHaveAttribute('target', '_blank');
    const active = page.getByRole('tab', { name: 'Active Projects' });
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Water Point Watch' })).toBeVisible();
    // Keys reach the tabs once the page runs (a tap before is made again then: startup-scripts.spec.ts);
    // the page's load can come first, its scripts being fetched after the first paint.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await active.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Archive Projects' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('No archive project');
  });

  test('Academy: nine cards with fee and duration, the premium one highlighted, testimonials with flags, Join a cohort', async ({
    page,
  }) => {
    await page.goto('/academy');
    await expect(page.getByRole('link', { name: /^Start Learning:/ })).toHaveCount(9);
    await expect(page.getByText('Registration fee: $105')).toBeVisible();
    await expect(page.getByText('Registration fee: Free')).toBeVisible();
    await expect(page.getByText('Premium', { exact: true })).toHaveCount(1);
    // Highlighted: its own border, not the shared card's, whatever order the two stylesheets arrive in.
    const premium = page.locator('article').filter({ has: page.getByText('Premium', { exact: true }) });
    expect(await premium.evaluate((card) => getComputedStyle(card).borderTopWidth)).toBe('3px');
    const testimonials = page.getByRole('region', { name: 'Fellow testimonials' });
    const flag = testimonials.getByRole('img', { name: 'Flag of Nigeria' });
    await flag.scrollIntoViewIfNeeded();
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(testimonials.getByText('Ifeoma Nwosu')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Join a cohort/ })).toHaveAttribute('target', '_blank');
    const list = (await jsonLd(page)).find((d) => d['@type'] === 'ItemList');
    expect((list?.itemListElement as unknown[]).length).toBe(9);
  });

  test('Course detail: duration, cost, introduction, learning outcomes, the enrolment place and Course JSON-LD', async ({
    page,
  }) => {
    await page.goto('/academy/introduction-to-data-ethics-privacy');
    await expect(page.getByRole('definition')).toHaveText(['1 week', 'Free']);
    await expect(page.getByRole('heading', { name: 'Introduction', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Learning Outcome' })).toBeVisible();
    expect(await page.locator('section[aria-labelledby="outcomes"] li').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('heading', { name: 'Enrol' })).toBeVisible();
    const course = (await jsonLd(page)).find((d) => d['@type'] === 'Course');
    expect(course).toMatchObject({ name: 'Introduction To Data Ethics & Privacy', provider: { name: 'Baobab Data' } });
  });

  test('Project detail: image, share links, team, sections, View Project and the disabled Get Involved', async ({
    page,
  }) => {
    await page.goto('/projects/water-point-watch-1');
    await expect(page.getByRole('list', { name: 'Share this project' }).getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'TEAM' })).toBeVisible();
    for (const heading of ['Introduction', 'Problem', 'Objectives', 'Proposed Solution', 'Target']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /^View Project/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Involved' })).toBeDisabled();
  });

  test('Insights, Contact, Event and Offer show their facts', async ({ page }) => {
    await page.goto('/insights');
    await expect(page.getByText('Share what you have done with data')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Submit Insight/ })).toHaveAttribute('target', '_blank');
    expect(await page.locator('main article').count()).toBe(4);

    await page.goto('/contact');
    await expect(page.getByRole('img', { name: /map of Lagos/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'hello@baobabdata.org' }).first()).toHaveAttribute(
      'href',
      'mailto:hello@baobabdata.org',
    );
    await expect(page.getByRole('link', { name: '+234 1 555 0142' })).toHaveAttribute('href', 'tel:+23415550142');
    await expect(page.getByText('Lagos, Nigeria').first()).toBeVisible();

    await page.goto('/events/baobab-data-hackathon-2023');
    await expect(page.locator('header').first()).toHaveAttribute('data-variant', 'white');
    await expect(page.getByText('18-19 March 2023')).toBeVisible();
    await expect(page.getByText('Join the leading hackathon in the African data science space.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Savanna Labs' })).toBeVisible();
    const event = (await jsonLd(page)).find((d) => d['@type'] === 'Event');
    expect(event).toMatchObject({ startDate: '2023-03-18', endDate: '2023-03-19' });

    await page.goto('/offers/become-a-data-analyst');
    await expect(page.getByText('Cohort starting May 2023')).toBeVisible();
    await expect(page.getByText('Training | Mentorship | Internship')).toBeVisible();
    await expect(page.getByText('20% off')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Price: was $150 now $120' })).toBeVisible();
    await expect(page.getByText('Offer ends 25 March 2023.')).toBeVisible();
    const offer = (await jsonLd(page)).find((d) => d['@type'] === 'Offer');
    expect(offer).toMatchObject({ price: 120, priceCurrency: 'USD', priceValidUntil: '2023-03-25' });
  });

  // A page inlines only its own components' stylesheets (next.config.ts, cssChunking): a page without a
  // form, a price, a receipt, share links or tabs carries none of their rules. The build before put every
  // public component's rules in each page (17 KiB of CSS on each of these).
  test('a page without forms, prices, receipts, share links or tabs carries none of their styles', async ({
    request,
  }) => {
    for (const path of ['/about', '/events', '/privacy']) {
      const html = await (await request.get(path)).text();
      const css = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join('');
      expect(css.length, path).toBeGreaterThan(0);
      expect(css.match(/_(?:form|input|currencies|receipt|share|tab)\b/g), path).toBeNull();
    }
  });

  // A section, a banner's text or the 404 page's block is often also a .container; the page's
  // stylesheets come in the order the bundler shares them, not the import order, and the container
  // (the page margin) must not cancel their own vertical spacing.
  test('sections that are also page containers keep their vertical spacing', async ({ page }) => {
    const paddingTop = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
    await page.goto('/newsletter');
    expect(await paddingTop('main .container:not(:has(h1))')).toBeGreaterThanOrEqual(32);
    await page.goto('/privacy');
    expect(await paddingTop('main .container:not(:has(h1))')).toBeGreaterThanOrEqual(32);
    await page.goto('/no-such-page');
    expect(await paddingTop('main .container')).toBeGreaterThanOrEqual(48);
  });

  test('Privacy names the minimum age of 13', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText(/aged 13 and over/)).toBeVisible();
  });
});

test('sitemap.xml lists every page, each course, project, event and offer included; robots.txt points to it and keeps crawlers only out of the API', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>http:\/\/localhost:3000([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
  for (const path of [
    '/',
    '/about',
    '/projects',
    '/academy',
    '/insights',
    '/contact',
    '/terms',
    '/privacy',
    '/projects/water-point-watch-1',
    '/events/baobab-data-hackathon-2023',
    '/offers/become-a-data-analyst',
  ]) {
    expect(listed).toContain(path);
  }
  expect(listed.filter((p) => p.startsWith('/academy/'))).toHaveLength(9);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  expect([...robots.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1])).toEqual(['/api/']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both project tabs are readable and carousels scroll natively', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByText('No archive project')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Water Point Watch' })).toBeVisible();
    await page.goto('/');
    const viewport = page.getByRole('region', { name: 'Latest insights' }).locator('div').first();
    expect(await viewport.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    await expect(page.getByRole('button', { name: 'Next insight' })).toBeHidden();
  });
});
