/** @jest-environment node */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import type { Email } from 'postal-mime';

import { readConfig } from '@/lib/config';
import { smtpTransport } from '@/lib/mail/transport';
import { createOutboxWorker } from '@/lib/mail/worker';
import {
  buildDigest,
  createDigestScheduler,
  localClock,
  MAX_ATTACHED_CHARS,
  type DigestSchedule,
} from '@/lib/staff/digest';
import type { Store } from '@/lib/storage/types';

import { COMMAND_TEST_TIMEOUT } from '../helpers/command-timeout';
import { parseCsv } from '../helpers/csv';
import { startSmtpServer } from '../helpers/smtp';
import { bothStores } from '../helpers/stores';

const run = promisify(execFile);
const HOUR = 60 * 60 * 1000;
// 07:00 in Lagos (UTC+1) on 22 November 2026.
const SEVEN_LAGOS = Date.UTC(2026, 10, 22, 6);
const ctx = {
  staff: 'staff@baobabdata.org',
  siteName: 'Baobab Data',
  timeZone: 'Africa/Lagos',
  siteUrl: 'https://baobabdata.org',
};
const schedule: DigestSchedule = { hour: 7, timeZone: 'Africa/Lagos', sendEmpty: false };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const csvOf = (mail: Email, filename: string) => {
  const attachment = mail.attachments.find((a) => a.filename === filename);
  if (!attachment) throw new Error(`no ${filename} in ${mail.attachments.map((a) => a.filename).join(', ')}`);
  const content = attachment.content;
  return parseCsv(typeof content === 'string' ? content : new TextDecoder().decode(content));
};

async function deliver(store: Store): Promise<Email[]> {
  const before = smtp.received.length;
  const transport = smtpTransport(smtp.url, 'Baobab Data <hello@baobabdata.org>');
  const worker = createOutboxWorker({
    store: () => store,
    transport,
    owner: 'test',
    maxAttempts: 1,
    retryBaseMs: 10,
    pollMs: 1000,
    log: () => {},
  });
  while ((await worker.runOnce()) > 0);
  transport.close();
  return smtp.received.slice(before);
}

