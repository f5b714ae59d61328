import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { pdfQrCodes, pdfText } from '../helpers/pdf';
import { signInByMail } from './staff-mail';

// Certificates end to end (lib/certificates) on a server of their own: two guests register (one on the
// French page) and are checked in at the door; staff issue attendance certificates in one action; each
// guest gets a mail in their language with the PDF, whose text and QR code are read back; the QR code's
// address shows the right name; the credential is served as JSON; issuing again sends nothing; a revoked
// certificate says so; an unknown code is a 404; and a learner marked completed from a CSV gets a
// certificate of completion.
const STAFF = 'staff@example.org';
const EVENT = 'baobab-data-hackathon-2023';
const EVENT_TITLE = 'Baobab Data Hackathon 2023';
const OFFER = 'become-a-data-analyst';

test.describe.configure({ mode: 'serial' });

let dir: string;
let dataDir: string;
let site: ChildProcess | undefined;
let base: string;
let staff: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-certificates-'));
  dataDir = join(dir, 'data');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  site = startNextServer({
    port,
    env: { DATA_DIR: dataDir, STAFF_EMAILS: STAFF, MAIL_POLL_MS: '200', SITE_URL: base },
  });
  await waitUntilUp(`${base}/api/health`);
  staff = await browser.newPage({ javaScriptEnabled: false });
  await signInByMail(staff, dataDir, STAFF, base);
});

test.afterAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  if (site) await stopServer(site);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The mails sent to `to` so far (the file transport), parsed.
async function mailsTo(to: string): Promise<Email[]> {
  const folder = join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  const found: Email[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(folder, file), 'utf8');
    if (raw.includes(to)) found.push(await PostalMime.parse(raw));
  }
  return found;
}

async function certificateMails(to: string) {
  return (await mailsTo(to)).filter((m) => m.attachments.some((a) => a.mimeType === 'application/pdf'));
}

async function waitForCertificate(to: string): Promise<{ mail: Email; pdf: Uint8Array }> {
  await expect.poll(async () => (await certificateMails(to)).length, { timeout: 15_000 }).toBe(1);
  const mail = (await certificateMails(to))[0]!;
  const attachment = mail.attachments.find((a) => a.mimeType === 'application/pdf')!;
  return { mail, pdf: new Uint8Array(attachment.content as ArrayBuffer) };
}

async function register(
  browser: Browser,
  path: string,
  fields: { fill: Record<string, string>; select?: Record<string, string> },
  button: string,
  answer: string,
) {
  const page = await browser.newPage({ javaScriptEnabled: false });
  await page.goto(`${base}${path}`);
  for (const [label, value] of Object.entries(fields.fill)) await page.getByLabel(label, { exact: true }).fill(value);
  for (const [label, value] of Object.entries(fields.select ?? {})) await page.getByLabel(label).selectOption(value);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText(answer)).toBeVisible();
  await page.close();
}

const codeOf = (text: string) => /\/verify\/([0-9A-Z]{16})\b/.exec(text)?.[1] ?? null;

