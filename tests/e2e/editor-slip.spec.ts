import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

import { contentCollections, worstOf } from '../../scripts/drills/worst-content.mjs';
import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { openInEditor } from './content-editor';
import { pagePaths } from './routes';
import { signInByMail } from './staff-mail';
import { uniqueEmail } from './store';

// An editor's slip cannot take the site down (lib/cms/default-texts.ts, lib/cms/checked.ts). The editor,
// last used in French, opens a new event in English; an event whose English texts are missing cannot be
// published from French, and the editor says which texts, in which language. The worst content of every
// collection sent through the API is refused in words or shown without harm; an item broken below the
// editor's checks (as a script could leave it) is left out alone: Home, the lists in both languages and
// the door stay up, and the workspace lists it as needing attention.
//
// On a server of its own (in the drills' stream): what it publishes changes no page the others read.
const ADMIN = 'staff@example.org';
const OTHER = 'fr';

let dir: string;
let DATA_DIR: string;
let baseURL: string;
let server: ChildProcess | undefined;
let serverLog = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-slip-'));
  DATA_DIR = join(dir, 'data');
  mkdirSync(DATA_DIR);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = startNextServer({
    port,
    root: privateBuild(dir),
    stdio: 'pipe',
    env: { DATA_DIR, STAFF_EMAILS: ADMIN, STAFF_SIGN_IN_LIMIT: '100', RATE_LIMIT_PER_MINUTE: '1000' },
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await waitUntilUp(`${baseURL}/api/health`, { timeoutMs: 120_000, server });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (server) await stopServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newPage(browser: Browser, width: number): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width, height: 900 } })).newPage();
}

async function signedInEditor(browser: Browser, width: number): Promise<Page> {
  const admin = await newPage(browser, 1280);
  await signInByMail(admin, DATA_DIR, ADMIN);
  const email = uniqueEmail(`slip-editor-${width}`);
  const added = await admin.request.post('/staff/api/team-set', {
    form: { email, role: 'editor' },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  await admin.context().close();
  const editor = await newPage(browser, width);
  await signInByMail(editor, DATA_DIR, email);
  return editor;
}

// Every public page in both languages, each asked twice (the second answer is the one made after a
// change, when the first was the page kept from before): none may fail.
async function everyPageAnswers(page: Page, except: string[] = []) {
  const failures: string[] = [];
  for (const path of pagePaths.filter((candidate) => !except.includes(candidate))) {
    for (const address of [path, `/${OTHER}${path === '/' ? '' : path}`]) {
      await page.request.get(address);
      const status = (await page.request.get(address)).status();
      if (status !== 200) failures.push(`${address} ${status}`);
    }
  }
  expect(failures).toEqual([]);
}

test('an editor last used in French opens a new event in English, and publishing it without its English texts is refused in words', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const editor = await signedInEditor(browser, 1280);
  // The editor remembers the language it was last used in.
  await editor.goto(`/staff/content/collections/events?locale=${OTHER}`);
  // Where its "Create New" leads (followed as an address: the list may still be hydrating).
  const create = await editor.getByRole('link', { name: 'Create New' }).first().getAttribute('href');
  await openInEditor(editor, create!);
  await expect(editor).toHaveURL(/\/collections\/events\/create\?locale=en$/);
  const stamp = Date.now().toString(36);
  const slug = `slip-${stamp}`;
  // The facts only, kept as a draft, as an editor who means to write the texts later might.
  await editor.getByLabel('Slug').fill(slug);
  await editor.getByLabel('Start Date').fill('2023-05-20');
  await editor.getByLabel('End Date').fill('2023-05-20');
  await editor.getByLabel('Picture path').fill('/images/events/hackathon-2023.svg');
  await editor.getByLabel('Logo').fill('/images/partners/savanna-labs.svg');
  await editor.getByLabel('Name').fill('Savanna Labs');
  await editor.getByLabel('Registration Link').fill('https://events.baobabdata.org/slip/register');
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(editor).toHaveURL(/\/staff\/content\/collections\/events\/\d+/);
  const id = editor.url().match(/events\/(\d+)/)![1];

  // The French texts, and Publish: refused, naming the English texts it lacks.
  await openInEditor(editor, `/staff/content/collections/events/${id}?locale=${OTHER}`);
  await editor.getByLabel('Title').fill(`Journée ${stamp}`);
  await editor.getByLabel('In Sentence').fill(`la Journée ${stamp}`);
  await editor.getByLabel('Dates').fill('20 mai 2023');
  await editor.getByLabel('Tagline').fill('Une journée de données.');
  await editor.getByLabel('Description').fill('Des exposés et des ateliers.');
  await editor.getByLabel('Location').fill('Dakar (Sénégal)');
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  // The editor's error note: why, and the texts as a list.
  const note = editor.locator('[data-sonner-toast]').filter({ hasText: 'Missing in English' });
  await expect(note).toBeVisible({ timeout: 30_000 });
  for (const label of ['Title', 'In Sentence', 'Dates', 'Tagline', 'Description', 'Location'])
    await expect(note).toContainText(label);
  await editor.screenshot({ path: test.info().outputPath('refused-1280.png') });
  await editor.setViewportSize({ width: 390, height: 900 });
  await editor.screenshot({ path: test.info().outputPath('refused-390.png') });

  // Nothing was published: no page shows it, in either language.
  expect((await editor.request.get(`/${OTHER}/events/${slug}`)).status()).toBe(404);
  const stored = await editor.request.get(`/staff/content/api/events/${id}?draft=false&depth=0`);
  expect(((await stored.json()) as { _status: string })._status).toBe('draft');
  const api = await editor.request.patch(`/staff/content/api/events/${id}?locale=${OTHER}`, {
    data: { _status: 'published' },
    headers: { origin: baseURL },
  });
  expect(api.status()).toBe(400);
  expect(await api.text()).toMatch(/Missing in English \([^)]*\): Title, In Sentence/);
  await everyPageAnswers(editor);
});

