/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

const dir = mkdtempSync(join(tmpdir(), 'baobab-staff-export-'));
process.env.DATA_DIR = dir;
process.env.STAFF_EMAILS = 'staff@example.org';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A download is recorded before any byte of it is sent; one the audit trail cannot record is refused.
async function download() {
  const { getStore } = await import('@/lib/storage');
  const { signIn, signInLink } = await import('@/lib/team');
  const { GET } = await import('@/app/staff/api/export/route');
  const store = getStore();
  await store.add('contact', { name: 'Ada', email: 'ada@example.org', message: 'hi', date: Date.now() });
  const now = Date.now();
  const result = await signIn(new URL(signInLink('staff@example.org', now)).searchParams.get('t'), undefined, 'c', now);
  if (!result.ok) throw new Error('not signed in');
  // From a workspace page, unless told otherwise.
  const request = (headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) =>
    GET(
      new NextRequest('http://localhost/staff/api/export?form=contact&format=csv', {
        headers: { host: 'localhost', cookie: `baobab-staff=${result.cookieValue}`, ...headers },
      }),
    );
  return { store, request, session: { id: '', email: 'staff@example.org', createdAt: now, seenAt: now } };
}

it('records a download in the audit trail before sending it, and answers 503 without the file when it cannot', async () => {
  const { store, request } = await download();
  const sent = await request();
  expect(sent.status).toBe(200);
  expect(await sent.text()).toContain('ada@example.org');
  expect((await store.auditLog(10))[0]).toMatchObject({ what: 'export', who: 'staff@example.org' });

  const before = (await store.auditLog(10)).length;
  const spy = jest.spyOn(store, 'addAudit').mockRejectedValue(new Error('store down'));
  const refused = await request();
  spy.mockRestore();
  expect(refused.status).toBe(503);
  expect(refused.headers.get('cache-control')).toBe('no-store');
  expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(refused.headers.get('content-disposition')).toBeNull();
  const text = await refused.text();
  expect(text).toMatch(/not sent/);
  expect(text).not.toContain('ada@example.org');
  expect(await store.auditLog(10)).toHaveLength(before);
});

it('streams an item, a form and the subscribers with the rows its audit entry counts, spam and later records left out', async () => {
  const { store, session } = await download();
  const { download: file } = await import('@/lib/staff/queries');
  const hack = 'user:baobab-data-hackathon-2023';
  const now = Date.now();
  // More than a page of the store's reads, one marked as spam, and one dated after the download.
  for (let i = 0; i < 1203; i++) {
    await store.add('user', {
      firstName: `P${i}`,
      email: `p${i}@example.org`,
      event: 'baobab-data-hackathon-2023',
      date: now - 10_000 + i,
      ...(i === 7 ? { staffStatus: 'spam' } : {}),
    });
  }
  await store.add('user', {
    firstName: 'Later',
    email: 'later@example.org',
    event: 'baobab-data-hackathon-2023',
    date: now + 5,
  });
  await store.add('newsletter', { email: 'a@example.org', status: 'confirmed', date: 1 });
  await store.add('newsletter', { email: 'b@example.org', status: 'pending', date: 2 });
  await store.add('newsletter', { email: 'c@example.org', date: 3 });

  const rowsOf = async (query: string) => {
    const result = await file(session, new URLSearchParams(query), now);
    if (typeof result === 'string') throw new Error(result);
    const text = await new Response(result.body).text();
    const entry = (await store.auditLog(1))[0]!;
    return { lines: text.split('\r\n').length - 2, detail: entry.detail, text };
  };
  const item = await rowsOf(`item=${hack}&format=csv`);
  expect(item.lines).toBe(1202);
  expect(item.detail).toBe('Event registration: Baobab Data Hackathon 2023 csv (1202 rows)');
  expect(item.text).not.toContain('p7@example.org');
  expect(item.text).not.toContain('later@example.org');
  const subscribers = await rowsOf('form=newsletter&format=csv');
  expect([subscribers.lines, subscribers.detail]).toEqual([2, 'Newsletter sign-up csv (2 rows)']);
  const form = await rowsOf('form=contact&format=csv');
  expect(form.detail).toBe(`Contact message csv (${form.lines} rows)`);
}, 60_000);

it('sends a download only when the browser says a workspace page asked for it', async () => {
  const { store, request } = await download();
  const before = (await store.auditLog(100)).length;
  // A page on another port or subdomain (same-site), another site, a link opened from a mail or typed
  // (none), no Fetch Metadata and no Referer, or a Referer of another host.
  const refusals: Record<string, string>[] = [
    { 'sec-fetch-site': 'same-site', referer: 'http://localhost/staff' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'none' },
    {},
    { referer: 'http://localhost:8080/staff' },
    { referer: 'http://sibling.localhost/staff' },
    { referer: 'not a url' },
  ];
  for (const headers of refusals) {
    const refused = await request(headers);
    expect([refused.status, refused.headers.get('content-disposition')]).toEqual([403, null]);
    expect(await refused.text()).toMatch(/^Downloads start from the workspace itself/);
  }
  expect(await store.auditLog(100)).toHaveLength(before);
  // A browser without Fetch Metadata, from a workspace page.
  expect((await request({ referer: 'http://localhost/staff/items/contact' })).status).toBe(200);
  expect(await store.auditLog(100)).toHaveLength(before + 1);
});