test('staff check two guests in and issue their certificates: each gets the PDF in their language', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await register(
    browser,
    `/events/${EVENT}`,
    { fill: { 'First name': 'Zoë', 'Last name': 'N’Diaye', Email: 'zoe.cert@example.org' } },
    'Register',
    'Continue your registration',
  );
  await register(
    browser,
    `/fr/events/${EVENT}`,
    { fill: { Prénom: 'Ọlábísí', 'Nom de famille': 'Adéyẹmí', 'E-mail': 'olabisi.cert@example.org' } },
    'S’inscrire',
    'Poursuivez votre inscription',
  );
  await staff.goto(`${base}/staff/check-in/${EVENT}`);
  await staff.getByRole('button', { name: 'Check in: Zoë N’Diaye' }).click();
  await staff.getByRole('button', { name: 'Check in: Ọlábísí Adéyẹmí' }).click();

  await staff.goto(`${base}/staff/certificates/user/${EVENT}`);
  await staff.getByRole('button', { name: 'Issue to everyone eligible (2)' }).click();
  await expect(staff.getByRole('status')).toHaveText('Issued 2, already held 0, not eligible 0.');

  const english = await waitForCertificate('zoe.cert@example.org');
  const englishText = await pdfText(english.pdf);
  const code = codeOf(english.mail.text ?? '')!;
  expect(code).toMatch(/^[0-9A-Z]{16}$/);
  expect(englishText).toContain('Certificate of attendance');
  expect(englishText).toContain('Zoë N’Diaye');
  expect(englishText).toContain(EVENT_TITLE);
  expect(englishText).toContain(code.match(/.{4}/g)!.join('-'));
  expect(english.mail.subject).toBe(`Your certificate: ${EVENT_TITLE}`);
  const linkedIn = new URL(/https:\/\/www\.linkedin\.com\/profile\/add\?[^\s"<>]+/.exec(english.mail.text!)![0]);
  expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
    startTask: 'CERTIFICATION_NAME',
    name: EVENT_TITLE,
    organizationName: 'Baobab Data',
    certId: code,
    certUrl: `${base}/verify/${code}`,
  });

  const french = await waitForCertificate('olabisi.cert@example.org');
  const frenchText = await pdfText(french.pdf);
  const frenchCode = codeOf(french.mail.text ?? '')!;
  expect(frenchText).toContain('Attestation de participation');
  expect(frenchText).toContain('Ọlábísí Adéyẹmí');
  expect(frenchText).toContain(frenchCode.match(/.{4}/g)!.join('-'));
  expect(french.mail.subject).toMatch(/^Votre certificat/);

  // The QR code in the PDF is the verification address, which shows the right name.
  const [qr] = await pdfQrCodes(french.pdf);
  expect(qr).toBe(`${base}/fr/verify/${frenchCode}`);
  const visitor = await browser.newPage({ javaScriptEnabled: false });
  const answer = await visitor.goto(qr!);
  expect(answer?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'Ce certificat est valide' })).toBeVisible();
  await expect(visitor.getByRole('cell', { name: 'Ọlábísí Adéyẹmí' })).toBeVisible();
  await expect(visitor.getByText('zoe.cert@example.org')).toHaveCount(0);
  await expect(visitor.getByText('olabisi.cert@example.org')).toHaveCount(0);

  // The machine-readable form, an Open Badges 3.0 credential.
  const json = await visitor.request.get(`${base}/verify/${code}.json`);
  expect(json.status()).toBe(200);
  const credential = await json.json();
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(credential.credentialSubject.achievement.name).toBe(EVENT_TITLE);
  expect(credential.credentialSubject.identifier[0].identityHash).toBe('Zoë N’Diaye');
  expect(JSON.stringify(credential)).not.toContain('@example.org');

  // The mail's link downloads the same certificate again.
  const download = /https?:\/\/[^\s"<>]+\/api\/certificates\/download\?t=[\w.~%-]+/.exec(english.mail.text!)![0];
  const again = await visitor.request.get(download.replace(/^https?:\/\/[^/]+/, base));
  expect(again.status()).toBe(200);
  expect(again.headers()['content-type']).toBe('application/pdf');
  expect(await pdfText(new Uint8Array(await again.body()))).toContain('Zoë N’Diaye');
  await visitor.close();
});

test('a second issue sends nothing', async () => {
  await staff.goto(`${base}/staff/certificates/user/${EVENT}`);
  await staff.getByRole('button', { name: 'Issue to everyone eligible (2)' }).click();
  await expect(staff.getByRole('status')).toHaveText('Issued 0, already held 2, not eligible 0.');
  // The worker polls every 200 ms: two seconds leave it ten passes to send anything queued.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await certificateMails('zoe.cert@example.org')).toHaveLength(1);
  expect(await certificateMails('olabisi.cert@example.org')).toHaveLength(1);
});

test('a revoked certificate’s page says it was revoked, and when', async ({ browser }) => {
  const code = codeOf((await certificateMails('zoe.cert@example.org'))[0]!.text ?? '')!;
  await staff.goto(`${base}/staff/certificates/user/${EVENT}`);
  // Her row, wherever the list puts it: the rows of two guests checked in the same minute come in
  // either order.
  const row = staff.getByRole('listitem').filter({ hasText: 'zoe.cert@example.org' });
  await row.getByLabel(`Reason for revoking ${code.match(/.{4}/g)!.join('-')}`).fill('Issued by mistake');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(staff.getByRole('status')).toHaveText(`Revoked ${code}.`);
  const visitor = await browser.newPage({ javaScriptEnabled: false });
  const answer = await visitor.goto(`${base}/verify/${code}`);
  expect(answer?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'This certificate was revoked' })).toBeVisible();
  await expect(visitor.getByText(/It was revoked on \d{1,2} \w+ \d{4} and is no longer valid\./)).toBeVisible();
  await expect(visitor.getByText('Zoë N’Diaye')).toHaveCount(0);
  expect((await visitor.request.get(`${base}/verify/${code}.json`)).status()).toBe(410);
  await visitor.close();
});

