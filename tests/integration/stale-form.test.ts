/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

import { getStore } from '@/lib/storage';
import { formTexts } from '@/messages/forms';

import { sampleRegistration } from '../helpers/samples';

// A page's form from another build (a deploy, or SITE_TODAY changed, between opening the page and
// sending it): proxy.ts sends its post on to the form's route, which answers with a page in the form's
// words, after the last day its "closed" words, never Next's bare 409 (lib/forms/stale-action.ts).
const dir = mkdtempSync(join(tmpdir(), 'baobab-stale-'));
process.env.DATA_DIR = dir;
let POST: typeof import('@/app/api/forms/[operation]/route').POST;

beforeAll(async () => {
  ({ POST } = await import('@/app/api/forms/[operation]/route'));
});
afterAll(async () => {
  await getStore().close();
  delete process.env.SITE_TODAY;
  rmSync(dir, { recursive: true, force: true });
});

// The no-JavaScript post of the event page, as the browser sends it: no token, from our own origin.
function pagePost(fields: Record<string, string>, page: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new NextRequest(`http://localhost:3000/api/forms/registerEvent?${new URLSearchParams({ page })}`, {
    method: 'POST',
    body,
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    },
  });
  return POST(request, { params: Promise.resolve({ operation: 'registerEvent' }) });
}

it('answers a post after the last day with the form’s own closed words, as a page in its language', async () => {
  process.env.SITE_TODAY = '2023-03-20';
  const response = await pagePost({ ...sampleRegistration, lang: 'fr' }, '/fr/events/baobab-data-hackathon-2023');
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toContain('<html lang="fr">');
  expect(html).toContain(formTexts.fr.answers.eventClosed);
  expect(html).toContain('href="/fr/events/baobab-data-hackathon-2023"');
  expect(await getStore().list('user')).toEqual([]);
});

it('stores a post made while registration is open and says so, without writing back what was typed', async () => {
  process.env.SITE_TODAY = '2023-03-01';
  const response = await pagePost({ ...sampleRegistration, firstName: '<b>Ada</b>' }, 'https://evil.example/');
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(formTexts.en.answers.eventContinue);
  expect(html).not.toContain('<b>Ada');
  // A page path that is not ours is no way back.
  expect(html).toContain('href="/"');
  expect(await getStore().list('user')).toHaveLength(1);
});
