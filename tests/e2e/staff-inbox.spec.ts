import { expect, test } from '@playwright/test';

import { defaultLang, otherLangs } from '@/lib/i18n';
import { languageName } from '@/lib/staff/present';
import { openSqliteStore } from '@/lib/storage/sqlite';

import { signInByMail } from './staff-mail';

// The inbox's search, language filter and pages against the built site (DATA_DIR=var/e2e), without
// JavaScript. Records are written straight into the site's SQLite file, as the forms would store them:
// 55 contact messages sent in the same millisecond, more than a page.
const DATA_DIR = 'var/e2e';
const COUNT = 55;
// This spec's own staff address (playwright.config.ts): its sign-ins end no other spec's session.
const STAFF = 'inbox@example.org';

test.use({ javaScriptEnabled: false });

test('finds people by the start of a word, pages one millisecond without skipping anyone, filters by language', async ({
  page,
}) => {
  // A word of letters only, new at each run: the inbox keeps earlier runs' records.
  const tag = `pager${[...String(Date.now()).slice(-7)].map((d) => String.fromCharCode(97 + Number(d))).join('')}`;
  const other = otherLangs(defaultLang)[0]!;
  const date = Date.now() - 60_000;
  const store = openSqliteStore(`${DATA_DIR}/baobab.sqlite`);
  for (let i = 0; i < COUNT; i++) {
    await store.add('contact', {
      name: `${i === 7 ? 'Aïcha' : 'Kofi'} ${tag} N${i}`,
      email: `${tag}.${i}@example.org`,
      message: 'Hello',
      lang: i % 2 ? other : defaultLang,
      date,
    });
  }
  await store.close();

  await signInByMail(page, DATA_DIR, STAFF);
  const search = page.getByLabel('Search');
  const people = page.getByRole('link', { name: new RegExp(`^\\S+ ${tag} N\\d+ · Contact message`) });
  const names = async () => (await people.allTextContents()).map((text) => /N(\d+)/.exec(text)![1]);

  // A prefix of the word finds all of them; two pages, each person once.
  await search.fill(tag.slice(0, -2).toUpperCase());
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(people).toHaveCount(50);
  const first = await names();
  await page.getByRole('link', { name: 'Older submissions' }).click();
  await expect(people).toHaveCount(COUNT - 50);
  const second = await names();
  expect(new Set([...first, ...second]).size).toBe(COUNT);
  await expect(page.getByRole('link', { name: 'Older submissions' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Newest' }).click();
  await expect(people).toHaveCount(50);

  // Accents and case aside, with a second word checked on what the first found.
  await search.fill(`aicha ${tag}`);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(people).toHaveCount(1);
  await expect(people).toContainText(`Aïcha ${tag} N7`);

  // A whole address, and one language.
  await search.fill(`${tag}.12@EXAMPLE.org`);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(people).toHaveText([new RegExp(`N12 ·`)]);
  await search.fill(tag);
  await page.getByLabel('Language').selectOption({ label: languageName(other) });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(people).toHaveCount(Math.floor(COUNT / 2));
  expect((await names()).every((n) => Number(n) % 2 === 1)).toBe(true);
  // The domain is not searched: nearly every record would match it.
  await search.fill('example');
  await page.getByLabel('Language').selectOption({ label: 'Any' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(people).toHaveCount(0);
});

test('any filter value in the address gets the inbox page, never an error', async ({ page }) => {
  await signInByMail(page, DATA_DIR, STAFF);
  const values: Record<string, string>[] = [
    { after: '1e99.x' },
    { after: '999999999999999999999.abc' },
    { after: '-5.abc' },
    { after: '12.<script>' },
    { after: '12.' + 'a'.repeat(5000) },
    { q: '\u0000\u0001\u001f' },
    { q: 'é'.repeat(1000) },
    { q: '@' },
    { q: '%%%' },
    { q: '__proto__', status: '__proto__', form: 'constructor', lang: 'toString' },
    { item: 'user:../../etc', from: '2023-13-45', to: '9999-99-99' },
    { item: 'constructor:x', lang: 'xx' },
  ];
  for (const value of values) {
    const response = await page.request.get(`/staff?${new URLSearchParams(value)}`);
    expect(response.status(), JSON.stringify(value).slice(0, 80)).toBe(200);
    expect(await response.text()).toContain('<h1>Inbox</h1>');
  }
  const subscribers = await page.request.get(
    `/staff/subscribers?${new URLSearchParams({ q: '\u0000'.repeat(300), after: 'x.y' })}`,
  );
  expect(subscribers.status()).toBe(200);
});