test('the worst content of every collection breaks no page, and an item broken below the editor’s checks is left out alone and listed as needing attention', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const editor = await signedInEditor(browser, 1280);
  const headers = { origin: baseURL };
  const answers: string[] = [];
  for (const collection of contentCollections) {
    const list = await editor.request.get(`/staff/content/api/${collection}?limit=1&depth=0&sort=id`);
    const [doc] = ((await list.json()) as { docs: Record<string, unknown>[] }).docs;
    for (const [name, path, data] of worstOf(collection, doc!)) {
      const answer = await editor.request.post(`/staff/content/api/${path}`, { data, headers });
      answers.push(`${collection} ${name} ${answer.status()}`);
    }
  }
  // Each is refused in words (4xx) or taken; none is a server error.
  expect(answers.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
  expect(answers).toContain(`events missing language 400`);
  expect(answers).toContain(`events reversed dates 400`);
  expect(answers).toContain(`events zero capacity 400`);
  expect(answers).toContain(`events a slug of another 400`);
  await everyPageAnswers(editor);

  // An event published whole, then broken in the database: its English texts gone, as a script could
  // leave it. A change to another event regenerates the pages that list events.
  const stamp = Date.now().toString(36);
  const created = await editor.request.post('/staff/content/api/events', {
    headers,
    data: {
      slug: `broken-${stamp}`,
      title: `Broken Day ${stamp}`,
      inSentence: `the Broken Day ${stamp}`,
      dates: '21 May 2023',
      startDate: '2023-05-21',
      endDate: '2023-05-21',
      capacity: 30,
      tagline: 'A day that will break.',
      description: 'Its texts will be taken away.',
      location: 'Abidjan',
      img: '/images/events/hackathon-2023.svg',
      partner: { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
      registrationLink: 'https://events.baobabdata.org/broken/register',
      _status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { doc: { id: number } }).doc.id;
  await expect(async () => {
    expect(await (await editor.request.get('/events')).text()).toContain(`Broken Day ${stamp}`);
  }).toPass({ timeout: 60_000, intervals: [1000, 2000, 5000] });
  const db = new Database(join(DATA_DIR, 'cms.db'));
  db.prepare(`DELETE FROM events_locales WHERE _parent_id = ? AND _locale = 'en'`).run(id);
  db.prepare(
    `DELETE FROM _events_v_locales WHERE _parent_id IN (SELECT id FROM _events_v WHERE parent_id = ?) AND _locale = 'en'`,
  ).run(id);
  db.close();
  const hackathon = (
    (await (
      await editor.request.get('/staff/content/api/events?where[slug][equals]=baobab-data-hackathon-2023&depth=0')
    ).json()) as { docs: { id: number; tagline: string }[] }
  ).docs[0]!;
  expect(
    (
      await editor.request.patch(`/staff/content/api/events/${hackathon.id}`, {
        headers,
        data: { tagline: hackathon.tagline },
      })
    ).status(),
  ).toBe(200);

  for (const path of ['/', '/events', `/${OTHER}/events`, `/${OTHER}`]) {
    await expect(async () => {
      const page = await editor.request.get(path);
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html).not.toContain(`Broken Day ${stamp}`);
    }).toPass({ timeout: 60_000, intervals: [1000, 2000, 5000] });
  }
  expect(await (await editor.request.get('/events')).text()).toContain('Baobab Data Hackathon 2023');
  expect((await editor.request.get(`/events/broken-${stamp}`)).status()).toBe(404);
  await everyPageAnswers(editor);

  // The door, and the workspace's list of what needs attention (an admin has both).
  const admin = await newPage(browser, 1280);
  await signInByMail(admin, DATA_DIR, ADMIN);
  const door = await admin.goto('/staff/door');
  expect(door?.status()).toBe(200);
  await expect(admin.getByText('Baobab Data Hackathon 2023').first()).toBeVisible();
  await admin.goto('/staff');
  const attention = admin.getByRole('region', { name: /Content that needs attention/ });
  await expect(attention).toBeVisible();
  await expect(attention.getByRole('link', { name: 'Fix in the editor' }).first()).toHaveAttribute(
    'href',
    new RegExp(`/staff/content/collections/events/(${id}|\\d+)$`),
  );
  await expect(attention).toContainText(`events: `);
  await admin.screenshot({ path: test.info().outputPath('attention-1280.png'), fullPage: false });
  // Logged as a warning, once, never as an error with a stack.
  const lines = serverLog.split('\n').filter((line) => line.includes(`content left out`) && line.includes(` ${id} `));
  expect(lines.length).toBeGreaterThan(0);
  expect(serverLog).not.toMatch(/places pass failed/);
});
