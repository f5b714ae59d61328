import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { signInByMail } from './staff-mail';
import { stubExternalPages, waitForHydration } from './store';

// The event day on a phone (390 px), as issue 33 tells it: the hackathon filled with SITE_CAPACITY=2
// while staff watch the places taken rise on its item page, the last place taken without JavaScript,
// the forms opened before it filled refused with and without JavaScript, the waiting list joined, a
// place given back from the confirmation's link, the freed place claimed from the offer's mail, one guest
// checked in by scanning the QR code of their mail with the camera (Chromium's fake camera fed with that
// image), and another by name while the phone is offline, sent once it is back. Its server serves a
// private copy of the build: taking the last place has the server make the calendar pages again, as
// full, into its build folder (scripts/lib/next-server.mjs).
const STAFF = 'staff@example.org';
const EVENT = 'baobab-data-hackathon-2023';
const PHONE = { width: 390, height: 844 };
const FULL_REFUSAL =
  'Every place for this event is now taken, so nothing was saved. You can join the waiting list with the button below.';

test.describe.configure({ mode: 'serial' });

let dir: string;
let dataDir: string;
let site: ChildProcess | undefined;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-event-day-'));
  dataDir = join(dir, 'data');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  site = startNextServer({
    port,
    root: privateBuild(dir),
    env: {
      DATA_DIR: dataDir,
      SITE_CAPACITY: '2',
      // One place of two left is under this share: the page says so.
      PLACES_LEFT_SHARE: '60',
      STAFF_EMAILS: STAFF,
      MAIL_POLL_MS: '200',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  await waitUntilUp(`${base}/api/health`);
});

test.afterAll(async () => {
  // The server finishes its periodic passes before it exits (up to its 10 s grace): on a loaded
  // machine that passed the hook's default 30 s once.
  test.setTimeout(60_000);
  if (site) await stopServer(site);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The mails the file transport wrote to `to` (newest last), quoted-printable soft breaks undone.
function mailsTo(to: string): string[] {
  const folder = join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(folder, f), 'utf8'))
    .filter((text) => new RegExp(`^To: ${to.replace(/[.@]/g, '\\$&')}$`, 'mi').test(text));
}
const unfolded = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

// The raw mail to `to` whose text (soft breaks undone) matches `pattern`.
async function mailWith(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => (found = mailsTo(to).find((m) => pattern.test(unfolded(m)))), { timeout: 20_000 })
    .toBeDefined();
  return found!;
}

// A link of the site in a mail, as a path.
function linkIn(mail: string, path: string): string {
  const url = unfolded(mail).match(new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}\\?t=[\\w.-]+`))![0];
  return new URL(url).pathname + new URL(url).search;
}

// The check-in QR code attached to a mail, as a PNG.
function qrPngIn(mail: string): Buffer {
  const part = mail.split(/\r?\n--/).find((p) => /filename="?check-in\.png/.test(p))!;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

// The site's QR PNGs are one-bit greyscale without filtering (lib/places/qr.ts): read back as pixels.
function pngPixels(png: Buffer): { width: number; height: number; dark: (x: number, y: number) => boolean } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'IDAT') data.push(body);
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const rowBytes = Math.ceil(width / 8) + 1;
  return {
    width,
    height,
    dark: (x, y) => (raw[y * rowBytes + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0,
  };
}

// A Y4M video (what Chromium's fake camera plays) of the code in the middle of a white frame.
function y4mOf(png: Buffer, file: string) {
  const qr = pngPixels(png);
  const [width, height] = [640, 480];
  const luma = Buffer.alloc(width * height, 255);
  const left = (width - qr.width) / 2;
  const top = (height - qr.height) / 2;
  for (let y = 0; y < qr.height; y++) {
    for (let x = 0; x < qr.width; x++) if (qr.dark(x, y)) luma[(top + y) * width + left + x] = 0;
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

async function phone(browser: Browser, javaScript = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: javaScript });
  await stubExternalPages(context);
  return { context, page: await context.newPage() };
}

// The event page with its form filled in for `name`, not yet sent.
async function fill(page: Page, name: string, javaScript: boolean, button = 'Register') {
  await page.goto(`${base}/events/${EVENT}`);
  if (javaScript) await waitForHydration(page, button);
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.org`);
}

async function register(page: Page, name: string, javaScript: boolean, button = 'Register') {
  await fill(page, name, javaScript, button);
  await page.getByRole('button', { name: button }).click();
}

