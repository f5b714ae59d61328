import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { openSqliteStore } from '../../lib/storage/sqlite';
import { signInByMail } from './staff-mail';
import { uniqueEmail } from './store';

// A letter to the community from the workspace, without JavaScript (docs/staff.md, "Letters"): an admin
// writes it in English and French, previews both at a phone's and a desk's width, mails themselves a
// test, sends it to the confirmed subscribers after the confirmation step, and opens its archive page.
const DATA_DIR = 'var/e2e';
// This spec's own admin address (playwright.config.ts): its sign-ins end no other spec's session.
const ADMIN = 'letters@example.org';

test.use({ javaScriptEnabled: false });

// The mails the site wrote (the file transport) to `to` whose subject matches, as text.
function mailsTo(to: string, subject: RegExp): string[] {
  const dir = join(DATA_DIR, 'mail');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => new RegExp(`^To:(?:.*[\\s<,])?${to.replace(/[.@+]/g, '\\$&')}(?=[>,\\s]|$)`, 'mi').test(text))
    .filter((text) => subject.test(text));
}

test('an admin writes a bilingual letter, previews it, tests it, sends it, and it is on the web', async ({ page }) => {
  test.setTimeout(120_000);
  const reader = uniqueEmail('letter-reader');
  const store = openSqliteStore(`${DATA_DIR}/baobab.sqlite`);
  try {
    await store.add(
      'newsletter',
      { name: 'Amina', email: reader, lang: 'fr', date: Date.now(), status: 'confirmed', statusDate: Date.now() },
      { uniqueKey: reader.toLowerCase() },
    );
  } finally {
    await store.close();
  }
  const slug = `letter-${Date.now()}`;
  // The mail folder keeps earlier runs' letters: this run's subjects are its own.
  const english = `November at Baobab Data ${slug}`;
  const french = `Novembre chez Baobab Data ${slug}`;

  await signInByMail(page, DATA_DIR, ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'Letters' }).click();
  await page.getByRole('link', { name: 'New letter' }).click();
  await page.getByLabel('Address on the web').fill(slug);
  await page.getByLabel('Who receives it').selectOption({ label: 'Every confirmed subscriber' });
  await page.getByLabel('Subject (English)').fill(english);
  await page
    .getByLabel('Letter (English, Markdown)')
    .fill('# Our month\n\nSee [the projects](https://baobabdata.org/projects).\n\n- A hackathon\n- A cohort');
  await page.getByLabel('Subject (French)').fill(french);
  await page
    .getByLabel('Letter (French, Markdown)')
    .fill(
      '# Notre mois\n\nVoyez [les projets](https://baobabdata.org/fr/projects).\n\n- Un hackathon\n- Une promotion',
    );
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Draft saved.');

  // Each language at both widths, as the mail will look.
  for (const [title, heading] of [
    ['English, phone width', 'Our month'],
    ['English, desk width', 'Our month'],
    ['French, phone width', 'Notre mois'],
    ['French, desk width', 'Notre mois'],
  ]) {
    await expect(page.frameLocator(`iframe[title="${title}"]`).getByRole('heading', { name: heading })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByRole('status')).toContainText(`on its way to ${ADMIN}`);
  await expect.poll(() => mailsTo(ADMIN, new RegExp(`\\[TEST\\] ${english}`)).length, { timeout: 15_000 }).toBe(1);

  await page.getByRole('link', { name: 'Review and send' }).click();
  await expect(page.getByText(/It goes to \d+ people\./)).toBeVisible();
  await page.getByRole('button', { name: 'Yes, send it now' }).click();
  await expect(page.getByRole('status')).toHaveText('Sending has started.');

  // The reader gets it in French, with one-click unsubscribe, once.
  await expect.poll(() => mailsTo(reader, new RegExp(`Subject: .*${slug}`)).length, { timeout: 60_000 }).toBe(1);
  const mail = mailsTo(reader, new RegExp(`Subject: .*${slug}`))[0]!;
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText('Sent', { exact: true }).count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);

  await page.goto(`/newsletter/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english);
  await expect(page.getByRole('link', { name: 'the projects' })).toHaveAttribute(
    'href',
    'https://baobabdata.org/projects',
  );
  await page.goto(`/fr/newsletter/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(french);
});
