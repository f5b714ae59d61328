/** @jest-environment node */
import type { Email } from 'postal-mime';

import { answers } from '@/lib/forms/submit';
import { smtpTransport, type MailTransport } from '@/lib/mail/transport';
import { createOutboxWorker } from '@/lib/mail/worker';
import { doubleOptInNewsletter, type DoubleOptInNewsletter } from '@/lib/newsletter';
import { confirmPost, unsubscribeGet, unsubscribePost } from '@/lib/newsletter/routes';
import type { Store } from '@/lib/storage/types';

import { startSmtpServer } from '../helpers/smtp';
import { bothStores } from '../helpers/stores';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 22, 9);
const site = { siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const header = (mail: Email, name: string) => mail.headers.find((h) => h.key === name.toLowerCase())?.value;
const linkIn = (mail: Email, path: string) => {
  const match = mail.text!.match(new RegExp(`https://baobabdata\\.org${path}\\?t=\\S+`));
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[0];
};
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
const post = (url: string, body: Record<string, string> | string) =>
  new Request(url, {
    method: 'POST',
    body: typeof body === 'string' ? body : new URLSearchParams(body),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
  });

describe.each(bothStores)('newsletter life cycle on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let list: DoubleOptInNewsletter;
  let transport: MailTransport;

  beforeEach(async () => {
    store = await harness.open();
    list = doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site });
    transport = smtpTransport(smtp.url, 'Baobab Data <hello@baobabdata.org>');
    smtp.received.length = 0;
  });
  afterEach(async () => {
    transport.close();
    await store.close();
  });
  afterAll(() => harness.cleanup());

  // Sends what the outbox holds, as the server's worker does, and gives back what arrived.
  async function deliver(): Promise<Email[]> {
    const before = smtp.received.length;
    const worker = createOutboxWorker({
      store: () => store,
      transport,
      owner: 'test',
      maxAttempts: 1,
      retryBaseMs: 10,
      pollMs: 1000,
      now: () => Date.now() + 365 * DAY,
      log: () => {},
    });
    while ((await worker.runOnce()) > 0);
    return smtp.received.slice(before);
  }

  it('keeps a sign-up pending, mails a link whose page POST confirms it, then welcomes the subscriber', async () => {
    expect(await list.subscribe('Ada', 'Ada@example.org', T0)).toEqual({
      result: 'success',
      msg: `Almost finished… ${answers.checkInbox}`,
    });
    expect((await store.getSubscriber('ada@example.org'))?.data).toMatchObject({
      status: 'pending',
      email: 'Ada@example.org',
    });

    const [confirmation] = await deliver();
    expect(confirmation!.subject).toBe('Confirm your subscription to the Baobab Data newsletter');
    expect(confirmation!.to![0]!.address).toBe('Ada@example.org');
    const confirmLink = linkIn(confirmation!, '/newsletter/confirm');
    expect(header(confirmation!, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/baobabdata\.org\/api\/newsletter\/unsubscribe\?t=\S+>$/,
    );
    expect(header(confirmation!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(confirmation!.html).toContain('Unsubscribe</a>');

    const answer = await confirmPost(
      post('https://baobabdata.org/api/newsletter/confirm', { t: tokenOf(confirmLink) }),
      list,
      T0 + DAY,
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/newsletter/confirm?result=confirmed');
    expect((await store.getSubscriber('ada@example.org'))?.data).toMatchObject({
      status: 'confirmed',
      statusDate: T0 + DAY,
    });

    const [welcome] = await deliver();
    expect(welcome!.subject).toBe('Welcome to the Baobab Data community');
    expect(header(welcome!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(linkIn(welcome!, '/newsletter/unsubscribe')).toBeTruthy();

    // Pressing the button twice confirms once.
    await confirmPost(
      post('https://baobabdata.org/api/newsletter/confirm', { t: tokenOf(confirmLink) }),
      list,
      T0 + DAY,
    );
    expect(await deliver()).toEqual([]);
  });

  it('re-sends a pending address at most one confirmation a day, and answers every sign-up alike', async () => {
    const first = await list.subscribe('Ada', 'ada@example.org', T0);
    expect(await deliver()).toHaveLength(1);
    expect(await list.subscribe('Ada', 'ADA@example.org', T0 + 60_000)).toEqual(first);
    expect(await list.subscribe('Ada', 'ada@example.org', T0 + DAY - 1)).toEqual(first);
    expect(await deliver()).toEqual([]);
    expect(await list.subscribe('Ada', 'ada@example.org', T0 + DAY)).toEqual(first);
    expect((await deliver()).map((m) => m.subject)).toEqual([
      'Confirm your subscription to the Baobab Data newsletter',
    ]);

    // A confirmed address hears nothing new and sees the same answer: the form is no oracle.
    const [mail] = await (async () => {
      await list.subscribe('Kofi', 'kofi@example.org', T0);
      return deliver();
    })();
    await list.confirm(tokenOf(linkIn(mail!, '/newsletter/confirm')), T0);
    await deliver();
    expect(await list.subscribe('Kofi', 'kofi@example.org', T0 + 2 * DAY)).toEqual(first);
    expect(await deliver()).toEqual([]);
    expect((await store.list('newsletter')).map((r) => r.data.email).sort()).toEqual([
      'ada@example.org',
      'kofi@example.org',
    ]);
  });

  it('refuses an expired, altered or foreign link, and any hostile body', async () => {
    await list.subscribe('Ada', 'ada@example.org', T0);
    const token = tokenOf(linkIn((await deliver())[0]!, '/newsletter/confirm'));
    expect(await list.confirm(token, T0 + 7 * DAY)).toBe('invalid');
    expect(await list.confirm(`${token}x`, T0)).toBe('invalid');
    const foreign = doubleOptInNewsletter({ store: () => store, secret: () => 'o'.repeat(40), mail: () => site });
    expect(await foreign.confirm(token, T0)).toBe('invalid');
    for (const body of ['', 't=', 'not a form', '%%%', 't=bogus&t=other']) {
      const answer = await confirmPost(post('https://baobabdata.org/api/newsletter/confirm', body), list, T0);
      expect(answer.headers.get('location')).toBe('/newsletter/confirm?result=invalid');
    }
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('pending');
  });

  it.each([
    ['from another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['with another Origin', { origin: 'https://evil.example' }],
    ['with Origin null', { origin: 'null' }],
    ['from a page on another port', { 'sec-fetch-site': 'same-site' }],
    ['with neither Fetch Metadata nor Origin', {}],
  ])('refuses a confirmation posted %s, like a form, and confirms nothing', async (_, headers) => {
    await list.subscribe('Ada', 'ada@example.org', T0);
    const token = tokenOf(linkIn((await deliver())[0]!, '/newsletter/confirm'));
    const answer = await confirmPost(
      new Request('https://baobabdata.org/api/newsletter/confirm', {
        method: 'POST',
        body: new URLSearchParams({ t: token }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }),
      list,
      T0,
    );
    expect(answer.status).toBe(403);
    expect(await answer.text()).toMatch(/did not come from our site/);
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('pending');
  });

  it('unsubscribes in one click (RFC 8058) or through the page, and a later confirmation link is refused', async () => {
    await list.subscribe('Ada', 'ada@example.org', T0);
    const [mail] = await deliver();
    const oneClick = header(mail!, 'List-Unsubscribe')!.slice(1, -1);

    const opened = unsubscribeGet(new Request(oneClick));
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/newsletter/unsubscribe?t=${encodeURIComponent(tokenOf(oneClick))}`);
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('pending');

    const clicked = await unsubscribePost(post(oneClick, { 'List-Unsubscribe': 'One-Click' }), list, T0 + 1);
    expect(clicked.status).toBe(200);
    expect((await store.getSubscriber('ada@example.org'))?.data).toMatchObject({
      status: 'unsubscribed',
      statusDate: T0 + 1,
    });
    expect(await list.confirm(tokenOf(linkIn(mail!, '/newsletter/confirm')), T0 + 2)).toBe('invalid');

    const page = linkIn(mail!, '/newsletter/unsubscribe');
    const pressed = await unsubscribePost(
      post('https://baobabdata.org/api/newsletter/unsubscribe', { t: tokenOf(page) }),
      list,
      T0 + 3,
    );
    expect(pressed.headers.get('location')).toBe('/newsletter/unsubscribe?result=unsubscribed');

    const bogus = await unsubscribePost(
      post('https://baobabdata.org/api/newsletter/unsubscribe?t=nope', { 'List-Unsubscribe': 'One-Click' }),
      list,
      T0,
    );
    expect(bogus.status).toBe(400);

    // Signing up again starts over with a new confirmation.
    await list.subscribe('Ada', 'ada@example.org', T0 + 2 * DAY);
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('pending');
    expect((await deliver()).map((m) => m.subject)).toEqual([
      'Confirm your subscription to the Baobab Data newsletter',
    ]);
  });

  it('sends someone who left and signs up again the same day a confirmation, once that day, and takes them back on it', async () => {
    await list.subscribe('Ada', 'ada@example.org', T0);
    await list.confirm(tokenOf(linkIn((await deliver())[0]!, '/newsletter/confirm')), T0 + 1);
    const [welcome] = await deliver();
    await list.unsubscribe(tokenOf(linkIn(welcome!, '/newsletter/unsubscribe')), T0 + 60_000);
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('unsubscribed');

    await list.subscribe('Ada', 'ada@example.org', T0 + 120_000);
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('pending');
    const [again] = await deliver();
    expect(again?.subject).toBe('Confirm your subscription to the Baobab Data newsletter');
    // The same day's further sign-ups send nothing more.
    await list.subscribe('Ada', 'ada@example.org', T0 + 180_000);
    expect(await deliver()).toEqual([]);

    expect(await list.confirm(tokenOf(linkIn(again!, '/newsletter/confirm')), T0 + 240_000)).toBe('confirmed');
    expect((await store.getSubscriber('ada@example.org'))?.data.status).toBe('confirmed');
    expect((await deliver()).map((m) => m.subject)).toEqual(['Welcome to the Baobab Data community']);
  });

  it('counts a subscriber from before double opt-in as confirmed', async () => {
    await store.add('newsletter', { name: 'Old', email: 'old@example.org', date: 1 }, { uniqueKey: 'old@example.org' });
    await list.subscribe('Old', 'old@example.org', T0);
    expect(await deliver()).toEqual([]);
    const token = new URL(list.links('old@example.org', T0).unsubscribe).searchParams.get('t')!;
    expect(await list.unsubscribe(token, T0)).toBe('unsubscribed');
    expect((await store.getSubscriber('old@example.org'))?.data.status).toBe('unsubscribed');
  });
});
