/** @jest-environment node */
import type { Email } from 'postal-mime';

import { letterOf, storedOf, type Letter } from '@/lib/letters/letter';
import {
  letterPreparer,
  letterRefusals,
  PAUSED_LOOK_AGAIN_MS,
  queueDueBatches,
  setPaused,
  startSending,
} from '@/lib/letters/send';
import { smtpTransport, type MailTransport } from '@/lib/mail/transport';
import { createOutboxWorker } from '@/lib/mail/worker';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { unsubscribePost } from '@/lib/newsletter/routes';
import type { Store } from '@/lib/storage/types';

import { startSmtpServer } from '../helpers/smtp';
import { bothStores } from '../helpers/stores';

// The emulator's round trips make a Firestore run take a few seconds.
jest.setTimeout(60_000);

const T0 = Date.UTC(2026, 10, 26, 9);
const SITE = 'https://baobabdata.org';
const SECRET = 's'.repeat(40);
const staff = { id: 'session', email: 'editor@baobabdata.org', createdAt: T0, seenAt: T0 };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const header = (mail: Email, name: string) => mail.headers.find((h) => h.key === name.toLowerCase())?.value;
const toOf = (mail: Email) => mail.to![0]!.address!;

function letter(audience: string, slug = 'november'): Letter {
  return {
    id: `letter-${slug}`,
    slug,
    updatedAt: T0,
    versions: {
      en: {
        subject: 'News from Baobab Data',
        body: '# November\n\nRead [our projects](https://baobabdata.org/projects).',
      },
      fr: {
        subject: 'Nouvelles de Baobab Data',
        body: '# Novembre\n\nLisez [nos projets](https://baobabdata.org/fr/projects).',
      },
    },
    audience,
    testList: [],
    status: 'draft',
    createdBy: staff.email,
    updatedBy: staff.email,
  };
}

async function subscribe(store: Store, email: string, data: Record<string, string | number>) {
  await store.add('newsletter', { name: 'Reader', email, date: T0, ...data }, { uniqueKey: email });
}

