import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';

import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { openInEditor } from './content-editor';
import { signInByMail } from './staff-mail';
import { fillEnrolment, storedRecords, uniqueEmail, waitForHydration } from './store';

// Staff publish the programme (issue 30, docs/staff.md "Content"): an editor, signed in by the
// workspace's mailed link (no second password), creates an event in the CMS in both languages and
// publishes it; within 60 seconds, with no rebuild, it is on /events, its own page, Home and /fr, and a
// visitor registers for it; renamed, it keeps its address and its registrations. Door and staff roles
// cannot publish. An editor closes a course, and an enrolment sent from its page opened before is
// refused, with and without JavaScript. A draft is previewed by its editor and by no one else. The
// event's picture is uploaded in the editor and served resized, under the hash of the upload. A post
// scheduled with the editor's "Schedule Publish" goes live at its time, on its own.
//
// On a server of its own (in the drills' stream, beside the shared site's tests): what it publishes and
// rewrites changes no page the other specs read. Each journey runs once and passes through both widths
// (1280 and 390 px): the editor moves from a phone to a desk, visitors read on both.
const ADMIN = 'staff@example.org';
const LIVE_WITHIN = 60_000;

let dir: string;
let DATA_DIR: string;
let baseURL: string;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-publish-'));
  DATA_DIR = join(dir, 'data');
  mkdirSync(DATA_DIR);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  // Its own copy of the build: the server writes the pages it makes again into it. Served as `npm start`
  // serves it: the editor works in the back office's process, the visitors read from their own.
  server = startNextServer({
    port,
    root: privateBuild(dir),
    split: true,
    // The back office at the visitors' priority: on this host the other work is the tests' own (browsers,
    // builds), which a back office at nice 10 would leave the editor waiting behind.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      DATA_DIR,
      STAFF_EMAILS: ADMIN,
      STAFF_SIGN_IN_LIMIT: '100',
      RATE_LIMIT_PER_MINUTE: '1000',
      BACK_OFFICE_NICENESS: '0',
    },
  });
  // What the split server says of its two processes (one stopping, and starting again) goes to the test's
  // output: an editor's page that answers "starting or restarting" then says why.
  for (const stream of [server.stdout, server.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => {
      if (/stopped \(|started again|"level":(?:50|60)|"level":"(?:error|fatal)"/.test(line))
        console.error(`server: ${line}`);
    });
  }
  await waitUntilUp(`${baseURL}/api/health`, { timeoutMs: 120_000, server });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (server) await stopServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newPage(browser: Browser, width: number, javaScriptEnabled = true): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width, height: 900 }, javaScriptEnabled })).newPage();
}