test('an unknown code gets a clear “not found” with a 404 in each language, without JavaScript too', async ({
  browser,
}) => {
  for (const javaScriptEnabled of [false, true]) {
    const visitor = await browser.newPage({ javaScriptEnabled });
    expect((await visitor.goto(`${base}/verify/0000000000000000`))?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'No certificate has this code' })).toBeVisible();
    // Never indexed (Next adds its own noindex line to a 404 beside the page's).
    expect(await visitor.locator('meta[name="robots"][content*="noindex"]').count()).toBeGreaterThan(0);
    expect((await visitor.goto(`${base}/fr/verify/not-a-code`))?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'Aucun certificat ne porte ce code' })).toBeVisible();
    await visitor.close();
  }
  const page = await browser.newPage();
  expect((await page.request.get(`${base}/verify/0000000000000000.json`)).status()).toBe(404);
  await page.close();
});

test('a learner marked completed from a CSV gets a certificate of completion', async ({ browser }) => {
  test.setTimeout(90_000);
  await register(
    browser,
    `/offers/${OFFER}`,
    {
      fill: {
        'First name': 'Kwame',
        'Last name': 'Mensah',
        Email: 'kwame.cert@example.org',
        Occupation: 'Analyst',
        Country: 'Ghana',
      },
      select: { Gender: 'male', 'Highest degree': 'bachelor' },
    },
    'Save My Spot',
    'Your Spot has been Reserved',
  );
  await staff.goto(`${base}/staff/certificates/offer/${OFFER}`);
  await staff.getByLabel('Or paste a CSV of their addresses').fill('name,email\nKwame Mensah,KWAME.cert@example.org\n');
  await staff.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(staff.getByRole('status')).toHaveText('Marked 1 as completed. Addresses that are no learner here: 0.');
  await staff.getByRole('button', { name: 'Issue to everyone eligible (1)' }).click();
  await expect(staff.getByRole('status')).toHaveText('Issued 1, already held 0, not eligible 0.');
  const { pdf } = await waitForCertificate('kwame.cert@example.org');
  const text = await pdfText(pdf);
  expect(text).toContain('Certificate of completion');
  expect(text).toContain('Kwame Mensah');
  expect(text).toContain('Become a Data Analyst');
});

