/** @jest-environment node */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import ICAL from 'ical.js';
import PostalMime from 'postal-mime';

import { contactMails } from '@/lib/forms/mails';
import type { FormOperation } from '@/lib/forms/registry';
import { submitForm } from '@/lib/forms/submit';
import { fileTransport, smtpTransport, type MailTransport } from '@/lib/mail/transport';
import { createOutboxWorker, retryDelay } from '@/lib/mail/worker';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken } from '@/lib/security/xsrf';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';

import { startCuttableProxy } from '../helpers/cuttable-proxy';
import { BEFORE_SEED_EVENT } from '../helpers/samples';
import { startSmtpServer } from '../helpers/smtp';

const TOKEN = issueXsrfToken();
const sampleContact = { name: 'Bola', email: 'bola@example.org', message: 'Hello' };
const mailContext = { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };

let dir: string;
let store: Store;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baobab-mail-'));
  store = openSqliteStore(join(dir, 'db.sqlite'));
  transport = smtpTransport(smtp.url, 'Baobab Data <hello@baobabdata.org>');
  smtp.received.length = 0;
  smtp.up();
});
afterEach(async () => {
  transport.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function submit(operation: FormOperation, fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return submitForm(
    operation,
    data,
    { headers: new Headers({ 'x-xsrf-token': TOKEN }), cookie: () => TOKEN, address: '192.0.2.1' },
    {
      recaptcha: null,
      rateLimiter: createRateLimiter(1000),
      now: () => Date.now(),
      today: () => BEFORE_SEED_EVENT,
      store,
      mail: mailContext,
      newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(32), mail: () => mailContext }),
      log: () => {},
    },
  );
}

function worker(overrides: Partial<Parameters<typeof createOutboxWorker>[0]> = {}) {
  return createOutboxWorker({
    store: () => store,
    transport,
    owner: 'test',
    maxAttempts: 3,
    retryBaseMs: 0,
    pollMs: 1000,
    log: () => {},
    ...overrides,
  });
}

const byRecipient = (to: string) => smtp.received.filter((m) => m.to?.some((a) => a.address === to));

