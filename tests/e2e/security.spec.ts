import { expect, test } from '@playwright/test';

import { routes } from './routes';

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