// What staff see on the event's item page: who registered, and the places taken of the two.
async function seePlaces(staff: Page, registered: number, taken: number) {
  await staff.goto(`${base}/staff/items/user/${EVENT}`);
  await expect(staff.getByText(`${registered} registered`)).toBeVisible();
  await expect(staff.getByText(`${taken} of 2 places taken`)).toBeVisible();
}

test('an event fills, its waiting list takes a place given back, and guests are checked in at the door', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // 0. Staff follow the places on the event's item page; every offer has the same two, a course none.
  const staff = await phone(browser);
  await signInByMail(staff.page, dataDir, STAFF, base);
  await seePlaces(staff.page, 0, 0);
  await staff.page.goto(`${base}/staff/items/offer/become-a-data-analyst`);
  await expect(staff.page.getByText('0 of 2 places taken')).toBeVisible();
  await staff.page.goto(`${base}/staff/items/enrolment/Data%20Analysis%20with%20Python`);
  await expect(staff.page.getByText('0 registered')).toBeVisible();
  await expect(staff.page.getByText(/places taken/)).toHaveCount(0);
  // Two visitors open the page while places remain, and send their forms only after the last is gone.
  const lateWithScript = await phone(browser);
  await fill(lateWithScript.page, 'Late', true);
  const lateWithout = await phone(browser, false);
  await fill(lateWithout.page, 'Later', false);

  // 1. The event fills: the first with JavaScript, the last place without, each answered with success,
  // and staff see the places taken rise with each.
  const amara = await phone(browser);
  await register(amara.page, 'Amara', true);
  await expect(amara.page.getByText('Your place is booked')).toBeVisible();
  await seePlaces(staff.page, 1, 1);
  const bola = await phone(browser, false);
  await bola.page.goto(`${base}/events/${EVENT}`);
  await expect(bola.page.getByText('Only 1 place left.')).toBeVisible();
  await register(bola.page, 'Bola', false);
  await expect(bola.page.getByText('Your place is booked')).toBeVisible();
  // The last place's answer says one thing: the page made again as full shows nothing of the waiting list.
  await expect(bola.page.getByText(/Every place is taken|waiting list/)).toHaveCount(0);
  await expect(bola.page.getByRole('button', { name: 'Join the waiting list' })).toHaveCount(0);
  await seePlaces(staff.page, 2, 2);

  // With or without JavaScript, a form opened before the event filled says why it was refused, and now
  // asks for the waiting list; nothing was taken, and the events list says the event is full.
  await lateWithScript.page.getByRole('button', { name: 'Register' }).click();
  await expect(lateWithScript.page.getByRole('status')).toHaveText(FULL_REFUSAL);
  await expect(lateWithScript.page.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await lateWithout.page.getByRole('button', { name: 'Register' }).click();
  await expect(lateWithout.page.getByText(FULL_REFUSAL)).toBeVisible();
  await expect(lateWithout.page.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await expect(lateWithout.page.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await seePlaces(staff.page, 2, 2);
  await expect(staff.page.getByRole('link', { name: /^(Amara|Bola) Guest$/ })).toHaveCount(2);
  await bola.page.goto(`${base}/events`);
  await expect(bola.page.getByRole('listitem').filter({ hasText: 'Baobab Data Hackathon 2023' })).toContainText('Full');

  // 2. The page is full: its form asks for the waiting list, and whoever joins is told their position.
  const chidi = await phone(browser, false);
  await chidi.page.goto(`${base}/events/${EVENT}`);
  await expect(chidi.page.getByText('Every place is taken. Join the waiting list')).toBeVisible();
  await register(chidi.page, 'Chidi', false, 'Join the waiting list');
  await expect(chidi.page.getByText('You are on the waiting list')).toBeVisible();
  await expect(chidi.page.getByText('You are number 1 on the waiting list.')).toBeVisible();
  await mailWith('chidi@example.org', /Leave the waiting list/);

  // A form of a page from another build (its action unknown to this one, as after a deploy) gets its
  // form's own words, not Next's bare 409: the browser is sent on with its post to the form's route,
  // which answers as a page. The post is the French page's own, its action id replaced on the way (and,
  // to be refused, without the waiting list's field).
  const late = await phone(browser, false);
  await late.context.route(`**/fr/events/${EVENT}`, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = request
      .postDataBuffer()!
      .toString('latin1')
      .replace(/("id":")[^"]+/, `$1${'7f'.padEnd(42, '9')}`)
      .replace(/--[^\r\n]+\r\nContent-Disposition: form-data; name="waitlist"\r\n\r\n1\r\n/, '');
    await route.continue({ postData: Buffer.from(body, 'latin1') });
  });
  await late.page.goto(`${base}/fr/events/${EVENT}`);
  await late.page.getByLabel('Prénom').fill('Dayo');
  await late.page.getByLabel('Nom de famille').fill('Guest');
  await late.page.getByLabel('E-mail').fill('dayo@example.org');
  await late.page.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(late.page.getByRole('status')).toContainText(
    'Toutes les places de cet événement viennent d’être prises',
  );
  await expect(late.page.getByRole('link', { name: 'Revenir à la page' })).toHaveAttribute(
    'href',
    `/fr/events/${EVENT}`,
  );

  // 3. Amara can't come: the confirmation's link opens a page whose button gives the place back.
  const amaraMail = await mailWith('amara@example.org', /Check-in code/);
  await amara.page.goto(`${base}${linkIn(amaraMail, '/places/cancel')}`);
  await expect(amara.page.getByRole('heading', { name: 'Give back your place' })).toBeVisible();
  await amara.page.getByRole('button', { name: 'Give my place back' }).click();
  await expect(amara.page.getByRole('heading', { name: 'Your place is given back' })).toBeVisible();

  // 4. The freed place is offered to Chidi by mail, and claimed from its link.
  const offer = await mailWith('chidi@example.org', /A place is free for you/);
  await chidi.page.goto(`${base}${linkIn(offer, '/places/claim')}`);
  await chidi.page.getByRole('button', { name: 'Take my place' }).click();
  await expect(chidi.page.getByRole('heading', { name: 'The place is yours' })).toBeVisible();
  const chidiMail = await mailWith('chidi@example.org', /You're registered[\s\S]*Check-in code/);

  // Staff see who cancelled, and the waiting list emptied.
  await staff.page.goto(`${base}/staff/items/user/${EVENT}`);
  await expect(staff.page.getByText(/Cancelled on/)).toBeVisible();
  await expect(staff.page.getByText('Nobody is waiting.')).toBeVisible();

  // 5. At the door, a phone's camera reads the QR code of Chidi's mail.
  const video = join(dir, 'qr.y4m');
  y4mOf(qrPngIn(chidiMail), video);
  const withCamera = await chromium.launch({
    // The browser the tests run (playwright.config.ts), started again with a camera.
    executablePath: test.info().project.use.launchOptions?.executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const door = await withCamera.newContext({ viewport: PHONE, storageState: await staff.context.storageState() });
    await door.grantPermissions(['camera'], { origin: base });
    const page = await door.newPage();
    await page.goto(`${base}/staff/check-in/${EVENT}`);
    await expect(page.getByTestId('counts')).toHaveText('0 of 2 checked in');
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    await expect(page.getByRole('status')).toContainText('Checked in: Chidi Guest', { timeout: 20_000 });
    await expect(page.getByTestId('counts')).toHaveText('1 of 2 checked in');
    // The same code again, a little later: said to be in already, with when and by whom.
    await expect(page.getByRole('status')).toContainText(/Already checked in at \d\d:\d\d by staff@example\.org/, {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Stop scanning' }).click();

    // 6. Offline, Bola is found by name and checked in on the phone; sent once the network is back.
    await door.setOffline(true);
    await page.getByLabel('Name or code').fill('bola');
    await page.getByRole('button', { name: 'Check in: Bola Guest' }).click();
    await expect(page.getByRole('status')).toContainText('Saved on this phone: 1 to send');
    await expect(page.getByTestId('counts')).toHaveText('2 of 2 checked in');
    await door.setOffline(false);
    await expect(page.getByRole('status')).not.toContainText('Saved on this phone', { timeout: 20_000 });
    // What the server keeps: reloaded, both are in, each once.
    await page.reload();
    await expect(page.getByTestId('counts')).toHaveText('2 of 2 checked in');
    await expect(page.getByText(/Checked in at \d\d:\d\d by staff@example\.org/)).toHaveCount(2);
    await door.close();
  } finally {
    await withCamera.close();
  }

  // The staff's list says who is in, and the audit trail has each check-in once.
  await staff.page.goto(`${base}/staff/audit`);
  // The entries' cells, not the action filter's option of the same words.
  await expect(staff.page.getByRole('cell', { name: 'Checked a guest in' })).toHaveCount(2);
});
