import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { actionFields, formHeaders, inParallel, multipart, send, tally } from './client.mjs';
import { apiRoutes } from './floods.mjs';
import { validFields } from './forms.mjs';
import { base, scale } from './settings.mjs';

// 5xx on demand: every request that used to get one.
export async function fiveHundredsOnDemand() {
  const t = tally('5xx on demand');
  const fields = await actionFields('/contact');
  const id = (JSON.parse(fields[1]![1]) as { id: string }).id;
  const contact = Object.entries(validFields('contactUs')) as [string, string][];
  const withState = (state: string) => fields.map(([n, v]): [string, string] => [n, n.endsWith(':1') ? state : v]);
  const so = { 'sec-fetch-site': 'same-origin' };
  const actionPosts: [[string, string][], Record<string, string>][] = [
    [[[`$ACTION_ID_${id}`, ''], ...contact], so],
    [[[`$ACTION_ID_7f${'0'.repeat(40)}`, ''], ...contact], so],
    [[...withState('notjson'), ...contact], so],
    [[...withState('[1,2,3]'), ...contact], so],
    [[...withState('["$K1"]'), ...contact], so],
    [[...withState('[{"status":"$Q1"}]'), ...contact], so],
    [[...fields.filter(([n]) => !n.endsWith(':1')), ...contact], so],
    [[...fields, ...contact], { origin: 'null' }],
    [[...fields, ...contact], { origin: 'https://evil.example' }],
    [[...fields, ...contact], { origin: 'not a url' }],
    [[['0', '["$Q9"]']], { ...so, 'next-action': id }],
    [[['0', '[]']], { ...so, 'next-action': id }],
  ];
  for (let i = 0; i < scale; i++) {
    for (const [body, headers] of actionPosts) {
      const { type, body: bytes } = multipart(body);
      await send(
        t,
        'POST',
        '/contact',
        { 'content-type': type, 'content-length': `${bytes.length}`, ...headers },
        bytes,
      );
    }
    for (const body of ['garbage{', '[]', '{}', '[null,"$K1"]']) {
      await send(t, 'POST', '/contact', { ...so, 'next-action': id, 'content-type': 'text/plain' }, body);
    }
    await send(
      t,
      'POST',
      '/contact',
      { ...so, 'content-type': 'multipart/form-data; boundary=z', 'content-length': '7' },
      'garbage',
    );
    await send(
      t,
      'POST',
      '/contact',
      { ...so, 'content-type': 'multipart/form-data', 'content-length': '7' },
      'garbage',
    );
    await send(t, 'POST', '/contact', {
      ...so,
      'content-type': 'multipart/form-data; boundary=z',
      'content-length': '2000000',
    });
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) await send(t, method, '/contact');
    for (const path of [
      '/academy/%ff',
      '/projects/%E2%82',
      '/events/%ff/opengraph-image',
      '/api/forms/%ff',
      '*',
      'http://evil.example/x',
    ]) {
      await send(t, 'GET', path);
    }
    await send(t, 'POST', '/api/forms/contactUs', formHeaders({ 'content-type': 'multipart/form-data' }), 'x');
    await send(t, 'POST', '/api/forms/contactUs', formHeaders({ 'content-type': 'application/json' }), '{');
    await send(t, 'POST', '/api/forms/__proto__', formHeaders(), 'name=x');
    await send(t, 'POST', '/api/newsletter/unsubscribe?token=%ff', {});
    await send(t, 'GET', '/contact', {
      cookie: '%ff=%ff; ;=',
      'x-forwarded-host': 'a b/c',
      'x-forwarded-proto': '://',
    });
  }
}

// Every method on every kind of path the site serves: pages, the API, public files, hashed images,
// icons, the sitemap, social images and build files. A hashed image under another hash is not served.
export async function everyPath() {
  const t = tally('5xx on demand');
  const html = await (await fetch(`${base}/contact`)).text();
  const image = '/images/flags/gh.svg';
  const hash = createHash('sha256')
    .update(readFileSync(`public${image}`))
    .digest('hex')
    .slice(0, 12);
  const script = html.match(/\/_next\/static\/[^"]+\.js/)?.[0] ?? '/_next/static/none.js';
  const paths = [
    '/',
    '/contact',
    '/fr/contact',
    '/academy/data-analysis-with-python',
    '/no-such-page',
    '/fr/no-such-page',
    ...apiRoutes.map(([, path]) => path),
    '/api/forms/nope',
    '/api/nope',
    image,
    `/v/${hash}${image}`,
    `/v/000000000000${image}`,
    '/v/x/images/none.png',
    '/images/none.png',
    '/icons/icon-192.png',
    '/favicon.ico',
    '/icon.svg',
    '/apple-icon.png',
    '/manifest.webmanifest',
    '/robots.txt',
    '/sitemap.xml',
    '/opengraph-image',
    '/contact/opengraph-image',
    '/fr/opengraph-image',
    '/academy/data-analysis-with-python/opengraph-image',
    script,
    '/_next/image?url=%2Fimages%2Fflags%2Fgh.svg&w=64&q=75',
  ];
  for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
    await inParallel(paths, async (path) => {
      const body = method === 'GET' || method === 'HEAD' ? undefined : 'a=1';
      // With its length: Node's client frames no body for DELETE or OPTIONS by itself.
      const headers: Record<string, string> = body
        ? {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': '3',
            'sec-fetch-site': 'same-origin',
          }
        : {};
      const answer = await send(t, method, path, headers, body);
      if (path.startsWith('/v/000000000000') && !body && answer.status !== 404) {
        t.bypasses += 1;
        t.notes.push(`${method} ${path}: ${answer.status}, not 404`);
      }
    });
  }
  const right = await send(t, 'GET', `/v/${hash}${image}`);
  if (right.status !== 200 || !/immutable/.test(String(right.headers['cache-control']))) {
    t.bypasses += 1;
    t.notes.push(`the hashed image answers ${right.status}`);
  }
}
