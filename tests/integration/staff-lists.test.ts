/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'baobab-staff-lists-'));
process.env.DATA_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = async () => ({
  ...(await import('@/lib/staff/inbox')),
  ...(await import('@/lib/i18n')),
  store: (await import('@/lib/storage')).getStore(),
});

// The subscribers page's figures and list (lib/staff/inbox.ts) on the embedded store.
it('counts subscribers by status and language, a missing status as confirmed and an unknown language as the default', async () => {
  const { subscriberCounts, store, defaultLang, otherLangs } = await load();
  const other = otherLangs(defaultLang)[0]!;
  const add = (email: string, data: Record<string, unknown>) =>
    store.add('newsletter', { email, date: 1, ...data }, { uniqueKey: email });
  await add('a@example.org', { status: 'pending', lang: other });
  await add('b@example.org', { status: 'confirmed', lang: other });
  await add('c@example.org', { lang: defaultLang });
  await add('d@example.org', { status: 'unsubscribed', lang: 'xx' });
  await add('e@example.org', { status: 'confirmed' });
  const counts = await subscriberCounts();
  expect(counts.byStatus).toEqual({ pending: 1, confirmed: 3, unsubscribed: 1 });
  expect(counts.byLang).toEqual({ [defaultLang]: 3, [other]: 2 });
});

it('lists subscribers newest first by pages of 50, with the search', async () => {
  const { subscribersPage, store } = await load();
  for (let i = 0; i < 55; i++) {
    await store.add(
      'newsletter',
      { name: `Reader ${i}`, email: `reader${i}@example.org`, date: 1000 + i },
      {
        uniqueKey: `reader${i}@example.org`,
      },
    );
  }
  const first = await subscribersPage('reader', undefined);
  expect(first.rows).toHaveLength(50);
  expect(first.rows[0]!.data.name).toBe('Reader 54');
  const second = await subscribersPage('reader', first.next!);
  expect(second.rows.map((row) => row.data.name)).toEqual(['Reader 4', 'Reader 3', 'Reader 2', 'Reader 1', 'Reader 0']);
  expect(second.next).toBeNull();
  expect((await subscribersPage('reader7@example.org', undefined)).rows.map((row) => row.data.name)).toEqual([
    'Reader 7',
  ]);
});

it("pages an item's registrations by 50, newest first, spam left out, under a count made by the store", async () => {
  const { itemPage, countWithoutSpam, store } = await load();
  const event = { field: 'event', value: 'hack' };
  // Every fifth is spam, and a registration for another event is in between.
  for (let i = 0; i < 130; i++) {
    await store.add('user', {
      firstName: `P${i}`,
      email: `p${i}@example.org`,
      event: 'hack',
      date: 5000 + i,
      ...(i % 5 === 0 ? { staffStatus: 'spam' } : {}),
    });
  }
  await store.add('user', { firstName: 'Other', email: 'o@example.org', event: 'other', date: 5050 });
  expect(await countWithoutSpam('user', event)).toBe(104);
  const names: string[] = [];
  const pages: number[] = [];
  for (let after: string | undefined, first = true; first || after; first = false) {
    const page = await itemPage('user', event, after);
    names.push(...page.rows.map((row) => String(row.data.firstName)));
    pages.push(page.rows.length);
    after = page.next ?? undefined;
  }
  expect(pages).toEqual([50, 50, 4]);
  expect(names[0]).toBe('P129');
  expect(new Set(names).size).toBe(104);
  expect(names).not.toContain('P125');
  expect(names).not.toContain('Other');
});
