/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { renderToStaticMarkup } from 'react-dom/server';

import EventPage from '@/app/[lang]/events/[slug]/page';
import EventsPage from '@/app/[lang]/events/page';
import { getStore } from '@/lib/storage';

// The hackathon with 2 places, both taken: its page, as the server regenerates it, says it is full.
jest.mock('@/data/events', () => {
  const actual = jest.requireActual('@/data/events');
  return { events: actual.events.map((event: object) => ({ ...event, capacity: 2 })) };
});

const dir = mkdtempSync(join(tmpdir(), 'baobab-full-'));
const render = async (page: (p: never) => Promise<React.ReactElement>, lang: string, slug = '') =>
  renderToStaticMarkup(
    await page({ params: Promise.resolve({ lang, slug }), searchParams: Promise.resolve({}) } as never),
  );

beforeAll(async () => {
  process.env.DATA_DIR = dir;
  process.env.SITE_TODAY = '2023-03-01';
  for (const email of ['a@example.org', 'b@example.org']) {
    await getStore().add(
      'user',
      { email, date: 1 },
      { seat: { key: 'event:baobab-data-hackathon-2023', capacity: 2 } },
    );
  }
});
afterAll(async () => {
  await getStore().close();
  delete process.env.SITE_TODAY;
  rmSync(dir, { recursive: true, force: true });
});

it.each([
  ['en', 'Registration is closed: every place for this event is taken.'],
  ['fr', 'Les inscriptions sont closes\u00a0: toutes les places de cet événement sont prises.'],
])('shows a full event as full in %s, with no form, and says so in its structured data', async (lang, full) => {
  const markup = await render(EventPage, lang, 'baobab-data-hackathon-2023');
  expect(markup).toContain(full);
  expect(markup).not.toContain('<form');
  expect(markup).toContain('"availability":"https://schema.org/SoldOut"');
});

it('lists the full event as coming up, marked full', async () => {
  expect(await render(EventsPage as never, 'en')).toMatch(/Coming up.*Baobab Data Hackathon 2023.*Full/s);
});