describe.each(bothStores)('letters on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let storeName = '';
  let opened = 0;
  let transport: MailTransport;
  const settings = { siteUrl: SITE, linkSecret: SECRET, ratePerMinute: 60_000 };

  beforeEach(async () => {
    storeName = `letters${++opened}`;
    store = await harness.open(storeName);
    transport = smtpTransport(smtp.url, 'Baobab Data <hello@baobabdata.org>');
    smtp.received.length = 0;
    smtp.unknown.clear();
  });
  afterEach(async () => {
    transport.close();
    await store.close();
  });
  afterAll(() => harness.cleanup());

  // `now` is the worker's clock (the real one unless a test moves it).
  function worker(on: Store = store, now?: () => number) {
    return createOutboxWorker({
      store: () => on,
      transport,
      owner: `test-${Math.random()}`,
      maxAttempts: 3,
      retryBaseMs: 10,
      pollMs: 1000,
      now,
      log: () => {},
      prepare: letterPreparer(on, settings, () => T0),
      refused: letterRefusals(on, () => T0),
    });
  }

  // Queues every batch, as the periodic task of one instance does, then sends what the outbox holds.
  async function sendAll(on: Store = store, now = T0): Promise<Email[]> {
    const before = smtp.received.length;
    for (let t = now; (await queueDueBatches(on, settings, t)) > 0; t += 1000);
    await queueDueBatches(on, settings, now + 3_600_000);
    const w = worker(on);
    while ((await w.runOnce()) > 0);
    return smtp.received.slice(before);
  }

  async function readers(s: Store) {
    await subscribe(s, 'ada@example.org', { status: 'confirmed', lang: 'en' });
    await subscribe(s, 'kofi@example.org', { status: 'confirmed', lang: 'en' });
    await subscribe(s, 'amina@example.org', { status: 'confirmed', lang: 'fr' });
    await subscribe(s, 'old@example.org', {});
    await subscribe(s, 'pending@example.org', { status: 'pending', lang: 'en' });
    await subscribe(s, 'left@example.org', { status: 'unsubscribed', lang: 'en' });
    await subscribe(s, 'gone@example.org', { status: 'confirmed', lang: 'en', bounces: 2 });
  }

  it('mails every confirmed subscriber once, in their language, and nobody pending, unsubscribed or stopped', async () => {
    await readers(store);
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    expect(await startSending(store, news, staff, T0)).toBe('started');
    const mails = await sendAll();
    expect(mails.map(toOf).sort()).toEqual([
      'ada@example.org',
      'amina@example.org',
      'kofi@example.org',
      'old@example.org',
    ]);
    const french = mails.find((m) => toOf(m) === 'amina@example.org')!;
    expect(french.subject).toBe('Nouvelles de Baobab Data');
    expect(french.html).toContain('lang="fr"');
    expect(french.text).toContain('https://baobabdata.org/fr/newsletter/november');
    const english = mails.find((m) => toOf(m) === 'ada@example.org')!;
    expect(english.subject).toBe('News from Baobab Data');
    expect(english.html).toContain('href="https://baobabdata.org/projects"');
    expect(english.html).not.toMatch(/<img[^>]+(width="1"|height="1")/);
    expect(english.text).toContain('14 Broad Street, Lagos Island');
    expect(header(english, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(letterOf(await store.getLetter(news.id))?.status).toBe('sent');
    expect(await store.letterMailCounts(news.id)).toEqual({ pending: 0, sent: 4, failed: 0, skipped: 0 });
    // A replayed start sends nothing more.
    expect(await startSending(store, letterOf(await store.getLetter(news.id))!, staff, T0 + 1)).toBe('already');
    expect(await sendAll(store, T0 + 10_000)).toEqual([]);
  });

  it('gives each letter a one-click unsubscribe (RFC 8058) that works, and its own unsubscribe link', async () => {
    await readers(store);
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    await startSending(store, news, staff, T0);
    const mails = await sendAll();
    const list = doubleOptInNewsletter({
      store: () => store,
      secret: () => SECRET,
      mail: () => ({ siteUrl: SITE, siteName: 'Baobab Data' }),
    });
    for (const mail of mails) {
      const oneClick = header(mail, 'List-Unsubscribe')!.slice(1, -1);
      expect(mail.text).toMatch(/\/newsletter\/unsubscribe\?t=/);
      const answer = await unsubscribePost(
        new Request(oneClick, {
          method: 'POST',
          body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        list,
        T0 + 1,
      );
      expect(answer.status).toBe(200);
      expect((await store.getSubscriber(toOf(mail)))?.data.status).toBe('unsubscribed');
    }
  });

  it('does not mail someone who unsubscribed after the send started, and counts them as not sent', async () => {
    await readers(store);
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    await startSending(store, news, staff, T0);
    for (let t = T0; (await queueDueBatches(store, settings, t)) > 0; t += 1000);
    await store.updateSubscriber('kofi@example.org', { status: 'unsubscribed', statusDate: T0 + 5 });
    const w = worker();
    while ((await w.runOnce()) > 0);
    expect(smtp.received.map(toOf).sort()).toEqual(['ada@example.org', 'amina@example.org', 'old@example.org']);
    expect(await store.letterMailCounts(news.id)).toMatchObject({ sent: 3, skipped: 1 });
  });

  it('takes up a send stopped between batches where it ended: nobody twice, nobody missed', async () => {
    for (let i = 0; i < 30; i++) await subscribe(store, `reader${i}@example.org`, { status: 'confirmed', lang: 'en' });
    const slow = { ...settings, ratePerMinute: 300 };
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    await startSending(store, news, staff, T0);
    // Two batches of five, then the instance is gone; a new one (another connection) carries on.
    expect(await queueDueBatches(store, slow, T0)).toBe(5);
    expect(await queueDueBatches(store, slow, T0 + 500)).toBe(0);
    expect(await queueDueBatches(store, slow, T0 + 1000)).toBe(5);
    const other = await harness.open(storeName);
    try {
      for (let t = T0 + 2000; (await queueDueBatches(other, slow, t)) > 0; t += 1000);
      const w = worker(other);
      while ((await w.runOnce()) > 0);
    } finally {
      await other.close();
    }
    const to = smtp.received.map(toOf);
    expect(to).toHaveLength(30);
    expect(new Set(to).size).toBe(30);
  });

  it('holds a paused letter’s queued mails untried, and sends each once after the resume', async () => {
    for (let i = 0; i < 8; i++) await subscribe(store, `reader${i}@example.org`, { status: 'confirmed', lang: 'en' });
    const slow = { ...settings, ratePerMinute: 300 };
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    await startSending(store, news, staff, T0);
    expect(await queueDueBatches(store, slow, T0)).toBe(5);
    const current = async () => letterOf(await store.getLetter(news.id))!;
    expect(await setPaused(store, await current(), true, staff, T0 + 100)).toBe(true);
    // The worker's clock: looked at again and again while paused, the queued mails neither leave nor
    // use up their attempts (three here).
    let clock = Date.now();
    const w = worker(store, () => clock);
    for (let i = 0; i < 5; i++) {
      expect(await w.runOnce()).toBe(0);
      clock += PAUSED_LOOK_AGAIN_MS;
    }
    expect(await queueDueBatches(store, slow, T0 + 60_000)).toBe(0);
    expect(smtp.received).toEqual([]);
    expect(await store.letterMailCounts(news.id)).toMatchObject({ pending: 5, sent: 0, failed: 0 });

    expect(await setPaused(store, await current(), false, staff, T0 + 120_000)).toBe(true);
    for (let t = T0 + 120_000; (await queueDueBatches(store, slow, t)) > 0; t += 1000);
    while ((await w.runOnce()) > 0);
    clock += PAUSED_LOOK_AGAIN_MS;
    while ((await w.runOnce()) > 0);
    const to = smtp.received.map(toOf);
    expect(to).toHaveLength(8);
    expect(new Set(to).size).toBe(8);
    expect(await store.letterMailCounts(news.id)).toMatchObject({ pending: 0, sent: 8, failed: 0 });
  });

  it('reads the list once per instance for a whole send, not once per batch', async () => {
    for (let i = 0; i < 30; i++) await subscribe(store, `reader${i}@example.org`, { status: 'confirmed', lang: 'en' });
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    await startSending(store, news, staff, T0);
    const list = store.list.bind(store);
    let reads = 0;
    const counted = Object.assign(Object.create(Object.getPrototypeOf(store) as object) as Store, store, {
      list: (...args: Parameters<Store['list']>) => {
        if (args[0] === 'newsletter') reads += 1;
        return list(...args);
      },
    });
    const slow = { ...settings, ratePerMinute: 300 };
    let batches = 0;
    for (let t = T0; (await queueDueBatches(counted, slow, t)) > 0 || t === T0; t += 1000) batches += 1;
    expect(batches).toBe(6);
    expect(reads).toBe(1);
  });

  it('has two instances sending one letter mail each person once', async () => {
    for (let i = 0; i < 20; i++) await subscribe(store, `reader${i}@example.org`, { status: 'confirmed', lang: 'en' });
    const news = letter('subscribers');
    await store.saveLetter(storedOf(news));
    await startSending(store, news, staff, T0);
    const other = await harness.open(storeName);
    try {
      const fast = { ...settings, ratePerMinute: 300 };
      for (let t = T0; t <= T0 + 5000; t += 1000) {
        await Promise.all([queueDueBatches(store, fast, t), queueDueBatches(other, fast, t)]);
      }
      const [a, b] = [worker(store), worker(other)];
      while ((await Promise.all([a.runOnce(), b.runOnce()])).some((n) => n > 0));
    } finally {
      await other.close();
    }
    const to = smtp.received.map(toOf);
    expect(to).toHaveLength(20);
    expect(new Set(to).size).toBe(20);
  });

  it('sends a registrant message to an event’s list, without spam or an unsubscribe, and marks refused addresses', async () => {
    const event = 'baobab-data-hackathon-2023';
    const register = (email: string, extra: Record<string, string> = {}) =>
      store.add('user', { firstName: 'A', lastName: 'B', email, event, date: T0, lang: 'en', ...extra });
    await register('ada@example.org');
    await register('amina@example.org', { lang: 'fr' });
    await register('spam@example.org', { staffStatus: 'spam' });
    // Gave their place back, still waiting, an offer that passed: none holds a place.
    await register('gone@example.org', { booking: 'cancelled', cancelledAt: String(T0) });
    await register('waiting@example.org', { booking: 'waiting' });
    await register('passed@example.org', { booking: 'passed' });
    await register('offered@example.org', { booking: 'offered' });
    await register('nobody@example.org');
    await store.add('user', { firstName: 'C', lastName: 'D', email: 'other@example.org', event: 'another', date: T0 });
    await subscribe(store, 'nobody@example.org', { status: 'confirmed' });
    smtp.unknown.add('nobody@example.org');
    const message = letter(`item:user:${event}`, 'venue');
    await store.saveLetter(storedOf(message));
    expect(await startSending(store, message, staff, T0)).toBe('started');
    const mails = await sendAll();
    expect(mails.map(toOf).sort()).toEqual(['ada@example.org', 'amina@example.org', 'offered@example.org']);
    for (const mail of mails) expect(header(mail, 'List-Unsubscribe')).toBeUndefined();
    // Each is told why in their language, the event named as its page in that language names it.
    const why = (to: string) => mails.find((mail) => toOf(mail) === to)!.text;
    expect(why('ada@example.org')).toContain('gave your address for “Baobab Data Hackathon 2023”.');
    expect(why('amina@example.org')).toContain(
      'avez donné votre adresse pour «\u00a0Hackathon Baobab Data 2023\u00a0»',
    );
    expect(await store.letterMailCounts(message.id)).toMatchObject({ sent: 3, failed: 1 });
    expect((await store.getSubscriber('nobody@example.org'))?.data.bounces).toBe(1);
  });
});