describe('messages of each kind', () => {
  it('forwards a contact message to staff with reply-to the visitor, escaping their input in HTML', async () => {
    await submit('contactUs', {
      name: 'Ada <script>alert(1)</script>',
      email: 'ada@example.org',
      message: 'Hi & <b>bye</b>\nSecond line',
    });
    expect(await worker().runOnce()).toBe(2);
    const [mail] = byRecipient('staff@baobabdata.org');
    expect(mail!.subject).toBe('Message from Ada <script>alert(1)</script> via the website');
    expect(mail!.replyTo?.[0]?.address).toBe('ada@example.org');
    expect(mail!.text).toContain('> Hi & <b>bye</b>\n> Second line');
    expect(mail!.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).toContain('Hi &amp; &lt;b&gt;bye&lt;/b&gt;');
    expect(mail!.html).not.toMatch(/<script>|<b>bye/);
    expect(mail!.text).toContain('The sender was sent an acknowledgement');
    // The sender's acknowledgement: what the site says, none of what they typed.
    const [ack] = byRecipient('ada@example.org');
    expect(ack!.subject).toBe('We received your message to Baobab Data');
    expect(ack!.text).toContain('within 2 working days');
    expect(`${ack!.subject}${ack!.text}${ack!.html}`).not.toMatch(/Ada|script|bye|Second line/);
  });

  it('acknowledges a contact message once a day per address and language, and the staff note says when it did not', async () => {
    for (const message of ['First', 'Second']) await submit('contactUs', { ...sampleContact, message });
    await submit('contactUs', { ...sampleContact, message: 'Troisième', lang: 'fr' });
    expect(await worker().runOnce()).toBe(5);
    const acks = byRecipient(sampleContact.email);
    expect(acks.map((m) => m.subject).sort()).toEqual([
      'Baobab Data a bien reçu votre message',
      'We received your message to Baobab Data',
    ]);
    const notes = byRecipient('staff@baobabdata.org').map((m) => m.text ?? '');
    expect(notes.filter((t) => t.includes('No acknowledgement was sent'))).toHaveLength(1);
    expect(notes.filter((t) => t.includes('The sender was sent an acknowledgement'))).toHaveLength(2);
  });

  it('confirms an enrolment to the visitor with the course, duration, fee and payment link, and notifies staff', async () => {
    await submit('enrol', {
      name: 'Kofi',
      email: 'kofi@example.org',
      phone: '0244123456',
      gender: 'male',
      country: 'Ghana',
      course: 'Data Analysis with Python',
    });
    expect(await worker().runOnce()).toBe(2);
    const [visitor] = byRecipient('kofi@example.org');
    expect(visitor!.subject).toBe('Your enrolment in Data Analysis with Python');
    for (const fact of [
      'Duration: 3 weeks',
      'Registration fee: $105',
      'https://pay.baobabdata.org/data-analysis-with-python',
    ]) {
      expect(visitor!.text).toContain(fact);
    }
    const [staff] = byRecipient('staff@baobabdata.org');
    expect(staff!.subject).toBe('New enrolment: Data Analysis with Python');
    expect(staff!.text).toContain('Phone: 0244123456');
  });

  it('sends an event confirmation with the dates and a calendar invitation that parses', async () => {
    await submit('registerEvent', {
      firstName: 'Tendai',
      lastName: 'Moyo',
      email: 'tendai@example.org',
      event: 'baobab-data-hackathon-2023',
    });
    expect(await worker().runOnce()).toBe(2);
    const [visitor] = byRecipient('tendai@example.org');
    expect(visitor!.subject).toBe("You're registered: Baobab Data Hackathon 2023");
    expect(visitor!.text).toContain('18-19 March 2023');
    const ics = visitor!.attachments.find((a) => a.filename === 'invite.ics')!;
    expect(ics.mimeType).toBe('text/calendar');
    const text = typeof ics.content === 'string' ? ics.content : new TextDecoder().decode(ics.content);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Baobab Data Hackathon 2023');
    expect(event.startDate.toString()).toBe('2023-03-18');
    expect(event.endDate.toString()).toBe('2023-03-20');
    expect(event.location).toBe('Lagos, Nigeria and online');
    expect(byRecipient('staff@baobabdata.org')[0]!.subject).toBe('New registration: Baobab Data Hackathon 2023');
  });

  it('confirms an offer reservation and asks a local newsletter subscriber to confirm', async () => {
    await submit('registerOffer', {
      email: 'fatou@example.org',
      firstName: 'Fatou',
      lastName: 'Diallo',
      gender: 'female',
      degree: 'phd',
      occupation: 'Analyst',
      country: 'Senegal',
    });
    await submit('subscribe', { name: 'Brian', email: 'brian@example.org' });
    expect(await worker().runOnce()).toBe(3);
    const offer = byRecipient('fatou@example.org')[0]!;
    expect(offer.subject).toBe('Your spot is reserved: Become a Data Analyst');
    expect(offer.text).toContain('$120 (was $150, 20% off until 25 March 2023)');
    expect(byRecipient('staff@baobabdata.org')[0]!.text).toContain('Highest degree: PhD');
    expect(byRecipient('brian@example.org')[0]!.subject).toBe(
      'Confirm your subscription to the Baobab Data newsletter',
    );
  });
});

