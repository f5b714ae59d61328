/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { renderToStaticMarkup } from 'react-dom/server';

import EventPage from '@/app/[lang]/events/[slug]/page';
import EventsPage from '@/app/[lang]/events/page';
import { getStore } from '@/lib/storage';

// The hackathon with 2 places, both taken: its page, as the server regenerates it, says it is full and
// offers its waiting list.
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
  ['en', 'Every place is taken. Join the waiting list', 'Join the waiting list'],
  ['fr', 'Toutes les places sont prises. Inscrivez-vous sur la liste d’attente', 'Rejoindre la liste d’attente'],
])(
  'shows a full event as full in %s, its form asking for the waiting list, and says so in its structured data',
  async (lang, full, button) => {
    const markup = await render(EventPage, lang, 'baobab-data-hackathon-2023');
    expect(markup).toContain(full);
    expect(markup).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${button}</button>`));
    expect(markup).toContain('<input type="hidden" name="waitlist" value="1"/>');
    expect(markup).toContain('"availability":"https://schema.org/SoldOut"');
  },
);

it('lists the full event as coming up, marked full', async () => {
  expect(await render(EventsPage as never, 'en')).toMatch(/Coming up.*Baobab Data Hackathon 2023.*Full/s);
});
