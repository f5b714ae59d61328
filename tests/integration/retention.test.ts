/** @jest-environment node */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { readConfig } from '@/lib/config';
import { period, privacySections, processorsInUse } from '@/lib/privacy/policy';
import { applyRetention, createRetentionTask, type RetentionSettings } from '@/lib/privacy/retention';
import type { Store } from '@/lib/storage/types';

import { bothStores, sqliteHarness } from '../helpers/stores';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 12);
const settings: RetentionSettings = {
  contactDays: 730,
  registrationDays: 1825,
  newsletterInactiveDays: 30,
  mailKeepDays: 30,
  auditDays: 365,
};
const note = (to: string) => ({ to, subject: `For ${to}`, text: 'personal text', html: '<p>personal</p>' });

describe.each(bothStores)('retention on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('purges records past their period, keeps confirmed subscribers, and empties old sent mail', async () => {
    const ago = (days: number) => NOW - days * DAY;
    await store.add(
      'contact',
      { name: 'Old', email: 'o@example.org', date: ago(731) },
      { mails: [note('staff@example.org')] },
    );
    await store.add('contact', { name: 'Recent', email: 'r@example.org', date: ago(729) });
    await store.add('enrolment', { name: 'Old', email: 'o@example.org', date: ago(1826) });
    await store.add('enrolment', { name: 'Kept', email: 'k@example.org', date: ago(731) });
    await store.add('user', { firstName: 'Old', email: 'o@example.org', date: ago(1826) });
    await store.add('offer', { firstName: 'Kept', email: 'k@example.org', date: ago(1000) });
    const subscriber = (email: string, status: string | undefined, days: number) =>
      store.add(
        'newsletter',
        { name: 'S', email, date: ago(3000), ...(status ? { status, statusDate: ago(days) } : {}) },
        { uniqueKey: email },
      );
    await subscriber('pending-old@example.org', 'pending', 31);
    await subscriber('pending-new@example.org', 'pending', 2);
    await subscriber('gone@example.org', 'unsubscribed', 31);
    await subscriber('confirmed@example.org', 'confirmed', 3000);
    await subscriber('legacy@example.org', undefined, 0);

    await store.add(
      'contact',
      { name: 'Mail', email: 'm@example.org', date: ago(1) },
      {
        mails: [note('old-mail@example.org'), note('new-mail@example.org')],
      },
    );
    const claimed = await store.claimMails('w', Date.now() + 1000, 10, 60_000);
    for (const message of claimed) {
      if (message.to === 'old-mail@example.org') await store.markSent(message.id, ago(31));
      if (message.to === 'new-mail@example.org') await store.markSent(message.id, ago(29));
    }

    // A honeypot hit is kept 7 days; the staff audit trail auditDays.
    await store.add('contact', { email: 'bot@example.org', date: ago(8), staffStatus: 'spam', spamSource: 'honeypot' });
    await store.add('contact', { email: 'bot@example.org', date: ago(6), staffStatus: 'spam', spamSource: 'honeypot' });
    await store.addAudit({ at: ago(366), who: 's@example.org', what: 'sign-in', detail: '' });
    await store.addAudit({ at: ago(364), who: 's@example.org', what: 'export', detail: '' });
    // Gifts are kept six years (GIFT_KEEP_DAYS), their mails with them.
    const gift = (key: string, days: number) => ({
      key,
      giftId: key.slice(5),
      kind: 'pledge' as const,
      at: ago(days),
      email: 'g@example.org',
    });
    await store.recordGift(gift('gift:old', 6 * 365 + 1), [note('g@example.org')]);
    await store.recordGift(gift('gift:kept', 6 * 365 - 1));

    const report = await applyRetention(store, settings, NOW);
    expect(report).toEqual({
      purged: { contact: 2, enrolment: 1, user: 1, offer: 0, newsletter: 2 },
      markers: 0,
      mailCleared: 1,
      mailFilesRemoved: 0,
      auditPurged: 1,
      giftsPurged: 1,
    });
    expect((await store.giftEntries()).map((e) => e.key)).toEqual(['gift:kept']);
    expect((await store.findEmail('g@example.org')).mails).toEqual([]);
    expect((await store.auditLog(10)).map((e) => e.what)).toEqual(['export']);
    expect((await store.list('contact')).filter((r) => r.data.spamSource).map((r) => r.data.date)).toEqual([ago(6)]);
    expect(
      (await store.list('contact'))
        .filter((r) => !r.data.spamSource)
        .map((r) => r.data.name)
        .sort(),
    ).toEqual(['Mail', 'Recent']);
    expect((await store.list('enrolment')).map((r) => r.data.name)).toEqual(['Kept']);
    expect(await store.list('user')).toEqual([]);
    expect((await store.list('newsletter')).map((r) => r.data.email).sort()).toEqual([
      'confirmed@example.org',
      'legacy@example.org',
      'pending-new@example.org',
    ]);
    // The purged contact's staff note went with it; the old sent mail was emptied, the recent one kept.
    expect((await store.findEmail('staff@example.org')).mails).toEqual([]);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });

    // A second pass finds nothing more to do.
    expect(await applyRetention(store, settings, NOW)).toEqual({
      purged: { contact: 0, enrolment: 0, user: 0, offer: 0, newsletter: 0 },
      markers: 0,
      mailCleared: 0,
      mailFilesRemoved: 0,
      auditPurged: 0,
      giftsPurged: 0,
    });
  });

  it('purges submission keys and once-only markers once their day has passed', async () => {
    await store.add(
      'enrolment',
      { name: 'Ada', email: 'ada@example.org', date: Date.now() },
      {
        submissionKey: 'enrol:today:abc',
        mails: [{ ...note('ada@example.org'), onceKey: 'enrol:ada@example.org:today' }],
      },
    );
    expect((await applyRetention(store, settings, Date.now())).markers).toBe(0);
    expect((await applyRetention(store, settings, Date.now() + DAY + 1000)).markers).toBe(2);
    expect((await store.list('enrolment')).map((r) => r.data.name)).toEqual(['Ada']);
  });
});