describe('the outbox', () => {
  const contact = { name: 'Ada', email: 'ada@example.org', message: 'Hello' };
  // One message in the outbox: a contact message's note to the staff (without the sender's
  // acknowledgement, which goes once a day and would make the counts below uneven).
  const queueOne = (message = contact.message) =>
    store.add(
      'contact',
      { ...contact, message, date: Date.now() },
      { mails: [contactMails({ ...contact, message }, mailContext, 'en')[0]!] },
    );

  it('keeps messages while SMTP is down and delivers each exactly once when it is back', async () => {
    for (let i = 0; i < 5; i++) await queueOne(`Message ${i}`);
    smtp.down();
    const w = worker({ maxAttempts: 10 });
    expect(await w.runOnce()).toBe(0);
    expect(await store.outboxCounts()).toEqual({ pending: 5, sent: 0, failed: 0 });
    smtp.up();
    expect(await w.runOnce()).toBe(5);
    expect(await w.runOnce()).toBe(0);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 5, failed: 0 });
  });

  it('sends again after a crash between sending and marking sent: at least once, same Message-ID', async () => {
    await queueOne();
    let now = Date.now() + 1000;
    const crashing: Store = { ...store, markSent: async () => Promise.reject(new Error('killed before marking')) };
    const first = createOutboxWorker({
      store: () => crashing,
      transport,
      owner: 'a',
      maxAttempts: 3,
      retryBaseMs: 0,
      pollMs: 1000,
      leaseMs: 60_000,
      now: () => now,
      log: () => {},
    });
    await first.runOnce();
    expect(smtp.received).toHaveLength(1);
    // Another instance finds it claimed until the lease runs out, then sends it again.
    const second = worker({ owner: 'b', now: () => now, leaseMs: 60_000 });
    expect(await second.runOnce()).toBe(0);
    now += 60_001;
    expect(await second.runOnce()).toBe(1);
    expect(smtp.received.map((m) => m.messageId)).toEqual([smtp.received[0]!.messageId, smtp.received[0]!.messageId]);
  });

  it('starts no send once half the lease is gone, and gives the rest back for another instance', async () => {
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org']) {
      await queueOne(`From ${email}`);
    }
    let now = Date.now() + 1000;
    // Each send takes 20 s of the 60 s lease: the third would start after 40 s.
    const slow: MailTransport = {
      ...transport,
      send: async (message) => {
        await transport.send(message);
        now += 20_000;
      },
    };
    expect(await worker({ transport: slow, owner: 'a', now: () => now, leaseMs: 60_000 }).runOnce()).toBe(2);
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 2, failed: 0 });
    // Given back at once, untried: another instance sends them without waiting for the lease.
    const rest = await store.claimMails('b', now, 10, 60_000);
    expect(rest.map((m) => m.attempts)).toEqual([0, 0]);
  });

  it('marks a message failed after the attempt limit and says so loudly', async () => {
    await queueOne();
    smtp.down();
    const logs: string[] = [];
    const w = worker({ maxAttempts: 3, log: (_level, message) => logs.push(message) });
    for (let i = 0; i < 4; i++) await w.runOnce();
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 0, failed: 1 });
    expect(logs.some((l) => l.startsWith('GAVE UP on message') && l.includes('after 3 attempts'))).toBe(true);
    smtp.up();
    expect(await w.runOnce()).toBe(0);
  });

  describe('while the relay is unreachable', () => {
    let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
    beforeEach(async () => {
      proxy = await startCuttableProxy(Number(new URL(smtp.url).port));
      transport.close();
      transport = smtpTransport(`smtp://127.0.0.1:${proxy.port}`, 'Baobab Data <hello@baobabdata.org>');
    });
    afterEach(() => proxy.close());

    it('stops a pass at the first failure and gives the rest back untried', async () => {
      for (let i = 0; i < 4; i++) await queueOne(`M${i}`);
      await proxy.cut('refuse');
      const w = worker({ maxAttempts: 2, retryBaseMs: 60_000 });
      expect(await w.runOnce()).toBe(0);
      expect(w.status().failingSince).toEqual(expect.any(Number));
      // Three were never tried: still attempt 0 and claimable at once, not after a lease.
      const untried = await store.claimMails('probe', Date.now(), 10, 1000);
      expect(untried.map((m) => m.attempts)).toEqual([0, 0, 0]);
    });

    it('never gives up on a message for an unreachable relay, and retries every waiting one once it is back', async () => {
      jest.spyOn(Math, 'random').mockReturnValue(0); // no jitter: each retry exactly 60 s after its failure
      for (let i = 0; i < 3; i++) await queueOne(`M${i}`);
      const start = Date.now() + 1000;
      let now = start;
      const logs: string[] = [];
      const w = worker({
        maxAttempts: 1,
        retryBaseMs: 60_000,
        batchSize: 1,
        now: () => now,
        log: (_l, m) => logs.push(m),
      });
      await proxy.cut('refuse');
      for (let i = 0; i < 3; i++) {
        expect(await w.runOnce()).toBe(0);
        now += 1000; // the three fail one second apart: due again at +60 s, +61 s, +62 s
      }
      expect(await store.outboxCounts()).toEqual({ pending: 3, sent: 0, failed: 0 });
      expect(logs.some((l) => l.startsWith('GAVE UP'))).toBe(false);
      await proxy.restore();
      now = start + 60_500;
      // Only the first is due; once it goes through, the other two are due at once, not a second later.
      expect(await w.runOnce()).toBe(1);
      expect(w.status().failingSince).toBeNull();
      expect(logs).toContain('mail relay reachable again: 2 waiting message(s) due now');
      expect(await w.runOnce()).toBe(1);
      expect(await w.runOnce()).toBe(1);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(3);
      jest.restoreAllMocks();
    });

    it('times out a relay that accepts the connection but never answers', async () => {
      await queueOne();
      transport.close();
      transport = smtpTransport(`smtp://127.0.0.1:${proxy.port}`, 'Baobab Data <hello@baobabdata.org>', {
        timeoutMs: 300,
      });
      await proxy.cut('hang');
      const w = worker({ maxAttempts: 1 });
      const started = Date.now();
      expect(await w.runOnce()).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
    });
  });

  it('sends full batches one after another without waiting for the next poll', async () => {
    for (let i = 0; i < 5; i++) await queueOne(`M${i}`);
    const w = worker({ batchSize: 2, pollMs: 60_000 });
    w.start();
    // One start, one poll a minute away: only chaining passes can send all five now.
    const deadline = Date.now() + 5000;
    while (smtp.received.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await w.stop();
    expect(smtp.received).toHaveLength(5);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 5, failed: 0 });
  });

  it('backs off exponentially between attempts, up to an hour', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n, 1000, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(30, 1000, () => 0)).toBe(3_600_000);
    expect(retryDelay(0, 1000, () => 1)).toBe(1200);
  });

  it('never lets two workers on one store send the same message', async () => {
    for (let i = 0; i < 30; i++) await queueOne(`M${i}`);
    const other = openSqliteStore(join(dir, 'db.sqlite'));
    const a = worker({ owner: 'a', batchSize: 4 });
    const b = createOutboxWorker({
      store: () => other,
      transport,
      owner: 'b',
      maxAttempts: 3,
      retryBaseMs: 0,
      pollMs: 1000,
      batchSize: 4,
      log: () => {},
    });
    let total = 0;
    for (let round = 0; round < 10; round++)
      total += (await Promise.all([a.runOnce(), b.runOnce()])).reduce((x, y) => x + y, 0);
    await other.close();
    expect(total).toBe(30);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(30);
    expect(smtp.received).toHaveLength(30);
  });

  it('writes a record and its messages together or not at all', async () => {
    const broken = { to: null as unknown as string, subject: 's', text: 't', html: 'h' };
    await expect(
      store.add(
        'contact',
        { name: 'X', email: 'x@example.org', message: 'm', date: 1 },
        { mails: [{ ...broken, to: 'ok@example.org' }, broken] },
      ),
    ).rejects.toThrow();
    expect(await store.list('contact')).toEqual([]);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
  });
});

describe('the file transport (embedded default)', () => {
  it('writes each message as an .eml file named by its outbox id, once even if sent twice', async () => {
    await submit('contactUs', { name: 'Ada', email: 'ada@example.org', message: 'To a file' });
    const mailDir = join(dir, 'mail');
    const files = fileTransport(mailDir, 'Baobab Data <hello@baobabdata.org>');
    const [message] = await store.claimMails('t', Date.now(), 10, 1000);
    await files.send(message!);
    await files.send(message!);
    expect(readdirSync(mailDir)).toEqual([`${message!.id}.eml`]);
    const parsed = await PostalMime.parse(readFileSync(join(mailDir, `${message!.id}.eml`)));
    expect(parsed.subject).toBe('Message from Ada via the website');
    expect(parsed.text).toContain('> To a file');
  });
});
