import { expect, test } from '@playwright/test';

test('the favicon, the Apple touch icon and the web manifest are served, not 404 pages', async ({ request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/x-icon');
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  const apple = await request.get('/apple-icon.png');
  expect(apple.status()).toBe(200);
  expect(apple.headers()['content-type']).toBe('image/png');

  for (const [address, home, lang, description] of [
    ['/manifest.webmanifest', '/', 'en', /^Baobab Data is/],
    ['/fr/manifest.webmanifest', '/fr', 'fr', /^Baobab Data est/],
  ] as const) {
    const manifest = await request.get(address);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = await manifest.json();
    expect(body).toMatchObject({ name: 'Baobab Data', start_url: home, id: home, lang, display: 'standalone' });
    expect(body.description).toMatch(description);
    expect(body.theme_color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    for (const icon of body.icons as { src: string }[]) expect((await request.get(icon.src)).status()).toBe(200);
  }
});

test('pages link them', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.goto('/fr/about');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/fr/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /^\/apple-icon\.png/);
  await expect(page.locator('link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
});

test('pictures are linked by the hash of their content and may be kept for a year', async ({ page, request }) => {
  await page.goto('/about');
  const sources = await page.locator('main img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
  const versioned = sources.filter((src) => src?.startsWith('/v/'));
  expect(versioned.length).toBeGreaterThan(0);
  for (const src of versioned) expect(src).toMatch(/^\/v\/[0-9a-f]{12}\/images\/.+\.svg$/);
  const picture = await request.get(versioned[0]!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toContain('image/svg+xml');
  expect(picture.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The same file under its plain name: the hash is of exactly these bytes.
  const plain = await request.get(versioned[0]!.replace(/^\/v\/[0-9a-f]{12}/, ''));
  expect(await picture.body()).toEqual(await plain.body());
});
