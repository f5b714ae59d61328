import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { startFirestoreEmulator } from '../helpers/firestore-emulator';
import { signInByMail, waitForSignInPath } from './staff-mail';

// The journey end to end, through docs/deploy/nginx.conf, on Firestore: a registration made on
// the public page, sign-in by the mailed link, the inbox filtered to the event, handled, its XLSX
// downloaded and opened by LibreOffice, sign-out; then the address is removed from STAFF_EMAILS and its
// session ends at the next request. Without JavaScript: the workspace is plain forms and links. On
// SQLite the same journey is the shared site's (staff.spec.ts, team.spec.ts), and a session ended by
// STAFF_EMAILS is tests/integration/staff-sessions.test.ts: run here again, it cost a minute of CI.
const STAFF = 'staff@example.org';
const EVENT = 'Baobab Data Hackathon 2023';
const soffice = process.env.SOFFICE_PATH || '/usr/bin/soffice';

test.use({ javaScriptEnabled: false });

for (const kind of ['firestore'] as const) {
  test.describe(`the staff journey on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' });
    let dir: string;
    let dataDir: string;
    let site: ChildProcess | undefined;
    let nginx: ChildProcess | undefined;
    let emulator: { host: string; stop: () => void } | undefined;
    let sitePort: number;
    let proxied: string;
    let storeEnv: Record<string, string> = {};

    async function startSite(staffEmails: string) {
      site = startNextServer({
        port: sitePort,
        env: {
          DATA_DIR: dataDir,
          TRUSTED_PROXY_HOPS: '1',
          STAFF_EMAILS: staffEmails,
          MAIL_POLL_MS: '200',
          ...storeEnv,
        },
      });
      await waitUntilUp(`http://127.0.0.1:${sitePort}/api/health`);
    }

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      dir = mkdtempSync(join(tmpdir(), `baobab-staff-${kind}-`));
      dataDir = join(dir, 'data');
      if (kind === 'firestore') {
        emulator = await startFirestoreEmulator();
        storeEnv = {
          STORE: 'firestore',
          FIRESTORE_PROJECT_ID: `staff-${process.pid}`,
          FIRESTORE_EMULATOR_HOST: emulator.host,
          METADATA_SERVER_DETECTION: 'none',
        };
      }
      const proxyPort = await freePort();
      sitePort = await freePort();
      await startSite(STAFF);
      nginx = startNginx({ port: proxyPort, upstreamPort: sitePort, dir });
      proxied = `http://127.0.0.1:${proxyPort}`;
      await waitUntilUp(`${proxied}/api/health`, { timeoutMs: 10_000 });
    });

    test.afterAll(async () => {
      if (nginx) await stopServer(nginx);
      if (site) await stopServer(site);
      await emulator?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    async function signIn(page: Page, address = STAFF) {
      await page.goto(`${proxied}/staff`);
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      await signInByMail(page, dataDir, address, proxied);
    }

    test('register, sign in, filter, handle, download the XLSX, open it, sign out', async ({ page }) => {
      test.setTimeout(90_000);
      const email = `amara.${kind}.${Date.now()}@example.org`;
      await page.goto(`${proxied}/events/baobab-data-hackathon-2023`);
      await page.getByLabel('First name').fill('Amara');
      await page.getByLabel('Last name').fill('Okafor');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('Continue your registration')).toBeVisible();
      await page.goto(`${proxied}/contact`);
      await page.getByLabel('Name').fill('Kofi Mensah');
      await page.getByLabel('Email').fill(`kofi.${Date.now()}@example.org`);
      await page.getByLabel('Message', { exact: true }).fill('Hello, a question about the hackathon.');
      await page.getByRole('button', { name: 'Send message' }).click();

      await signIn(page);
      await expect(page.getByRole('link', { name: /Kofi Mensah · Contact message/ })).toBeVisible();
      await page.getByLabel('Course, event or offer').selectOption({ label: `Event registration: ${EVENT}` });
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('link', { name: /Kofi Mensah/ })).toHaveCount(0);
      const row = page.getByRole('link', { name: `Amara Okafor · Event registration · ${EVENT}` });
      await row.click();
      await page.getByRole('button', { name: 'Mark as handled', exact: true }).click();
      await expect(page.getByText(`Status last changed by ${STAFF}`)).toBeVisible();

      await page.goto(`${proxied}/staff?item=user%3Abaobab-data-hackathon-2023`);
      await page.getByRole('link', { name: 'Open the list' }).click();
      await expect(page.getByText('1 registered')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Excel (XLSX)' }).click(),
      ]);
      const xlsx = join(dir, 'list.xlsx');
      await download.saveAs(xlsx);
      execFileSync(soffice, ['--headless', '--convert-to', 'csv', '--outdir', dir, xlsx], {
        env: { ...process.env, HOME: dir },
        timeout: 60_000,
      });
      const csv = readFileSync(join(dir, 'list.csv'), 'utf8').trim().split(/\r?\n/);
      // Then where the registration stands and its attendance at the door: registered, its check-in
      // code, not checked in yet; no ticket kind and no payment (the hackathon is free); and no certificate.
      expect(csv[0]).toBe(
        'First name,Last name,Email,Ticket,Event,Language,Received,Staff status,Assigned to,Place,Check-in code,Checked in,Checked in by,Payment,Amount,Currency,Payment reference,Paid on,Paid through,Payment note,Certificate',
      );
      expect(csv).toHaveLength(2);
      expect(csv[1]).toMatch(
        new RegExp(
          `^Amara,Okafor,${email.replace(/\./g, '\\.')},,${EVENT},English,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?,Handled,,Registered,[ACDEFGHJKMNPQRTUVWXY3467]{6}${','.repeat(10)}$`,
        ),
      );

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      await page.goto(`${proxied}/staff/audit`);
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
    });

    test('60 cookies from sibling sites, past the bounds, leave the session signed in, through nginx and directly', async ({
      page,
      context,
    }) => {
      await signIn(page);
      const sixty = Array.from({ length: 60 }, (_, i) => ({
        name: `sibling${i}`,
        value: 'v'.repeat(60),
        domain: '127.0.0.1',
        path: '/',
      }));
      await context.addCookies(sixty);
      for (const base of [proxied, `http://127.0.0.1:${sitePort}`]) {
        await page.goto(`${base}/staff`);
        await expect(page.getByRole('heading', { name: 'Inbox' }), base).toBeVisible();
      }
    });

    test('no workspace address answers without a session, and nginx keeps none of them', async ({ page }) => {
      await signIn(page);
      for (const path of ['/staff', '/staff/audit', '/staff/sign-in']) {
        for (let i = 0; i < 2; i++) {
          const answer = await page.request.get(`${proxied}${path}`);
          // nginx names its choice on each answer: no header means the answer did not come through
          // docs/deploy/nginx.conf's /staff rule, so proves nothing.
          expect(answer.headers()['x-cache-status'], path).toBe('BYPASS');
        }
      }
      const anonymous = await fetch(`${proxied}/staff`, { redirect: 'manual' });
      expect(anonymous.status).toBe(307);
      expect(anonymous.headers.get('location')).toMatch(/\/staff\/sign-in$/);
      const download = await fetch(`${proxied}/staff/api/export?item=user:baobab-data-hackathon-2023&format=xlsx`, {
        redirect: 'manual',
      });
      expect([download.status, download.headers.get('location')]).toEqual([303, '/staff/sign-in']);
    });

    test('over HTTPS the cookie is __Host- and Secure', async () => {
      const after = Date.now() - 1000;
      const base = `http://127.0.0.1:${sitePort}`;
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.9', origin: base };
      await fetch(`${base}/staff/api/sign-in-request`, {
        method: 'POST',
        headers: { ...https, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: STAFF }),
        redirect: 'manual',
      });
      const path = await waitForSignInPath(dataDir, STAFF, after);
      const answer = await fetch(`${base}/staff/api/sign-in`, {
        method: 'POST',
        headers: { ...https, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ t: new URL(path, base).searchParams.get('t')! }),
        redirect: 'manual',
      });
      expect(answer.headers.get('set-cookie')).toMatch(
        /^__Host-baobab-staff=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/,
      );
    });

    test('sign-in requests are limited per address, with the same answer for any address', async ({ page }) => {
      // The earlier tests asked for links for STAFF; any address has the same allowance.
      const address = `limit.${kind}@example.org`;
      for (let i = 0; i < 5; i++) {
        await page.goto(`${proxied}/staff/sign-in`);
        await page.getByLabel('Email address').fill(address);
        await page.getByRole('button', { name: 'Mail me a link' }).click();
        await expect(page.getByRole('status')).toContainText('If this address may sign in');
      }
      await page.goto(`${proxied}/staff/sign-in`);
      await page.getByLabel('Email address').fill(address);
      await page.getByRole('button', { name: 'Mail me a link' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Too many sign-in requests. Wait a few minutes, then try again.',
      );
    });

    test('an address removed from STAFF_EMAILS is signed out at its next request, and the audit says so', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page);
      // Sessions live in the store: a restart alone keeps them.
      await stopServer(site!);
      await startSite(STAFF);
      await page.goto(`${proxied}/staff`);
      await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
      await stopServer(site!);
      await startSite('other@example.org');
      await page.goto(`${proxied}/staff`);
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      await signIn(page, 'other@example.org');
      await page.goto(`${proxied}/staff/audit`);
      // One entry per session the restart ended (the earlier tests left some).
      await expect(
        page.getByRole('row', { name: new RegExp(`${STAFF} Session ended The address left the team`) }).first(),
      ).toBeVisible();
      // The limit test's address is not staff: its limit leaves no entry (one client typing ever new
      // addresses could otherwise fill the trail), and the address is nowhere.
      await expect(page.getByRole('row', { name: /Sign-in link refused by the rate limit/ })).toHaveCount(0);
      await expect(page.getByText(`limit.${kind}@example.org`)).toHaveCount(0);
    });
  });
}
