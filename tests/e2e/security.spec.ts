import { expect, test, type Page } from '@playwright/test';

import { routes } from './routes';
import { storedRecords, uniqueEmail } from './store';

test('every page answers with the security headers', async ({ request }) => {
  for (const route of [...routes, { path: '/no-such-page' }]) {
    const response = await request.get(route.path);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "default-src 'self'",
    ]) {
      expect(csp, `${route.path}: ${directive}`).toContain(directive);
    }
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline'(;|$)/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // Plain HTTP here, so no HSTS; behind HTTPS it is sent (next test).
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  }
});

test('HSTS and upgrade-insecure-requests are sent when the site is served over HTTPS', async ({ request }) => {
  const response = await request.get('/about', { headers: { 'x-forwarded-proto': 'https' } });
  expect(response.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(response.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
});

test('no page reports a Content-Security-Policy violation, forms and particles included', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const route of routes) {
    await page.goto(route.path);
    await page.waitForLoadState('networkidle');
  }
  // The particles load when the page is idle; the forms post through fetch.
  await page.goto('/');
  await expect(page.locator('#home-particles canvas')).toBeAttached({ timeout: 15_000 });
  expect(violations).toEqual([]);
});

test.describe('pages a CDN can cache', () => {
  test('no page response carries Set-Cookie', async ({ request }) => {
    for (const route of [...routes, { path: '/no-such-page' }]) {
      const response = await request.get(route.path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers()['set-cookie'], route.path).toBeUndefined();
    }
  });

  async function sendContact(page: Page, email: string) {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Cache Test');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message', { exact: true }).fill('Sent from a page that set no cookie.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    expect(storedRecords('contact', email)).toHaveLength(1);
  }

  test('the contact form works with JavaScript, fetching its token first', async ({ page, context }) => {
    const tokenRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/xsrf') tokenRequests.push(r.method());
    });
    await page.goto('/contact');
    // Hydrated: the submit button waits for valid input.
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(await context.cookies()).toEqual([]);
    await sendContact(page, uniqueEmail('cdn-js'));
    expect(tokenRequests).toEqual(['GET']);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the contact form works without any cookie', async ({ page, context }) => {
      await sendContact(page, uniqueEmail('cdn-nojs'));
      expect(await context.cookies()).toEqual([]);
    });
  });
});