describe('localClock', () => {
  it('reads the date and hour in the configured time zone', () => {
    expect(localClock(SEVEN_LAGOS, 'Africa/Lagos')).toEqual({ date: '2026-11-22', hour: 7 });
    expect(localClock(SEVEN_LAGOS - 7 * HOUR, 'Africa/Lagos')).toEqual({ date: '2026-11-22', hour: 0 });
    expect(localClock(SEVEN_LAGOS, 'Pacific/Auckland')).toEqual({ date: '2026-11-22', hour: 19 });
  });

  it('is configured by DIGEST_* settings with the stated defaults', () => {
    expect(readConfig({}).digest).toEqual({ enabled: true, hour: 7, timeZone: 'Africa/Lagos', sendEmpty: false });
    expect(
      readConfig({
        DIGEST_ENABLED: 'false',
        DIGEST_HOUR: '18',
        DIGEST_TIME_ZONE: 'Europe/London',
        DIGEST_SEND_EMPTY: '1',
      }).digest,
    ).toEqual({ enabled: false, hour: 18, timeZone: 'Europe/London', sendEmpty: true });
    expect(() => readConfig({ DIGEST_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /DIGEST_TIME_ZONE must be an IANA time zone/,
    );
    expect(() => readConfig({ DIGEST_HOUR: '7.5' })).toThrow(/DIGEST_HOUR/);
    expect(() => readConfig({ DIGEST_ENABLED: 'maybe' })).toThrow(/DIGEST_ENABLED must be true or false/);
  });
});

describe.each(bothStores)('staff digest on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;

  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    await store.close();
  });
  afterAll(() => harness.cleanup());

  async function seed() {
    await store.add('contact', {
      name: 'Old',
      email: 'old@example.org',
      message: 'before',
      date: SEVEN_LAGOS - 30 * HOUR,
    });
    await store.add('contact', {
      name: 'Ada',
      email: 'ada@example.org',
      message: '=1+1, "quoted"',
      date: SEVEN_LAGOS - 5 * HOUR,
    });
    await store.add('contact', {
      name: 'Kofi',
      email: 'kofi@example.org',
      message: 'hi',
      date: SEVEN_LAGOS - 1 * HOUR,
    });
    await store.add('user', {
      firstName: 'Ọlá',
      lastName: 'B',
      email: 'ola@example.org',
      date: SEVEN_LAGOS - 2 * HOUR,
    });
  }

  it('mails the staff, in plain words, the count per form and item, the first names, what awaits a reply, and one CSV per form', async () => {
    await seed();
    await store.add('user', {
      firstName: 'Tendai',
      lastName: 'Moyo',
      email: 't@example.org',
      event: 'baobab-data-hackathon-2023',
      date: SEVEN_LAGOS - 3 * HOUR,
    });
    // Spam is neither counted nor attached.
    await store.add('contact', {
      name: 'Spammer',
      email: 's@example.org',
      message: 'buy',
      date: SEVEN_LAGOS - HOUR,
      staffStatus: 'spam',
    });
    const { mail: message, counts, total } = await buildDigest(store, SEVEN_LAGOS - 24 * HOUR, SEVEN_LAGOS, ctx);
    expect(total).toBe(4);
    expect(counts).toMatchObject({ contact: 2, user: 2, enrolment: 0, offer: 0, newsletter: 0 });
    await store.claimJob('digest:test', { name: 'digest', at: SEVEN_LAGOS }, [message]);

    const [mail] = await deliver(store);
    expect(mail!.to![0]!.address).toBe('staff@baobabdata.org');
    expect(mail!.subject).toBe('Baobab Data digest: 4 new submissions (2026-11-22)');
    expect(mail!.text).toMatch(/^Contact message: 2$/m);
    expect(mail!.text).toMatch(/^Event registration: 2$/m);
    expect(mail!.text).toMatch(/^ *Baobab Data Hackathon 2023: 1$/m);
    expect(mail!.text).toContain('From 2026-11-21 07:00 to 2026-11-22 07:00 (Africa/Lagos time).');
    expect(mail!.text).toContain('Contact message: Kofi, Ada. https://baobabdata.org/staff?form=contact');
    expect(mail!.text).toContain(
      '3 contact messages still need a reply: https://baobabdata.org/staff?form=contact&status=new',
    );
    expect(mail!.text).not.toContain('Spammer');
    expect(mail!.attachments.map((a) => a.filename).sort()).toEqual([
      'contact-message-2026-11-22.csv',
      'event-registration-2026-11-22.csv',
    ]);
    const contact = csvOf(mail!, 'contact-message-2026-11-22.csv');
    expect(contact[0]).toEqual(['Name', 'Email', 'Message', 'Language', 'Received', 'Staff status', 'Assigned to']);
    expect(contact.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['Ada', 'ada@example.org', '\'=1+1, "quoted"', '', '2026-11-22T02:00:00+01:00'],
      ['Kofi', 'kofi@example.org', 'hi', '', '2026-11-22T06:00:00+01:00'],
    ]);
    expect(
      csvOf(mail!, 'event-registration-2026-11-22.csv')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['Tendai', 'Ọlá']);
  });

  it('counts the gifts’ payments of the period, first ones and renewals, per currency', async () => {
    const entry = (key: string, kind: 'paid' | 'failed', at: number, amount: number, currency: string) =>
      store.recordGift({ key, kind, at, giftId: key.split(':')[1]!, email: 'giver@example.org', amount, currency });
    await entry('gift-paid:BG-digest1', 'paid', SEVEN_LAGOS - 2 * HOUR, 500_000, 'NGN');
    await entry('gift-paid:BG-digest2', 'paid', SEVEN_LAGOS - 3 * HOUR, 200_000, 'NGN');
    await entry('gift-paid:BG-digest3', 'paid', SEVEN_LAGOS - 4 * HOUR, 2_000, 'GHS');
    await entry('gift-failed:INV-digest', 'failed', SEVEN_LAGOS - 2 * HOUR, 2_000, 'GHS');
    await entry('gift-paid:BG-digest4', 'paid', SEVEN_LAGOS - 30 * HOUR, 9_900, 'USD');
    const { mail } = await buildDigest(store, SEVEN_LAGOS - 24 * HOUR, SEVEN_LAGOS, ctx);
    expect(mail.text).toContain(
      '3 gift payments came in (first payments and monthly renewals): GHS 20.00, NGN 7000.00. https://baobabdata.org/staff/gifts',
    );
    expect(mail.text).not.toContain('USD 99.00');
  });

  it('points to the export instead of attaching more than an outbox message can hold', async () => {
    const long = 'x'.repeat(MAX_ATTACHED_CHARS / 2);
    await store.add('contact', { name: 'A', email: 'a@example.org', message: long, date: SEVEN_LAGOS - HOUR });
    await store.add('contact', { name: 'B', email: 'b@example.org', message: long, date: SEVEN_LAGOS - HOUR });
    const { mail: message, total } = await buildDigest(store, SEVEN_LAGOS - 24 * HOUR, SEVEN_LAGOS, ctx);
    expect(total).toBe(2);
    expect(message.attachments).toBeUndefined();
    expect(message.text).toContain(
      'Too many to attach: download them from the staff workspace, https://baobabdata.org/staff',
    );
    await store.claimJob('digest:big', { name: 'digest', at: SEVEN_LAGOS }, [message]);
    expect((await deliver(store)).map((m) => m.subject)).toEqual([
      'Baobab Data digest: 2 new submissions (2026-11-22)',
    ]);
  });

  it('queues one digest a day from the configured hour, catches up a missed hour and skips nothing', async () => {
    await seed();
    const at = { now: SEVEN_LAGOS - HOUR };
    const queued: number[] = [];
    const scheduler = createDigestScheduler({
      store: () => store,
      schedule,
      ctx,
      now: () => at.now,
      queued: () => queued.push(at.now),
      log: () => {},
    });
    expect(await scheduler.tick()).toBe('not yet');
    // The server was down at 07:00 and is back at 10:00.
    at.now = SEVEN_LAGOS + 3 * HOUR;
    expect(await scheduler.tick()).toBe('queued');
    expect(await scheduler.tick()).toBe('already done');
    expect(queued).toEqual([SEVEN_LAGOS + 3 * HOUR]);
    const [first] = await deliver(store);
    expect(first!.subject).toBe('Baobab Data digest: 3 new submissions (2026-11-22)');

    // Next day: only what came after the first digest.
    await store.add('offer', { email: 'late@example.org', firstName: 'L', date: SEVEN_LAGOS + 5 * HOUR });
    at.now = SEVEN_LAGOS + 24 * HOUR;
    expect(await scheduler.tick()).toBe('queued');
    const [second] = await deliver(store);
    expect(second!.subject).toBe('Baobab Data digest: 1 new submission (2026-11-23)');
    expect(
      csvOf(second!, 'offer-reservation-2026-11-23.csv')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['late@example.org']);

    // A day with nothing new sends nothing, unless configured to.
    at.now = SEVEN_LAGOS + 48 * HOUR;
    expect(await scheduler.tick()).toBe('nothing new');
    expect(await deliver(store)).toEqual([]);
    const chatty = createDigestScheduler({
      store: () => store,
      schedule: { ...schedule, sendEmpty: true },
      ctx,
      now: () => SEVEN_LAGOS + 72 * HOUR,
      log: () => {},
    });
    expect(await chatty.tick()).toBe('queued');
    expect((await deliver(store)).map((m) => m.subject)).toEqual([
      'Baobab Data digest: 0 new submissions (2026-11-25)',
    ]);
  });

  it('sends one digest when two instances share the store', async () => {
    const shared = `shared-${Date.now()}`;
    const a = await harness.open(shared);
    const b = await harness.open(shared);
    await a.add('contact', { name: 'Ada', email: 'ada@example.org', message: 'm', date: SEVEN_LAGOS - HOUR });
    const instance = (s: Store) =>
      createDigestScheduler({ store: () => s, schedule, ctx, now: () => SEVEN_LAGOS, log: () => {} });
    const outcomes = await Promise.all([
      instance(a).tick(),
      instance(b).tick(),
      instance(a).tick(),
      instance(b).tick(),
    ]);
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(1);
    expect(await b.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
    expect((await deliver(a)).map((m) => m.subject)).toEqual(['Baobab Data digest: 1 new submission (2026-11-22)']);
    expect(await deliver(b)).toEqual([]);
    await a.close();
    await b.close();
  });

  // The command's first read of the item names starts the CMS on this new DATA_DIR: its migrations and
  // the seed of data/ come first, which beside the browser tests takes more than 30 s.
  it(
    'npm run digest -- --since sends one by hand through the configured SMTP relay',
    async () => {
      const name = `cli-${Date.now()}`;
      const seeded = await harness.open(name);
      await seeded.add('enrolment', {
        name: 'Ada',
        email: 'ada@example.org',
        course: 'Python',
        date: Date.UTC(2026, 0, 2),
      });
      await seeded.add('enrolment', {
        name: 'Early',
        email: 'e@example.org',
        course: 'Python',
        date: Date.UTC(2025, 11, 31),
      });
      await seeded.close();
      const before = smtp.received.length;
      const { stdout } = await run(
        process.execPath,
        ['scripts/lib/run-bundled.mjs', 'scripts/digest.ts', '--since', '2026-01-01'],
        {
          env: { ...process.env, ...harness.env(name), SMTP_URL: smtp.url, STAFF_EMAIL: 'team@example.org' },
        },
      );
      expect(stdout).toContain('Queued a digest of 1 record(s) for team@example.org.');
      expect(stdout).toContain('the outbox is empty');
      const [mail] = smtp.received.slice(before);
      expect(mail!.to![0]!.address).toBe('team@example.org');
      expect(
        csvOf(mail!, mail!.attachments[0]!.filename!)
          .slice(1)
          .map((row) => row[0]),
      ).toEqual(['Ada']);
    },
    COMMAND_TEST_TIMEOUT,
  );
});

describe('npm run digest', () => {
  it(
    'asks for a valid --since',
    async () => {
      const digest = (args: string[]) =>
        run(process.execPath, ['scripts/lib/run-bundled.mjs', 'scripts/digest.ts', ...args]);
      await expect(digest([])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--since') });
      await expect(digest(['--since', 'yesterday'])).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--since must be a date'),
      });
    },
    COMMAND_TEST_TIMEOUT,
  );
});