// Every new route with every role: nobody signed in, the door, an editor, staff and an admin. The pages
// answer with the page, or send the person where their role starts (or to the sign-in); the posts answer
// 303 when the role may (and the post's own outcome follows), 403 when it may not, and a sign-in for
// nobody. Cross-site posts are refused before anything is read. The public addresses answer everyone.
test('every role on every new route, and cross-site posts', async ({ browser }) => {
  test.setTimeout(180_000);
  const roles = { door: 'door.cert@example.org', editor: 'editor.cert@example.org', staff: 'staff2.cert@example.org' };
  for (const [role, email] of Object.entries(roles)) {
    const added = await staff.request.post(`${base}/staff/api/team-set`, {
      form: { email, role },
      headers: { origin: base },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
  }
  const pages: Record<string, Page | null> = { none: null, admin: staff };
  const headings = { door: 'At the door', editor: 'Inbox', staff: 'Inbox' };
  for (const [role, email] of Object.entries(roles)) {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signInByMail(page, dataDir, email, base, headings[role as keyof typeof headings]);
    pages[role] = page;
  }
  const anonymous = await browser.newPage({ javaScriptEnabled: false });
  const code = (await staff.request.get(`${base}/staff/certificates/user/${EVENT}`).then((r) => r.text())).match(
    /\/verify\/([0-9A-Z]{16})/,
  )![1]!;
  const may = { none: false, door: false, editor: false, staff: true, admin: true };
  const seesAttendance = { none: false, door: true, editor: true, staff: true, admin: true };
  for (const [role, page] of Object.entries(pages) as [keyof typeof may, Page | null][]) {
    const request = (page ?? anonymous).request;
    const open = async (path: string) => {
      const answer = await request.get(`${base}${path}`, { maxRedirects: 0 });
      return { status: answer.status(), location: answer.headers().location ?? '' };
    };
    const event = await open(`/staff/certificates/user/${EVENT}`);
    expect(event.status, `${role}: the event's certificates`).toBe(seesAttendance[role] ? 200 : 307);
    const offer = await open(`/staff/certificates/offer/${OFFER}`);
    expect(offer.status, `${role}: the offer's certificates`).toBe(may[role] ? 200 : 307);
    if (!may[role]) expect(offer.location).toMatch(role === 'none' ? /\/staff\/sign-in$/ : /denied=1$/);
    if (seesAttendance[role] && !may[role]) {
      const html = await request.get(`${base}/staff/certificates/user/${EVENT}`).then((r) => r.text());
      expect(html, `${role} sees no issuing form`).not.toContain('/staff/api/certificate-issue');
    }
    const posts: [string, Record<string, string>][] = [
      ['certificate-issue', { collection: 'user', item: EVENT, scope: 'all' }],
      ['certificate-complete', { collection: 'offer', item: OFFER, csv: 'nobody.cert@example.org' }],
      ['certificate-revoke', { code: '0000000000000000', reason: 'role check' }],
      ['certificate-reissue', { code: '0000000000000000', name: 'Role Check' }],
    ];
    for (const [action, form] of posts) {
      const answer = await request.post(`${base}/staff/api/${action}`, {
        form,
        headers: { origin: base },
        maxRedirects: 0,
      });
      const expected = role === 'none' ? 303 : may[role] ? [303, 404] : 403;
      if (Array.isArray(expected)) expect(expected, `${role}: ${action}`).toContain(answer.status());
      else expect(answer.status(), `${role}: ${action}`).toBe(expected);
      if (role === 'none') expect(answer.headers().location).toBe('/staff/sign-in');
      // From another site, with the session: refused before anything is read.
      const forgeries: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of forgeries) {
        const forged = await request.post(`${base}/staff/api/${action}`, { form, headers, maxRedirects: 0 });
        expect(forged.status(), `${role}: cross-site ${action}`).toBe(403);
      }
    }
    // The public addresses are the same for everyone.
    expect((await request.get(`${base}/verify/${code}`)).status()).toBe(200);
    expect((await request.get(`${base}/fr/verify/${code}.json`)).status()).toBe(200);
    expect((await request.get(`${base}/api/certificates/download?t=forged`)).status()).toBe(404);
  }
  // Nothing the refused posts asked for was done: the trail has none of these actions by them, while the
  // same filter finds the admin's. An entry is a row whose "Who" cell names them (the address is in the
  // page twice besides: the filter's field, and the same field in the page's payload for scripts).
  const entries = async (who: string, what: string) => {
    const html = await staff.request.get(`${base}/staff/audit?${new URLSearchParams({ who, what })}`);
    return (await html.text()).split(`<td data-label="Who">${who}</td>`).length - 1;
  };
  expect(await entries(STAFF, 'certificate-issue')).toBeGreaterThan(0);
  for (const who of [roles.door, roles.editor]) {
    for (const what of ['certificate-issue', 'certificate-revoke', 'certificate-reissue', 'completed']) {
      expect(await entries(who, what), `${who} ${what}`).toBe(0);
    }
  }
});

// What a browser can fetch holds nothing of the PDF library or its font, and the verification page
// loads no script of its own: the same scripts as another page without a client component.
test('the PDF library never reaches a browser, and the verification page adds no script', async ({ browser }) => {
  const markers = ['FlateDecode', 'pdf-lib', 'fontkit', 'DejaVu'];
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  const scripts = walk(join('.next', 'static')).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const text = readFileSync(file, 'utf8');
    for (const marker of markers) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
  }
  const page = await browser.newPage();
  const loaded = async (path: string) => {
    const sources = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') sources.add(new URL(r.url()).pathname);
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    page.removeAllListeners('request');
    return [...sources].filter((s) => !/\/app\/\[lang\]\/(verify|privacy)\//.test(decodeURIComponent(s))).sort();
  };
  const code = (await staff.request.get(`${base}/staff/certificates/user/${EVENT}`).then((r) => r.text())).match(
    /\/verify\/([0-9A-Z]{16})/,
  )![1]!;
  expect(await loaded(`/verify/${code}`)).toEqual(await loaded('/privacy'));
  await page.close();
});

// The verification page and the staff's list at a desk's and a phone's width, in both languages, kept
// with the test's output to be looked at; nothing may stick out sideways.
test('the verification page and the staff list fit a desk and a phone, in English and French', async ({ browser }) => {
  test.setTimeout(90_000);
  const code = (await staff.request.get(`${base}/staff/certificates/user/${EVENT}`).then((r) => r.text())).match(
    /\/verify\/([0-9A-Z]{16})/,
  )![1]!;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await staff.context().storageState(),
  });
  const page = await context.newPage();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ['verify-en', `/verify/${code}`],
      ['verify-fr', `/fr/verify/${code}`],
      ['unknown-fr', '/fr/verify/0000000000000000'],
      ['staff-list', `/staff/certificates/user/${EVENT}`],
      ['staff-offer', `/staff/certificates/offer/${OFFER}`],
    ]) {
      await page.goto(`${base}${path}`);
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
  await context.close();
});
