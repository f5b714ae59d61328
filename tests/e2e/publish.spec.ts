import { expect, test, type Browser, type Page } from '@playwright/test';

import { signInByMail } from './staff-mail';
import { storedRecords, uniqueEmail, waitForHydration } from './store';

// Staff publish the programme (issue 30, docs/staff.md "Content"): an editor, signed in by the
// workspace's mailed link (no second password), creates an event in the CMS in both languages and
// publishes it; within 60 seconds, with no rebuild, it is on /events, its own page, Home and /fr, and a
// visitor registers for it; renamed, it keeps its address and its registrations. Door and staff roles
// cannot publish. Not yet here (issue 30): an uploaded image (images are paths under public/images), a
// draft's preview, the registration on the staff's item list (the workspace's item filter still reads
// data/), closing a course from the CMS.
const DATA_DIR = 'var/e2e';
const ADMIN = 'staff@example.org';
const LIVE_WITHIN = 60_000;

async function newPage(browser: Browser, width: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
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

// Reloads `path` until `check` passes, for at most LIVE_WITHIN.
async function seeWithin(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: LIVE_WITHIN, intervals: [1000, 2000, 5000] });
}

for (const width of [1280, 390]) {
  test(`an editor publishes an event in both languages and it is live without a rebuild, at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const admin = await newPage(browser, width);
    await signInByMail(admin, DATA_DIR, ADMIN);
    const editorEmail = uniqueEmail(`editor-${width}`);
    await addColleague(admin, editorEmail, 'editor');
    const editor = await newPage(browser, width);
    await signInByMail(editor, DATA_DIR, editorEmail);

    // The workspace's session opens the CMS from its own section: no other sign-in.
    await editor.getByRole('navigation').getByRole('link', { name: 'Content' }).click();
    await expect(editor).toHaveURL(/\/staff\/content$/);
    // Named afresh each run: the test's database keeps what earlier runs published.
    const stamp = Date.now().toString(36);
    const slug = `data-day-${width}-${stamp}`;
    const title = `Data Day ${width} ${stamp}`;
    await editor.goto('/staff/content/collections/events/create');
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
    await editor.getByLabel('Image').fill('/images/events/hackathon-2023.svg');
    await editor.getByLabel('Logo').fill('/images/partners/savanna-labs.svg');
    await editor.getByLabel('Name').fill('Savanna Labs');
    await editor.getByLabel('Registration Link').fill('https://events.baobabdata.org/data-day/register');
    await editor.getByRole('button', { name: 'Publish changes' }).click();
    await expect(editor).toHaveURL(/\/staff\/content\/collections\/events\/\d+/);
    const id = editor.url().match(/events\/(\d+)/)![1];

    // The French texts, in the same document.
    await editor.goto(`/staff/content/collections/events/${id}?locale=fr`);
    await editor.getByLabel('Title').fill(`Journée des données ${width} ${stamp}`);
    await editor.getByLabel('In Sentence').fill(`la Journée des données ${width} ${stamp}`);
    await editor.getByLabel('Dates').fill('15 avril 2023');
    await editor.getByLabel('Tagline').fill('Une journée de données ouvertes, à Accra.');
    await editor.getByLabel('Description').fill('Des exposés le matin, des ateliers l’après-midi.');
    await editor.getByLabel('Location').fill('Accra (Ghana)');
    await editor.getByRole('button', { name: 'Publish changes' }).click();
    await expect(editor.getByText(/Updated successfully|Published successfully/i).first()).toBeVisible();

    // Live for visitors, in both languages, without a rebuild.
    const visitor = await newPage(browser, width);
    await seeWithin(visitor, '/events', () => expect(visitor.getByRole('link', { name: title })).toBeVisible());
    await seeWithin(visitor, `/events/${slug}`, () =>
      expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible(),
    );
    await seeWithin(visitor, '/', () => expect(visitor.getByRole('link', { name: title })).toBeVisible());
    await seeWithin(visitor, `/fr/events/${slug}`, () =>
      expect(visitor.getByRole('heading', { level: 1, name: `Journée des données ${width} ${stamp}` })).toBeVisible(),
    );

    // A visitor registers for it.
    await visitor.goto(`/events/${slug}`);
    await waitForHydration(visitor, 'Register');
    const email = uniqueEmail(`publish-${width}`);
    await visitor.getByLabel('First name').fill('Ama');
    await visitor.getByLabel('Last name').fill('Owusu');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(visitor.getByText('Continue your registration')).toBeVisible();
    expect(storedRecords('user', email)).toEqual([expect.objectContaining({ event: slug })]);

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
    await editor.goto(`/staff/content/collections/events/${id}?locale=en`);
    await editor.getByLabel('Title').fill(`${title} (renamed)`);
    await editor.getByRole('button', { name: 'Publish changes' }).click();
    await expect(editor.getByText(/Updated successfully|Published successfully/i).first()).toBeVisible();
    await seeWithin(visitor, `/events/${slug}`, () =>
      expect(visitor.getByRole('heading', { level: 1, name: `${title} (renamed)` })).toBeVisible(),
    );
    expect(storedRecords('user', email)).toEqual([expect.objectContaining({ event: slug })]);
    // Its list keeps its registration, under the new name.
    await admin.goto(`/staff/items/user/${slug}`);
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Event registration: ${title} (renamed)`);
    await expect(admin.getByText(email)).toBeVisible();

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
}
