import { request as httpRequest } from 'node:http';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { bodyMessages } from '../../lib/http/read-body';
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

test("a client's own X-Forwarded-Proto does not make a plain-HTTP site send HSTS", async ({ request }) => {
  // Only a proxy configured in TRUSTED_PROXY_HOPS can say the site is served over HTTPS
  // (tests/unit/security-headers.test.ts covers what is sent then).
  const response = await request.get('/about', { headers: { 'x-forwarded-proto': 'https' } });
  expect(response.headers()['strict-transport-security']).toBeUndefined();
  expect(response.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
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

  async function sendContact(page: Page, email: string, javaScript: boolean) {
    await page.goto('/contact');
    // With JavaScript, the form is the page's once it runs (its scripts come after the first paint and
    // can follow the load event); before, the browser would post it as it does without JavaScript.
    if (javaScript) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
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
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The page's own: the submit button waits for valid input.
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(await context.cookies()).toEqual([]);
    await sendContact(page, uniqueEmail('cdn-js'), true);
    expect(tokenRequests).toEqual(['GET']);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the contact form works without any cookie', async ({ page, context }) => {
      await sendContact(page, uniqueEmail('cdn-nojs'), false);
      expect(await context.cookies()).toEqual([]);
    });
  });
});

test.describe('no 5xx for what a client can send', () => {
  // Raw HTTP, so the test controls the method, Content-Length and chunking.
  function send(method: string, path: string, headers: Record<string, string>, body?: Buffer, chunks = 0) {
    const { port } = new URL(test.info().project.use.baseURL!);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const write = (left: number): void => {
        while (left > 0) {
          left -= 1;
          if (!req.write(chunk)) {
            req.once('drain', () => write(left));
            return;
          }
        }
        req.end(body);
      };
      write(chunks);
    });
  }

  test('methods no page has get 405', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH']) {
      expect((await send(method, '/contact', {})).status, method).toBe(405);
    }
  });

  test('oversized, length-less and cross-origin action posts get 4xx with a message', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    const big = await send('POST', '/contact', { ...multipart, 'content-length': '200000' }, Buffer.alloc(200_000));
    expect(big).toMatchObject({ status: 413, body: expect.stringMatching(/too large/) });
    const chunked = await send(
      'POST',
      '/contact',
      { ...multipart, 'transfer-encoding': 'chunked' },
      Buffer.from('--x--'),
    );
    expect(chunked.status).toBe(411);
    for (const origin of ['null', 'https://evil.example', 'not a url']) {
      const body = Buffer.from('--x--\r\n');
      const forged = await send('POST', '/contact', { ...multipart, origin, 'content-length': `${body.length}` }, body);
      expect(forged, origin).toMatchObject({ status: 403, body: expect.stringMatching(/did not come from our site/) });
    }
  });

  // The hidden fields the contact page's form posts without JavaScript, read from the page itself.
  async function pageActionFields(request: APIRequestContext): Promise<[string, string][]> {
    const html = await (await request.get('/contact')).text();
    const decode = (v: string) => v.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    return [...html.matchAll(/<input type="hidden" name="(\$ACTION_[^"]*)"(?: value="([^"]*)")?/g)].map(
      ([, name, value]) => [name!, decode(value ?? '')],
    );
  }

  async function postAction(fields: [string, string][], headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    const { baseURL } = test.info().project.use;
    const response = await fetch(`${baseURL}/contact`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', ...headers },
      body: form,
    });
    return { status: response.status, body: await response.text() };
  }

  test('server-action posts of any shape but our forms’ get 400 with a message', async ({ request }) => {
    const fields = await pageActionFields(request);
    expect(fields.map(([name]) => name)).toEqual(['$ACTION_REF_1', '$ACTION_1:0', '$ACTION_1:1', '$ACTION_KEY']);
    const id = (JSON.parse(fields[1]![1]) as { id: string }).id;
    const contact: [string, string][] = [
      ['name', 'Shape Test'],
      ['email', uniqueEmail('shape')],
      ['message', 'Sent by a test.'],
    ];
    const withState = (state: string) => fields.map(([n, v]): [string, string] => [n, n === '$ACTION_1:1' ? state : v]);
    const cases: [string, [string, string][], Record<string, string>?][] = [
      ['an action id without bound state', [[`$ACTION_ID_${id}`, ''], ...contact]],
      ['an unknown action id', [[`$ACTION_ID_7f${'0'.repeat(40)}`, ''], ...contact]],
      ['a bound state that is not JSON', [...withState('notjson'), ...contact]],
      ['a bound state of three values', [...withState('[1,2,3]'), ...contact]],
      ['a FormData where the state goes', [...withState('["$K1"]'), ...contact]],
      ['no bound state', [...fields.filter(([n]) => n !== '$ACTION_1:1'), ...contact]],
      ['a script-driven action call', [['0', '["$K1"]']], { 'next-action': id }],
      ['a script-driven call with a malformed body', [['0', '["$Q9"]']], { 'next-action': id }],
    ];
    for (const [name, body, headers] of cases) {
      expect(await postAction(body, headers), name).toEqual({ status: 400, body: bodyMessages.unreadable });
    }
    const garbage = await send(
      'POST',
      '/contact',
      { 'content-type': 'multipart/form-data; boundary=zz', 'content-length': '7', 'sec-fetch-site': 'same-origin' },
      Buffer.from('garbage'),
    );
    expect(garbage).toEqual({ status: 400, body: bodyMessages.unreadable });
    // The real shape still goes through and is stored.
    const real = await postAction([...fields, ...contact]);
    expect(real.status).toBe(200);
    expect(real.body).toContain('Message sent successfully');
    expect(storedRecords('contact', contact[1]![1])).toHaveLength(1);
  });

  test('addresses that are no page and no API route are a 404, and posts to them never a 5xx', async () => {
    // Each of these could reach a page's [lang] segment or an unknown slug: /api/contact is not an API route.
    const paths = ['/api/contact', '/images/contact', '/icons/contact', '/v/1/contact', '/x.svg', '/fr/events/nope'];
    const multipart = (body: string) => ({
      'content-type': 'multipart/form-data; boundary=zz',
      'content-length': `${Buffer.byteLength(body)}`,
    });
    const field = '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n';
    for (const path of paths) {
      expect((await send('GET', path, {})).status, `GET ${path}`).toBe(404);
      const posts: [string, Record<string, string>][] = [
        ['cross-site', { ...multipart(field), origin: 'https://evil.example' }],
        ['same-site, plain fields', { ...multipart(field), 'sec-fetch-site': 'same-origin' }],
        ['script-driven action call', { ...multipart(field), 'sec-fetch-site': 'same-origin', 'next-action': '00' }],
        ['broken multipart', { ...multipart('garbage'), 'sec-fetch-site': 'same-origin' }],
      ];
      for (const [name, headers] of posts) {
        const body = Buffer.from(name === 'broken multipart' ? 'garbage' : field);
        const { status } = await send('POST', path, headers, body);
        expect(status >= 400 && status < 500, `${name} to ${path}: ${status}`).toBe(true);
      }
    }
  });

  test('a path whose percent-encoding is not UTF-8, and a target that is not a path, get 400', async () => {
    const targets: [string, string][] = [
      ['GET', '/academy/%ff'],
      ['GET', '/projects/%E2%82'],
      ['GET', '/academy/%ff/opengraph-image'],
      ['POST', '/api/forms/%ff'],
      ['OPTIONS', '*'],
      ['GET', 'http://other.example/contact'],
    ];
    for (const [method, path] of targets) {
      expect(await send(method, path, {}), path).toEqual({ status: 400, body: 'This address is not valid.' });
    }
  });

  test('a 9 MB chunked post to the form endpoint gets 413 with the form message', async () => {
    const answer = await send(
      'POST',
      '/api/forms/contactUs',
      { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      undefined,
      144,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ status: 'error', message: expect.stringMatching(/too large/) });
  });
});
