import { expect, test } from '@playwright/test';

import { linkSecret, signLink } from '../../lib/security/signed-link';
import { openSqliteStore } from '../../lib/storage/sqlite';
import type { Store } from '../../lib/storage/types';
import { uniqueEmail } from './store';

// The newsletter's confirmation and unsubscribe pages, in a browser without JavaScript, against the
// site's own store (DATA_DIR=var/e2e) and link secret.
const DATA_DIR = 'var/e2e';

// The site's own adapter on the site's own file: the schema is there whichever test runs first.
async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = openSqliteStore(`${DATA_DIR}/baobab.sqlite`);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

const addPending = (email: string) =>
  withStore((store) =>
    store.add(
      'newsletter',
      { name: 'Ada', email, date: Date.now(), status: 'pending', statusDate: Date.now() },
      { uniqueKey: email.toLowerCase() },
    ),
  );

const statusOf = (email: string) => withStore(async (store) => (await store.getSubscriber(email))?.data.status);

const token = (purpose: 'newsletter-confirm' | 'newsletter-unsubscribe', email: string, expiresAt: number) =>
  signLink(linkSecret(undefined, DATA_DIR), purpose, email, expiresAt);

test.use({ javaScriptEnabled: false });

test('opening the confirmation link confirms nothing; pressing its button does', async ({ page }) => {
  const email = uniqueEmail('confirm');
  await addPending(email);
  await page.goto(
    `/newsletter/confirm?t=${encodeURIComponent(token('newsletter-confirm', email, Date.now() + 3_600_000))}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
  expect(await statusOf(email)).toBe('pending');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/confirm\?result=confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed');
  expect(await statusOf(email)).toBe('confirmed');
});

test('an expired or altered link says so', async ({ page }) => {
  const email = uniqueEmail('expired');
  await page.goto(`/newsletter/confirm?t=${encodeURIComponent(token('newsletter-confirm', email, Date.now() - 1))}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
  await page.goto('/newsletter/unsubscribe?t=not-a-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
});

test('the unsubscribe page asks, then unsubscribes on the button', async ({ page }) => {
  const email = uniqueEmail('leave');
  await addPending(email);
  await page.goto(`/newsletter/unsubscribe?t=${encodeURIComponent(token('newsletter-unsubscribe', email, 0))}`);
  await expect(page.getByText(`Stop sending the Baobab Data newsletter to ${email}?`)).toBeVisible();
  expect(await statusOf(email)).toBe('pending');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
  expect(await statusOf(email)).toBe('unsubscribed');
});

test('a mail program unsubscribes in one click (RFC 8058)', async ({ request }) => {
  const email = uniqueEmail('oneclick');
  await addPending(email);
  const answer = await request.post(
    `/api/newsletter/unsubscribe?t=${encodeURIComponent(token('newsletter-unsubscribe', email, 0))}`,
    {
      form: { 'List-Unsubscribe': 'One-Click' },
    },
  );
  expect(answer.status()).toBe(200);
  expect(await statusOf(email)).toBe('unsubscribed');
});

test('a French subscriber confirms and unsubscribes on the French pages, and comes back to them', async ({ page }) => {
  const email = uniqueEmail('confirm-fr');
  await addPending(email);
  const confirm = encodeURIComponent(token('newsletter-confirm', email, Date.now() + 3_600_000));
  await page.goto(`/fr/newsletter/confirm?t=${confirm}`);
  await page.getByRole('button', { name: 'Je confirme mon inscription' }).click();
  await expect(page).toHaveURL(/\/fr\/newsletter\/confirm\?result=confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes inscrit(e)');
  expect(await statusOf(email)).toBe('confirmed');

  // The one-click address of a French subscriber's mails, opened in a browser: the French page.
  await page.goto(
    `/api/newsletter/unsubscribe?t=${encodeURIComponent(token('newsletter-unsubscribe', email, 0))}&lang=fr`,
  );
  await expect(page).toHaveURL(/\/fr\/newsletter\/unsubscribe\?t=/);
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page).toHaveURL(/\/fr\/newsletter\/unsubscribe\?result=unsubscribed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes désinscrit(e)');
  expect(await statusOf(email)).toBe('unsubscribed');
});