// Adds a colleague with a role, as an admin does on the team page.
async function addColleague(admin: Page, email: string, role: string) {
  const answer = await admin.request.post('/staff/api/team-set', {
    form: { email, role },
    headers: { origin: new URL(admin.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
}

// Opens `path` again until `check` passes, for at most LIVE_WITHIN. A visitor's browser keeps the pages
// it opened (their `stale-while-revalidate`): a page opened again is shown from that copy once, while the
// browser asks for the new one, which the next visit shows. So each try gives its checks a few seconds
// (`soon`), not the default 15, and the minute holds several tries: with 15 s a try, a change that reached
// the server only after the first try was still shown old on the third, and the fourth came at 55 s
// (seen in CI, on a deleted course's page).
const soon = expect.configure({ timeout: 4_000 });
async function seeWithin(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: LIVE_WITHIN, intervals: [1000, 2000] });
}

test('an editor publishes an event in both languages and it is live without a rebuild, and a post scheduled in the editor goes live at its time, at 390 and 1280 px', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // One journey at both widths: the editor creates, previews and publishes the event on a phone, then
  // writes its French and renames it at a desk; visitors read it on both.
  const width = 390;
  const admin = await newPage(browser, 1280);
  await signInByMail(admin, DATA_DIR, ADMIN);
  const editorEmail = uniqueEmail(`editor-${width}`);
  await addColleague(admin, editorEmail, 'editor');
  const editor = await newPage(browser, width);
  await signInByMail(editor, DATA_DIR, editorEmail);

  // The workspace's session opens the CMS from its own section: no other sign-in.
  await editor.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
  await expect(editor).toHaveURL(/\/staff\/content$/);
  const stamp = Date.now().toString(36);

  // First, a post rewritten as a draft and scheduled from the editor for the next whole minute: it goes
  // live on its own while the editor works on the event, and is looked for at the end.
  const post = (
    (await (await editor.request.get('/staff/content/api/insights?sort=_order&limit=1&page=2')).json()) as {
      docs: { id: number }[];
    }
  ).docs[0]!;
  const scheduledTitle = `Counting the rains ${stamp}`;
  await openInEditor(editor, `/staff/content/collections/insights/${post.id}?locale=en`);
  await editor.getByLabel('Title').fill(scheduledTitle);
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(editor.getByText(/Draft saved successfully/i).first()).toBeVisible();
  // The arrow beside "Publish changes" opens its menu.
  await editor.locator('.btn--withPopup .popup-button').click();
  await editor.getByRole('button', { name: 'Schedule Publish' }).click();
  const schedule = editor.getByRole('dialog');
  // The picker's own format, in the browser's time zone, at least 10 seconds ahead.
  const [publishAt, dueAt] = await editor.evaluate(() => {
    const at = new Date(Math.ceil((Date.now() + 10_000) / 60_000) * 60_000);
    const month = at.toLocaleString('en-US', { month: 'short' });
    const hour = at.getHours() % 12 || 12;
    const minute = String(at.getMinutes()).padStart(2, '0');
    const day = at.getHours() < 12 ? 'AM' : 'PM';
    return [`${month} ${at.getDate()}, ${at.getFullYear()} ${hour}:${minute} ${day}`, at.getTime()] as const;
  });
  await schedule.locator('#time input').fill(publishAt);
  await schedule.locator('#time input').press('Enter');
  await schedule.locator('#scheduled-publish-save').click();
  await expect(editor.getByText('Scheduled successfully.')).toBeVisible();
  await expect(schedule.getByRole('table')).toContainText('Publish');
  await editor.keyboard.press('Escape');
  expect(await (await editor.request.get('/insights')).text()).not.toContain(scheduledTitle);
  const slug = `data-day-${width}-${stamp}`;
  const title = `Data Day ${width} ${stamp}`;
  await openInEditor(editor, '/staff/content/collections/events/create');
  await editor.getByLabel('Slug').fill(slug);
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('In Sentence').fill(`the ${title}`);
  await editor.getByLabel('Dates').fill('15 April 2023');
  await editor.getByLabel('Start Date').fill('2023-04-15');
  await editor.getByLabel('End Date').fill('2023-04-15');
  await editor.getByLabel('Start Time').fill('09:00');
  await editor.getByLabel('End Time').fill('17:00');
  await editor.getByLabel('Time Zone').fill('Africa/Lagos');
  await editor.getByLabel('Capacity').fill('40');
  await editor.getByLabel('Tagline').fill('A day of open data, in Accra.');
  await editor.getByLabel('Description').fill('Talks in the morning, workshops in the afternoon.');
  await editor.getByLabel('Location').fill('Accra, Ghana');
  // A picture uploaded from the editor (made here: 2000 × 1000 px), resized by the CMS.
  await editor.getByRole('button', { name: 'Create New' }).click();
  const drawer = editor.getByRole('dialog');
  await drawer.locator('input[type=file]').setInputFiles({
    name: `banner-${stamp}.png`,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#b5651d' } })
      .png()
      .toBuffer(),
  });
  await drawer.locator('#field-alt').fill('An orange banner', { timeout: 10_000 });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toHaveCount(0);
  // Chosen: the field offers no other upload (its name may take a moment to show; the page's banner
  // below is the proof that the event has it).
  await expect(editor.getByRole('button', { name: 'Create New' })).toHaveCount(0);
  await editor.getByLabel('Logo').fill('/images/partners/savanna-labs.svg');
  await editor.getByLabel('Name').fill('Savanna Labs');
  await editor.getByLabel('Registration Link').fill('https://events.baobabdata.org/data-day/register');
  // Saved as a draft first: visitors do not see it, the editor's preview does.
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(editor).toHaveURL(/\/staff\/content\/collections\/events\/\d+/);
  const id = editor.url().match(/events\/(\d+)/)![1];
  const [preview] = await Promise.all([
    editor.context().waitForEvent('page'),
    editor.getByRole('link', { name: 'Preview' }).click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`/events/${slug}$`));
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole('complementary', { name: 'Preview' })).toBeVisible();
  const previewed = await preview.request.get(`/events/${slug}`);
  expect(previewed.headers()['cache-control']).toMatch(/no-store/);
  const stranger = await newPage(browser, 1280);
  expect((await stranger.goto(`/events/${slug}`))?.status()).toBe(404);
  // A visitor cannot open the preview: the workspace's sign-in asks who they are.
  await stranger.goto(`/staff/preview?collection=events&id=${id}&locale=en`);
  await expect(stranger).toHaveURL(/\/staff\/sign-in$/);
  expect((await stranger.goto(`/events/${slug}`))?.status()).toBe(404);

  await editor.getByRole('button', { name: 'Publish changes' }).click();
  await expect(editor.getByText(/Updated successfully|Published successfully/i).first()).toBeVisible();
  // Leaving the preview shows the page as visitors see it, without the preview's bar.
  await preview.getByRole('link', { name: 'Leave the preview' }).click();
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);

  // The French texts, in the same document, now at a desk.
  await editor.setViewportSize({ width: 1280, height: 900 });
  await openInEditor(editor, `/staff/content/collections/events/${id}?locale=fr`);
  await editor.getByLabel('Title').fill(`Journée des données ${width} ${stamp}`);
  await editor.getByLabel('In Sentence').fill(`la Journée des données ${width} ${stamp}`);
  await editor.getByLabel('Dates').fill('15 avril 2023');
  await editor.getByLabel('Tagline').fill('Une journée de données ouvertes, à Accra.');
  await editor.getByLabel('Description').fill('Des exposés le matin, des ateliers l’après-midi.');
  await editor.getByLabel('Location').fill('Accra (Ghana)');
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  await expect(editor.getByText(/Updated successfully|Published successfully/i).first()).toBeVisible();

  // Live for visitors, in both languages, without a rebuild.
  const visitor = await newPage(browser, 1280);
  await seeWithin(visitor, '/events', () => soon(visitor.getByRole('link', { name: title })).toBeVisible());
  await seeWithin(visitor, `/events/${slug}`, () =>
    soon(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible(),
  );
  await seeWithin(visitor, '/', () => soon(visitor.getByRole('link', { name: title })).toBeVisible());
  await seeWithin(visitor, `/fr/events/${slug}`, () =>
    soon(visitor.getByRole('heading', { level: 1, name: `Journée des données ${width} ${stamp}` })).toBeVisible(),
  );
  const onPhone = await newPage(browser, 390);
  await onPhone.goto('/fr/events');
  await expect(onPhone.getByRole('link', { name: `Journée des données ${width} ${stamp}` })).toBeVisible();
  expect(await onPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Its banner is the uploaded picture's 1600 px copy, kept for a year under the hash of the upload.
  const banner = await visitor.evaluate(() => document.querySelector('img[fetchpriority=high]')?.getAttribute('src'));
  const original = new URL(banner!, 'http://x').searchParams.get('url') ?? banner!;
  expect(original).toMatch(new RegExp(`^/v/[0-9a-f]{12}/media/banner-${stamp}-1600x800\\.webp$`));
  const served = await visitor.request.get(original);
  expect([served.status(), served.headers()['content-type'], served.headers()['cache-control']]).toEqual([
    200,
    'image/webp',
    'public, max-age=31536000, immutable',
  ]);
  expect((await visitor.request.get(banner!)).status()).toBe(200);
  expect((await visitor.request.get(original.replace(/\/v\/[0-9a-f]{12}\//, '/v/000000000000/'))).status()).toBe(404);

  // A visitor registers for it, on a phone.
  await onPhone.goto(`/events/${slug}`);
  await waitForHydration(onPhone, 'Register');
  const email = uniqueEmail(`publish-${width}`);
  await onPhone.getByLabel('First name').fill('Ama');
  await onPhone.getByLabel('Last name').fill('Owusu');
  await onPhone.getByLabel('Email').fill(email);
  await onPhone.getByRole('button', { name: 'Register' }).click();
  // Its 40 places are the site's own: the registration link the editor also gave is not used.
  await expect(onPhone.getByText('Your place is booked')).toBeVisible();
  await expect(onPhone.getByText('Continue your registration')).toHaveCount(0);
  expect(storedRecords('user', email, DATA_DIR)).toEqual([expect.objectContaining({ event: slug })]);

  // Staff find the registration under the new event: in the inbox's item filter and on its list.
  await admin.goto('/staff');
  await admin.getByLabel('Course, event or offer').selectOption({ label: `Event registration: ${title}` });
  await admin.getByRole('button', { name: 'Show' }).click();
  await expect(admin.getByRole('link', { name: /Ama Owusu/ })).toBeVisible();
  await admin.goto(`/staff/items/user/${slug}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Event registration: ${title}`);
  await expect(admin.getByText(email)).toBeVisible();

  // Renamed, the event keeps its address, and its registrations keep naming it by slug.
  // The admin remembers the last language edited: English is asked for.
  await openInEditor(editor, `/staff/content/collections/events/${id}?locale=en`);
  await editor.getByLabel('Title').fill(`${title} (renamed)`);
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  await expect(editor.getByText(/Updated successfully|Published successfully/i).first()).toBeVisible();
  await seeWithin(visitor, `/events/${slug}`, () =>
    soon(visitor.getByRole('heading', { level: 1, name: `${title} (renamed)` })).toBeVisible(),
  );
  expect(storedRecords('user', email, DATA_DIR)).toEqual([expect.objectContaining({ event: slug })]);
  // Its list keeps its registration, under the new name.
  await admin.goto(`/staff/items/user/${slug}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Event registration: ${title} (renamed)`);
  await expect(admin.getByText(email)).toBeVisible();

  // The post scheduled at the start goes live at its time, published by the server's pass (every 10 s).
  await visitor.waitForTimeout(Math.max(0, dueAt - Date.now()));
  await seeWithin(visitor, '/insights', () =>
    soon(visitor.getByRole('heading', { name: scheduledTitle })).toBeVisible(),
  );

  // Door and staff roles cannot publish: the CMS is not theirs, its API answers 403.
  for (const [role, start] of [
    ['door', 'At the door'],
    ['staff', 'Inbox'],
  ]) {
    const colleague = uniqueEmail(`${role}-${width}`);
    await addColleague(admin, colleague, role!);
    const page = await newPage(browser, width);
    await signInByMail(page, DATA_DIR, colleague, '', start);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Content' })).toHaveCount(0);
    await page.goto('/staff/content');
    await expect(page).toHaveURL(/\/staff(\/door)?\?denied=1$/);
    const answer = await page.request.patch(`/staff/content/api/events/${id}`, {
      data: { title: 'Taken over' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(403);
  }
});

test('an editor closes a course: its pages say so, and enrolments from pages opened before are refused, with and without JavaScript, at 1280 and 390 px', async ({
  browser,
}) => {
  // Two sign-ins, a colleague added, two visitors and an editor in the browser, through the split
  // server's front: 37 s to 1.2 minutes in most CI runs, 3.1 minutes once, and over 5 once, on a host
  // loaded by jest and three other workers. Each step it reached is printed, so a slow run says where its
  // time went.
  test.setTimeout(420_000);
  const started = Date.now();
  const reached = (step: string) =>
    console.log(`course journey: ${step} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The staff work at a desk's width; one visitor has the course open on a phone.
  const width = 1280;
  const admin = await newPage(browser, width);
  await signInByMail(admin, DATA_DIR, ADMIN);
  const editorEmail = uniqueEmail(`closer-${width}`);
  await addColleague(admin, editorEmail, 'editor');
  const editor = await newPage(browser, width);
  await signInByMail(editor, DATA_DIR, editorEmail);
  reached('admin and editor signed in');
  // A course of its own, published through the CMS's API: the seeded ones stay as the other tests
  // know them.
  const stamp = Date.now().toString(36);
  const slug = `data-for-newsrooms-${width}-${stamp}`;
  const origin = { origin: new URL(editor.url()).origin };
  const created = await editor.request.post('/staff/content/api/courses', {
    headers: origin,
    data: {
      slug,
      title: `Data for Newsrooms ${width} ${stamp}`,
      cost: '$10',
      weeks: 2,
      isActive: true,
      isPremium: false,
      link: 'https://forms.baobabdata.org/academy-registration',
      pay_link: `https://pay.baobabdata.org/${slug}`,
      img: '/images/courses/data-science.svg',
      intro: 'Finding the story in a table, and checking it before it runs.',
      outcomes: [{ outcome: 'Check a figure against its source' }],
      _status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { doc: { id: number } }).doc.id;
  const path = `/academy/${slug}`;
  const withScript = await newPage(browser, 390);
  try {
    // Two visitors have the course's page open, one of them without JavaScript.
    await seeWithin(withScript, path, () => waitForHydration(withScript, 'Enrol'));
    const withoutScript = await newPage(browser, width, false);
    await withoutScript.goto(path);
    reached("the course open in two visitors' browsers");

    await openInEditor(editor, `/staff/content/collections/courses/${id}`);
    await editor.getByLabel('Open for enrolment').uncheck();
    // Enabled once the form knows of the change; a click on a disabled button would wait for the test's time.
    await expect(editor.getByRole('button', { name: 'Publish changes' })).toBeEnabled();
    await editor.getByRole('button', { name: 'Publish changes' }).click();
    await expect(editor.getByText(/Updated successfully|Published successfully/i).first()).toBeVisible();
    reached('closed in the editor');

    // The pages opened before still show the form: the server refuses. With JavaScript, the form says
    // so in its own words; without, the answer is the course's page as it is now, which says it is
    // closed. Nothing is stored either way.
    for (const [page, answer] of [
      [withScript, 'This course is closed for now, so it takes no enrolments. Nothing was saved.'],
      [withoutScript, 'This course is closed for now: it takes no enrolments.'],
    ] as const) {
      const email = uniqueEmail(`closed-${width}`);
      await fillEnrolment(page, email);
      await page.getByRole('button', { name: 'Enrol' }).click();
      await expect(page.getByText(answer)).toBeVisible();
      expect(storedRecords('enrolment', email, DATA_DIR)).toEqual([]);
    }
    reached('both enrolments refused');

    // The course's page says it is closed, in both languages, without a rebuild.
    const visitor = await newPage(browser, 390);
    await seeWithin(visitor, path, async () => {
      await soon(visitor.getByText('This course is closed for now: it takes no enrolments.')).toBeVisible();
      await soon(visitor.getByRole('button', { name: 'Enrol' })).toHaveCount(0);
    });
    await seeWithin(visitor, `/fr${path}`, () =>
      soon(visitor.getByText(/^Cette formation est fermée pour le moment/)).toBeVisible(),
    );
    reached('closed on its pages in both languages');
  } finally {
    // Deleted by an admin (an editor cannot), taking over the lock the editor's open page holds on it:
    // its page then leads to the academy.
    const deleted = await admin.request.delete(`/staff/content/api/courses/${id}?overrideLock=true`, {
      headers: origin,
    });
    expect(deleted.status()).toBe(200);
  }
  await seeWithin(withScript, path, () => soon(withScript).toHaveURL(/\/academy$/));
  reached('deleted, its page leads to the academy');
});

test('an editor rewrites an insight, a figure, a project and the contact details: the pages showing them change in both languages, a draft only in the preview', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser, 1280);
  await signInByMail(admin, DATA_DIR, ADMIN);
  const editorEmail = uniqueEmail('lists-editor');
  await addColleague(admin, editorEmail, 'editor');
  const editor = await newPage(browser, 1280);
  await signInByMail(editor, DATA_DIR, editorEmail);
  const headers = { origin: new URL(editor.url()).origin };
  const api = '/staff/content/api';
  const first = (
    (await (await editor.request.get(`${api}/insights?sort=_order&limit=1`)).json()) as {
      docs: { id: number; title: string }[];
    }
  ).docs[0]!;
  const figures = (await (await editor.request.get(`${api}/globals/figures`)).json()) as {
    academyStats: { enthusiast: number; fellows: number; countries: number };
  };
  const project = (
    (await (await editor.request.get(`${api}/projects?sort=_order&limit=1`)).json()) as {
      docs: { id: number; title: string }[];
    }
  ).docs[0]!;
  const contact = (await (await editor.request.get(`${api}/globals/contact`)).json()) as {
    phone: string;
    socialLinks: { name: string; href: string }[];
  };
  const stamp = Date.now().toString(36);
  const title = `Reading a census table ${stamp}`;
  const french = `Lire un tableau de recensement ${stamp}`;
  const visitor = await newPage(browser, 1280);
  for (const [locale, text] of [
    ['en', title],
    ['fr', french],
  ]) {
    const saved = await editor.request.patch(`${api}/insights/${first.id}?locale=${locale}`, {
      headers,
      data: { title: text, _status: 'published' },
    });
    expect(saved.status()).toBe(200);
  }
  const fellows = figures.academyStats.fellows + 7;
  const savedFigures = await editor.request.post(`${api}/globals/figures`, {
    headers,
    data: { academyStats: { ...figures.academyStats, fellows } },
  });
  expect(savedFigures.status()).toBe(200);
  // The contact details: in every page's footer, and on the contact page.
  const phone = `+234 1 555 ${String(Date.now() % 10_000).padStart(4, '0')}`;
  const instagram = `https://www.instagram.com/baobab-${stamp}`;
  const savedContact = await editor.request.post(`${api}/globals/contact`, {
    headers,
    data: {
      phone,
      socialLinks: contact.socialLinks.map(({ name, href }) => ({
        name,
        href: /instagram/i.test(name) ? instagram : href,
      })),
    },
  });
  expect(savedContact.status()).toBe(200);
  // A project renamed: its address follows its title, and the old one leads to it.
  const renamed = `Water Point Map ${stamp}`;
  const savedProject = await editor.request.patch(`${api}/projects/${project.id}?locale=en`, {
    headers,
    data: { title: renamed, _status: 'published' },
  });
  expect(savedProject.status()).toBe(200);

  await seeWithin(visitor, '/insights', () => soon(visitor.getByRole('heading', { name: title })).toBeVisible());
  await seeWithin(visitor, '/fr/insights', () => soon(visitor.getByRole('heading', { name: french })).toBeVisible());
  await seeWithin(visitor, '/', () => soon(visitor.getByText(title)).toBeVisible());
  await seeWithin(visitor, '/academy', () =>
    soon(visitor.locator('dl[aria-label="Academy figures"]').getByText(String(fellows), { exact: true })).toBeVisible(),
  );
  await seeWithin(visitor, '/projects', () => soon(visitor.getByRole('link', { name: renamed })).toBeVisible());
  // The old address is a page of its own, made again on the publish like the others: held to the same minute.
  await seeWithin(visitor, `/projects/water-point-watch-${project.id}`, () =>
    soon(visitor).toHaveURL(new RegExp(`/projects/water-point-map-${stamp}-${project.id}$`)),
  );
  await expect(visitor.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  // A page that changes with nothing else: only its footer.
  await seeWithin(visitor, '/terms', () =>
    soon(visitor.getByRole('contentinfo').getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', instagram),
  );
  await seeWithin(visitor, '/fr/contact', () => soon(visitor.getByRole('link', { name: phone })).toBeVisible());

  // A draft: not on the site, only in the editor's preview, under its bar.
  const draft = await editor.request.patch(`${api}/insights/${first.id}?draft=true&locale=en`, {
    headers,
    data: { title: `Draft ${stamp}` },
  });
  expect(draft.status()).toBe(200);
  await visitor.goto('/insights');
  await expect(visitor.getByText(`Draft ${stamp}`)).toHaveCount(0);
  await editor.goto(`/staff/preview?collection=insights&id=${first.id}&locale=en`);
  await expect(editor).toHaveURL(/\/insights$/);
  await expect(editor.getByRole('heading', { name: `Draft ${stamp}` })).toBeVisible();
  await expect(editor.getByRole('complementary', { name: 'Preview' })).toBeVisible();
  await editor.getByRole('link', { name: 'Leave the preview' }).click();
  await expect(editor.getByRole('heading', { name: title })).toBeVisible();

  // The door cannot change the list or the figures.
  const door = uniqueEmail('lists-door');
  await addColleague(admin, door, 'door');
  const doorPage = await newPage(browser, 1280);
  await signInByMail(doorPage, DATA_DIR, door, '', 'At the door');
  for (const [method, path] of [
    ['PATCH', `${api}/insights/${first.id}`],
    ['POST', `${api}/globals/figures`],
    ['POST', `${api}/globals/contact`],
    ['PATCH', `${api}/projects/${project.id}`],
    ['GET', `${api}/globals/contact`],
    ['GET', `${api}/insights`],
  ] as const) {
    const answer = await doorPage.request.fetch(path, { method, headers, data: { title: 'Taken over' } });
    expect([method, path, answer.status()]).toEqual([method, path, 403]);
  }
});
