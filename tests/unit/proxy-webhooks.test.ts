/** @jest-environment node */
import { NextRequest } from 'next/server';

import { proxy } from '@/proxy';

// The providers' webhooks are posted from their servers, cross-site as far as the proxy can tell (an
// Origin or Sec-Fetch-Site that is not ours, or neither): proxy.ts lets them through to their routes,
// which check their own proof (the payment provider's signature, the secret in Mailchimp's address);
// a cross-site post to a page (a server action) is still refused before Next.
const crossSite = { origin: 'https://us21.admin.mailchimp.com', 'sec-fetch-site': 'cross-site' };
const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '40' };

function post(path: string, headers: Record<string, string>) {
  return proxy(
    new NextRequest(`http://127.0.0.1:3000${path}`, {
      method: 'POST',
      headers: { ...form, ...headers },
      body: 'type=unsubscribe&data%5Blist_id%5D=abc123',
    }),
  );
}

describe('the proxy and the webhooks', () => {
  it.each([
    ['Mailchimp’s webhook, cross-site', '/api/newsletter/mailchimp?secret=x', crossSite],
    ['Mailchimp’s webhook, with no browser headers (as Mailchimp posts)', '/api/newsletter/mailchimp?secret=x', {}],
    ['the payment webhook, cross-site', '/api/payments/paystack', crossSite],
  ])('lets %s through to its route', async (_case, path, headers) => {
    const response = await post(path, headers);
    // Passed on to Next (the route answers), not answered here.
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.status).toBe(200);
  });

  it('still refuses a cross-site post to a page', async () => {
    const response = await post('/newsletter/mailchimp', crossSite);
    expect(response.status).toBe(403);
  });
});
