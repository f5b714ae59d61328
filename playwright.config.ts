import { existsSync } from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

// Browser tests run against a production build served by `npm start` on its own port and data folder.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// The site's date for the browser tests (docs/product.md §9): before the seed's March 2023 event and
// offer, so their forms are open. Set here, for the runner too, so every server a test starts on this
// build (nginx, drills, backups) has the date the build was made with (scripts/check-secrets.mjs).
const E2E_SITE_TODAY = '2023-03-01';
process.env.SITE_TODAY = E2E_SITE_TODAY;

// CHROME_PATH, else Debian's Chromium headless shell (a third less CPU per test than the full browser in
// headless mode), else Debian's chromium, else Playwright's own browser.
const executablePath =
  process.env.CHROME_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  undefined;

// The drill stream: the specs that run a drill or servers of their own, with their own data folders
// and ports (the CMS's publishing journeys among them, so that what they publish changes no page the
// others read), and the offline spec, whose redeploy builds a site of its own and whose forms send
// addresses of their own. Beside it, the page specs of the shared site on two workers: each spec file
// that signs in has its own staff address (STAFF_EMAILS below), so no sign-in ends another's session or
// hands it another's link, and each spec reads what it stored itself (its own addresses, tags, audit
// entries), never a count of the whole store.
const drills =
  /\/(hostile|instances|several-hosts|cms-instances|back-office|publish|editor-slip|backup|stop-signals|shutdown|staff-stores|offline|event-day|certificates|guest-list|money)\.spec\.ts$/;
// The longest drill (three minutes in CI, much of it waiting for a post scheduled for the next minute),
// handed out first, beside the page specs: in name order it came last and ran alone while a core sat idle.
const longDrills = /\/publish\.spec\.ts$/;
// Debian's browser (launchOptions below), not a Playwright channel.
const desktop = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  // A spec file's tests run in order (some build on what an earlier one signed in or stored); the files
  // are shared among the workers.
  fullyParallel: false,
  // Three workers: the page specs of the shared site on two, and beside them the drills and the journeys
  // that start servers of their own (see `drills` above) on one, then on two once the page specs are done.
  // Files are handed out in the order of the projects below, each project within its own limit: the
  // longest drill first, then the page specs, then the other drills (never more than two drills at once
  // while the long one ends before the page specs, about 3 and 7 minutes into a CI run).
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Room for a machine of two cores running jest and the CMS's suite beside three workers (load 10 and
  // more): a page spec's axe pass or a first form post has taken over 30 s and 10 s there, where it takes a
  // few seconds alone. These bound a hung test; no test measures speed with them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  // After the shared site has started: a copy of the content it seeded, for the servers specs start.
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL,
    // A click or a fill waits for its element, and a page for its load, at most this long (Playwright's own
    // default is no limit): what never comes fails the step that waited for it, named, not the whole test by
    // its time.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    // Recording a trace of every test costs about a seventh of the run; PLAYWRIGHT_TRACE=retain-on-failure
    // records them again to look into a failure.
    trace: process.env.PLAYWRIGHT_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The page specs' fresh contexts do not install the service worker: its install (the offline page and
    // the scripts it keeps) cost each first visit as much again as the page itself, some 1.2 s of processor
    // time, for a worker no page spec uses. offline.spec.ts and the journeys in the drill stream keep it.
    {
      name: 'long drill',
      testMatch: longDrills,
      workers: 1,
      use: desktop,
    },
    {
      name: 'chromium',
      testIgnore: drills,
      workers: 2,
      use: { ...desktop, serviceWorkers: 'block' },
    },
    {
      name: 'drills',
      testMatch: drills,
      testIgnore: longDrills,
      workers: 2,
      use: desktop,
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/about`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DATA_DIR: 'var/e2e',
      // The rate limit has its own tests; here many forms are sent from one address.
      RATE_LIMIT_PER_MINUTE: '1000',
      // The admins the page specs sign in as, one per spec file that signs in (staff, staff-inbox, letters,
      // team, upload-refusal): a sign-in ends the address's earlier session, and each takes the latest link
      // mailed to its own address.
      STAFF_EMAILS: 'staff@example.org,inbox@example.org,letters@example.org,team@example.org,uploads@example.org',
      STAFF_SIGN_IN_LIMIT: '100',
      NEXT_TELEMETRY_DISABLED: '1',
      SITE_TODAY: E2E_SITE_TODAY,
      // The specs' own servers share this build folder: none writes the pages it makes again into it
      // (next.config.ts), or one would serve another's (tests/e2e/global-setup.ts checks). So this server
      // is one process (scripts/start.mjs); back-office.spec.ts and publish.spec.ts run the split one.
      PAGE_CACHE_ON_DISK: 'off',
    },
  },
});
