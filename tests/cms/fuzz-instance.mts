// The CMS on the Postgres of CMS_DATABASE_URL, in a process of its own (tests/cms/api-fuzz.test.ts):
// an admin (STAFF_EMAILS) sends the odd queries to every collection's list and versions through the
// API's route, and the last line says how many were sent and which got a 5xx, as JSON.
import { randomBytes } from 'node:crypto';

import { cms } from '@/lib/cms';
import { sha256 } from '@/lib/hash';
import { getStore } from '@/lib/storage';

import { ODD_QUERIES } from './odd-queries';

type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const payload = await cms();
const { GET, POST, PATCH, DELETE } =
  (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as Record<string, Handler>;
const value = randomBytes(32).toString('base64url');
await getStore().saveSession({
  id: sha256(value),
  email: process.env.STAFF_EMAILS!,
  createdAt: Date.now(),
  seenAt: Date.now(),
});
const headers = { cookie: `baobab-staff=${value}`, origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' };
const failures: string[] = [];
let sent = 0;
const send = async (handler: Handler, method: string, path: string, body?: unknown) => {
  const request = new Request(`http://127.0.0.1:3000/staff/content/api/${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const slug = new URL(request.url).pathname.split('/').slice(4).map(decodeURIComponent);
  sent += 1;
  try {
    const response = await handler(request, { params: Promise.resolve({ slug }) });
    await response.arrayBuffer();
    if (response.status >= 500) failures.push(`${method} ${path} ${response.status}`);
  } catch (error) {
    failures.push(`${method} ${path} threw ${String(error).slice(0, 80)}`);
  }
};
for (const { slug } of payload.config.collections) {
  // Postgres refuses a NUL character in a text.
  await send(POST!, 'POST', slug, { title: 'A\u0000B', slug: 'nul\u0000' });
  await send(PATCH!, 'PATCH', `${slug}?where[id][exists]=true`, { title: 'A\u0000B' });
  for (const query of ODD_QUERIES) {
    await send(GET!, 'GET', `${slug}?${query}`);
    await send(GET!, 'GET', `${slug}/versions?${query}`);
    if (query.startsWith('where')) {
      await send(PATCH!, 'PATCH', `${slug}?${query}`, { title: 'Bulk' });
      await send(DELETE!, 'DELETE', `${slug}?${query}`);
    }
  }
}
console.log(JSON.stringify({ sent, failures }));
await payload.destroy();
process.exit(0);
