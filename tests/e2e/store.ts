import { expect, type BrowserContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

// Reads what the site under test stored (DATA_DIR=var/e2e in playwright.config.ts, unless a spec runs a
// server of its own on `dataDir`).
export function storedRecords(collection: string, email: string, dataDir = 'var/e2e'): Record<string, unknown>[] {
  const db = new Database(`${dataDir}/baobab.sqlite`, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT data FROM records WHERE collection = ? ORDER BY rowid').all(collection) as {
      data: string;
    }[];
    return rows.map((r) => JSON.parse(r.data)).filter((d) => d.email === email);
  } finally {
    db.close();
  }
}

let counter = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${++counter}@example.org`;
}

// Types a contact message into the contact page's form and sends it.
export async function sendContactForm(page: Page, fields: { name: string; email: string; message: string }) {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Message', { exact: true }).fill(fields.message);
  await page.getByRole('button', { name: 'Send message' }).click();
}

// The external pages forms open are answered here, so no test reaches the internet.
export async function stubExternalPages(context: BrowserContext) {
  await context.route(/^https:\/\/(pay|events)\.baobabdata\.org\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>External page</title><p>External page</p>' }),
  );
}

export async function waitForHydration(page: Page, button: string) {
  // The submit button is enabled in the server HTML and disabled once the form runs in the browser.
  await expect(page.getByRole('button', { name: button })).toBeDisabled();
}

// A course's enrolment form filled in, as a visitor would.
export async function fillEnrolment(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Ada Obi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+234 801 234 5678');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Country').fill('Nigeria');
}
