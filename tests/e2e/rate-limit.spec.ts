import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser } from '@playwright/test';

import { startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../../scripts/lib/next-server.mjs';
import { sendContactForm } from './store';

// The JavaScript path (route handler) and the no-JavaScript path (server action) are separate bundles
// in Next. They must count one limit between them: otherwise turning JavaScript off doubles it.
const port = 3162;
const base = `http://127.0.0.1:${port}`;
const contact = { name: 'Limit Tester', email: 'limit@example.org', message: 'Counting submissions.' };

async function sendWithJavaScriptPath() {
  const response = await fetch(`${base}/api/forms/contactUs`, {
    method: 'POST',
    headers: await xsrfHeaders(base),
    body: new URLSearchParams(contact),
  });
  return ((await response.json()) as { message: string }).message;
}

async function sendWithoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/contact`);
  await sendContactForm(page, contact);
  const status = page.locator('#contact-status');
  await expect(status).not.toBeEmpty();
  const text = await status.innerText();
  await context.close();
  return text;
}

test('the JavaScript and no-JavaScript paths share one rate limit per address and form', async ({ browser }) => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-rate-'));
  const server = startNextServer({ port, env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '2' } });
  try {
    await waitUntilUp(`${base}/api/health`);
    expect(await sendWithJavaScriptPath()).toBe('Message sent successfully');
    expect(await sendWithoutJavaScript(browser)).toContain('Message sent successfully');
    // Two of two used, one by each path: both paths now refuse.
    expect(await sendWithJavaScriptPath()).toMatch(/^Too many attempts/);
    expect(await sendWithoutJavaScript(browser)).toContain('Too many attempts');
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