describe('retention of mail files and the task', () => {
  it('removes .eml files older than MAIL_KEEP_DAYS and runs a pass when started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baobab-retention-'));
    for (const [name, days] of [
      ['old.eml', 31],
      ['new.eml', 1],
      ['old.txt', 90],
    ] as const) {
      writeFileSync(join(dir, name), 'x');
      const when = (NOW - days * DAY) / 1000;
      utimesSync(join(dir, name), when, when);
    }
    const harness = sqliteHarness();
    const store = await harness.open();
    const logs: string[] = [];
    const task = createRetentionTask({
      store: () => store,
      settings,
      mailDir: dir,
      now: () => NOW,
      log: (_l, m) => logs.push(m),
    });
    task.start();
    await task.stop();
    expect(readdirSync(dir).sort()).toEqual(['new.eml', 'old.txt']);
    expect(logs).toEqual(['removed no records; cleared 0 sent mail(s); removed 1 mail file(s)']);
    await store.close();
    await harness.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('privacy page', () => {
  const text = (env: Record<string, string>) =>
    privacySections(readConfig(env))
      .flatMap((s) => s.paragraphs)
      .join('\n');

  it('states the retention periods of the settings the purge uses', () => {
    expect(readConfig({}).retention).toEqual(settings);
    const defaults = text({});
    expect(defaults).toContain('Messages for 2 years, and course, event and offer registrations for 5 years');
    expect(defaults).toContain('is deleted after 30 days');
    expect(defaults).toContain('emptied of their content 30 days after they are sent');
    const custom = text({ RETAIN_CONTACT_DAYS: '365', RETAIN_REGISTRATION_DAYS: '90', MAIL_KEEP_DAYS: '7' });
    expect(custom).toContain('Messages for one year, and course, event and offer registrations for 90 days');
    expect(custom).toContain('7 days after they are sent');
    expect(custom).not.toMatch(/\{\w+\}/);
    expect(period(1)).toBe('one day');
  });

  it('names the processors the configuration uses, and none by default', () => {
    expect(processorsInUse(readConfig({}))).toEqual([]);
    const all = readConfig({
      STORE: 'firestore',
      FIRESTORE_PROJECT_ID: 'p',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:1',
      SMTP_URL: 'smtps://user:secret@smtp.relay.example:465',
      RECAPTCHA_SECRET_KEY: 'k',
      NEXT_PUBLIC_RECAPTCHA_SITE_KEY: 'k',
      NEWSLETTER_PROVIDER: 'mailchimp',
      MAILCHIMP_SUBSCRIBE_URL: 'https://x.us1.list-manage.com/subscribe/post-json?u=a&id=b',
    });
    const named = processorsInUse(all).join(' ');
    expect(named).toContain('Google Cloud Firestore');
    expect(named).toContain('delivered by an email delivery service.');
    expect(named).not.toMatch(/secret|relay\.example/);
    const provider = processorsInUse(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_PROVIDER_NAME: 'Brevo' }));
    expect(provider).toEqual(['Our emails are delivered by Brevo.']);
    expect(
      processorsInUse(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_PROVIDER_NAME: 'Brevo' }), 'fr'),
    ).toEqual(['Nos e-mails sont remis par Brevo.']);
    expect(named).toContain('Google reCAPTCHA');
    expect(named).toContain('Mailchimp');
    expect(text({})).not.toContain('reCAPTCHA');
  });
});
