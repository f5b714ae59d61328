/** @jest-environment node */
import { readConfig } from '@/lib/config';
import { audienceCounts, review } from '@/lib/letters';
import {
  CAMPAIGN_LEASE_MS,
  campaignTitle,
  retryCampaigns,
  runCampaigns,
  startCampaigns,
} from '@/lib/letters/campaigns';
import { letterOf, storedOf, type Letter } from '@/lib/letters/letter';
import { mailchimpApi } from '@/lib/newsletter/mailchimp-api';
import {
  mailchimpWebhookGet,
  mailchimpWebhookPost,
  type MailchimpWebhookContext,
} from '@/lib/newsletter/mailchimp-webhook';
import { setSingleton } from '@/lib/singletons';
import type { Store } from '@/lib/storage/types';

import { startMailchimpStub, type MailchimpStub } from '../helpers/mailchimp-stub';
import { bothStores } from '../helpers/stores';

// Newsletters as Mailchimp campaigns (lib/letters/campaigns.ts) and Mailchimp's webhook
// (lib/newsletter/mailchimp-webhook.ts), against a local stub of the Marketing API, on both stores.
jest.setTimeout(60_000);

const T0 = Date.UTC(2026, 10, 26, 9);
const SITE = 'https://baobabdata.org';
const SECRET = 'w'.repeat(32);
const staff = { id: 'session', email: 'editor@baobabdata.org', createdAt: T0, seenAt: T0 };
const sender = { siteUrl: SITE, fromName: 'Baobab Data', replyTo: 'hello@baobabdata.org' };

function letter(slug = 'november', versions: Letter['versions'] | null = null): Letter {
  return {
    id: `letter-${slug}`,
    slug,
    updatedAt: T0,
    versions: versions ?? {
      en: {
        subject: 'News from Baobab Data',
        body: '# November\n\nRead [our projects](https://baobabdata.org/projects).',
      },
      fr: {
        subject: 'Nouvelles de Baobab Data',
        body: '# Novembre\n\nLisez [nos projets](https://baobabdata.org/fr/projects).',
      },
    },
    audience: 'subscribers',
    testList: [],
    status: 'draft',
    createdBy: staff.email,
    updatedBy: staff.email,
  };
}

// The client gives up at 2 s, the stub's slow answers come at 3 s. A tighter timeout (400 ms) gave up on
// an ordinary answer once, in a CI run whose two processors were both busy ('unreachable' for 'started').
const TIMEOUT_MS = 2_000;
const SLOW_MS = 3_000;
// Until the slow answer the client gave up on has reached the stub's records.
const untilTheLostAnswer = () => sleep(SLOW_MS - TIMEOUT_MS + 300);

let stub: MailchimpStub;
beforeAll(async () => {
  stub = await startMailchimpStub({ slowMs: SLOW_MS });
});
afterAll(() => stub.close());

const api = () => mailchimpApi({ key: stub.apiKey, baseUrl: stub.apiUrl, listId: stub.listId, timeoutMs: TIMEOUT_MS });
const count = (calls: string[], pattern: RegExp) => calls.filter((call) => pattern.test(call)).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function audience() {
  stub.addMember('ada@example.org', 'en');
  stub.addMember('kofi@example.org');
  stub.addMember('amina@example.org', 'fr');
  stub.addMember('left@example.org', 'fr', 'unsubscribed');
  stub.addMember('bounced@example.org', 'en', 'cleaned');
}

describe.each(bothStores)('newsletters through Mailchimp on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let storeName = '';
  let opened = 0;

  beforeEach(async () => {
    storeName = `mailchimp${++opened}`;
    store = await harness.open(storeName);
    stub.members.clear();
    stub.campaigns.clear();
    stub.failures.length = 0;
    stub.requests.length = 0;
  });
  afterEach(() => store.close());
  afterAll(() => harness.cleanup());

  async function started(news = letter(), on: Store = store) {
    await on.saveLetter(storedOf(news));
    expect(await startCampaigns(on, api(), news, staff, T0)).toBe('started');
    return letterOf(await on.getLetter(news.id))!;
  }
  const current = async (id = 'letter-november') => letterOf(await store.getLetter(id))!;

  it('creates one campaign per language, to that language’s members, sets its content and sends each once', async () => {
    audience();
    const news = await started();
    expect(news).toMatchObject({ status: 'sending', delivery: 'mailchimp', recipients: 3 });
    expect(await runCampaigns(store, api(), news, sender, T0)).toBe('sent');

    const campaigns = [...stub.campaigns.values()];
    expect(campaigns).toHaveLength(2);
    const [en, fr] = ['en', 'fr'].map((lang) =>
      campaigns.find((c) => c.settings.title === campaignTitle(news, lang as 'en'))!,
    );
    expect(en!.settings).toEqual({
      subject_line: 'News from Baobab Data',
      title: campaignTitle(news, 'en'),
      from_name: 'Baobab Data',
      reply_to: 'hello@baobabdata.org',
    });
    // The default language's campaign goes to everyone whose language has no version of its own.
    expect(en!.sentTo.sort()).toEqual(['ada@example.org', 'kofi@example.org']);
    expect(fr!.sentTo).toEqual(['amina@example.org']);
    expect(fr!.settings.subject_line).toBe('Nouvelles de Baobab Data');
    expect(fr!.html).toContain('Novembre');
    expect(fr!.html).toContain('*|UNSUB|*');
    expect(fr!.plainText).toContain('*|UNSUB|*');
    expect(fr!.html).toContain(`${SITE}/fr/newsletter/november`);
    expect(en!.html).not.toContain('letter.invalid');

    const calls = stub.calls();
    expect(count(calls, /^POST \/3\.0\/campaigns$/)).toBe(2);
    expect(count(calls, /^PUT .*\/content$/)).toBe(2);
    expect(count(calls, /^POST .*\/actions\/send$/)).toBe(2);

    const done = await current();
    expect(done.status).toBe('sent');
    expect(done.campaigns).toEqual({
      en: { id: en!.id, sent: true, recipients: 2 },
      fr: { id: fr!.id, sent: true, recipients: 1 },
    });
    const audit = (await store.auditLog(50)).map((entry) => `${entry.what} ${entry.detail}`);
    expect(audit.filter((line) => line.startsWith('letter-send'))).toEqual([
      'letter-send “News from Baobab Data” as Mailchimp campaigns to 3 members (subscribers)',
    ]);
    expect(audit.filter((line) => line.startsWith('letter-campaign')).sort()).toEqual([
      `letter-campaign “News from Baobab Data” (en): Mailchimp campaign ${en!.id}, 2 members`,
      `letter-campaign “Nouvelles de Baobab Data” (fr): Mailchimp campaign ${fr!.id}, 1 members`,
    ]);

    // Nothing more happens, however often it is run or started again.
    const before = stub.calls().length;
    expect(await runCampaigns(store, api(), done, sender, T0 + CAMPAIGN_LEASE_MS * 2)).toBe('idle');
    expect(await startCampaigns(store, api(), done, staff, T0)).toBe('already');
    expect(stub.calls().length).toBe(before);
  });

  it('sends a letter without a translation as one campaign to the whole audience', async () => {
    audience();
    const news = await started(letter('english-only', { en: letter().versions.en }));
    expect(await runCampaigns(store, api(), news, sender, T0)).toBe('sent');
    const campaigns = [...stub.campaigns.values()];
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]!.conditions).toEqual([]);
    expect(campaigns[0]!.sentTo.sort()).toEqual(['ada@example.org', 'amina@example.org', 'kofi@example.org']);
  });

  it('two instances pressing send and running together: one campaign per language, each sent once', async () => {
    audience();
    const news = letter();
    await store.saveLetter(storedOf(news));
    const other = await harness.open(storeName);
    try {
      const starts = await Promise.all([
        startCampaigns(store, api(), news, staff, T0),
        startCampaigns(other, api(), news, staff, T0),
      ]);
      expect(starts.sort()).toEqual(['already', 'started']);
      const sending = await current();
      const runs = await Promise.all([
        runCampaigns(store, api(), sending, sender, T0),
        runCampaigns(other, api(), sending, sender, T0 + 1),
      ]);
      expect(runs.sort()).toEqual(['busy', 'sent']);
    } finally {
      await other.close();
    }
    expect(stub.campaigns.size).toBe(2);
    expect(count(stub.calls(), /^POST .*\/actions\/send$/)).toBe(2);
    expect((await current()).status).toBe('sent');
  });

  it('a refusal from Mailchimp leaves the letter failed with Mailchimp’s words; trying again goes on without a second campaign', async () => {
    audience();
    stub.failures.push({
      method: 'POST',
      path: /\/actions\/send$/,
      status: 400,
      title: 'Bad Request',
      detail: 'Your Campaign is not ready to send.',
      times: 1,
    });
    const news = await started();
    expect(await runCampaigns(store, api(), news, sender, T0)).toBe('failed');
    const failed = await current();
    expect(failed.status).toBe('failed');
    expect(failed.failure?.message).toBe('Mailchimp answered 400: Bad Request: Your Campaign is not ready to send.');
    expect(failed.campaigns?.en?.id).toBeDefined();
    expect(failed.campaigns?.en?.sent).toBeUndefined();
    // Not sent, so not in the archive; the periodic task leaves it alone until staff try again.
    expect(await runCampaigns(store, api(), failed, sender, T0 + 1)).toBe('idle');

    expect(await retryCampaigns(store, failed, staff.email, T0 + 10)).toBe(true);
    // A second press of the same button (or a replayed post) changes nothing more.
    expect(await retryCampaigns(store, failed, staff.email, T0 + 11)).toBe(false);
    const again = await current();
    expect(again.status).toBe('sending');
    expect(again.failure).toBeUndefined();
    expect(await runCampaigns(store, api(), again, sender, T0 + 20)).toBe('sent');
    expect(stub.campaigns.size).toBe(2);
    expect([...stub.campaigns.values()].every((c) => c.status === 'sent')).toBe(true);
    expect((await store.auditLog(50)).filter((entry) => entry.what === 'letter-retry')).toHaveLength(1);
  });

  it('a 503 and a slow answer fail the run; the campaign created behind the lost answer is found again, not made twice', async () => {
    audience();
    stub.failures.push({ method: 'POST', path: /^\/3\.0\/campaigns$/, status: 503, times: 1 });
    const news = await started();
    expect(await runCampaigns(store, api(), news, sender, T0)).toBe('failed');
    expect((await current()).failure?.message).toMatch(/^Mailchimp answered 503/);
    expect(stub.campaigns.size).toBe(0);

    // Mailchimp makes the campaign but answers after the site stopped waiting.
    stub.failures.push({ method: 'POST', path: /^\/3\.0\/campaigns$/, status: 'slow', times: 1 });
    await retryCampaigns(store, await current(), staff.email, T0 + 10);
    expect(await runCampaigns(store, api(), await current(), sender, T0 + 20)).toBe('failed');
    expect((await current()).failure?.message).toBe('Mailchimp did not answer within 2 s');
    await untilTheLostAnswer();
    expect(stub.campaigns.size).toBe(1);

    await retryCampaigns(store, await current(), staff.email, T0 + 30);
    expect(await runCampaigns(store, api(), await current(), sender, T0 + 40)).toBe('sent');
    expect(stub.campaigns.size).toBe(2);
    expect(count(stub.calls(), /^POST .*\/actions\/send$/)).toBe(2);
  });

  it('a send whose answer was lost is recorded as sent, never sent again', async () => {
    audience();
    stub.failures.push({ method: 'POST', path: /\/actions\/send$/, status: 'slow', times: 1 });
    const news = await started();
    expect(await runCampaigns(store, api(), news, sender, T0)).toBe('failed');
    await untilTheLostAnswer();
    await retryCampaigns(store, await current(), staff.email, T0 + 10);
    expect(await runCampaigns(store, api(), await current(), sender, T0 + 20)).toBe('sent');
    expect(count(stub.calls(), /^POST .*\/actions\/send$/)).toBe(2);
    expect([...stub.campaigns.values()].map((c) => c.sentTo.length).sort()).toEqual([1, 2]);
  });

  it('a run whose instance died is taken over once its lease ran out, with the campaign it had made', async () => {
    audience();
    const news = await started();
    // The dead run: claimed, made the English campaign, and stopped before keeping its id.
    await store.claimJob(`letter:${news.id}:campaign:1`, {
      name: `letter-campaign:${news.id}`,
      at: T0,
      n: 1,
      done: false,
    });
    await api().createCampaign({
      title: campaignTitle(news, 'en'),
      subject: 's',
      fromName: 'f',
      replyTo: 'r@example.org',
    });
    expect(await runCampaigns(store, api(), news, sender, T0 + 1000)).toBe('busy');
    expect(await runCampaigns(store, api(), news, sender, T0 + CAMPAIGN_LEASE_MS + 1)).toBe('sent');
    expect(stub.campaigns.size).toBe(2);
    expect([...stub.campaigns.values()].every((c) => c.status === 'sent')).toBe(true);
  });

  it('a language nobody in the audience reads is recorded as such, not as a failure', async () => {
    stub.addMember('ada@example.org', 'en');
    const news = await started();
    expect(await runCampaigns(store, api(), news, sender, T0)).toBe('sent');
    expect((await current()).campaigns?.fr).toMatchObject({ empty: true, recipients: 0 });
  });

  it('nothing starts when Mailchimp cannot be reached or the audience is empty', async () => {
    const news = letter();
    await store.saveLetter(storedOf(news));
    expect(await startCampaigns(store, api(), news, staff, T0)).toBe('empty');
    stub.failures.push({ method: 'GET', path: /^\/3\.0\/lists\//, status: 'slow', times: 1 });
    stub.addMember('ada@example.org', 'en');
    expect(await startCampaigns(store, api(), news, staff, T0)).toBe('unreachable');
    expect((await current()).status).toBe('draft');
  });

  describe('the webhook', () => {
    const context = (changes: Partial<MailchimpWebhookContext> = {}): MailchimpWebhookContext => ({
      store,
      secret: SECRET,
      listId: stub.listId,
      stopAfter: 2,
      now: () => T0 + 5,
      log: () => {},
      ...changes,
    });
    const hook = (secret: string | null = SECRET) =>
      `http://127.0.0.1/api/newsletter/mailchimp${secret === null ? '' : `?secret=${secret}`}`;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const post = (
      body: string,
      { secret = SECRET as string | null, type = 'application/x-www-form-urlencoded' } = {},
    ) =>
      mailchimpWebhookPost(
        context(),
        new Request(hook(secret), { method: 'POST', headers: { 'content-type': type }, body }),
      );
    const event = (type: string, data: Record<string, string>) =>
      form({
        type,
        fired_at: '2026-11-26 09:00:00',
        ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data[${k}]`, v])),
      });
    const status = async (email: string) => (await store.getSubscriber(email))?.data;

    beforeEach(async () => {
      for (const email of ['ada@example.org', 'kofi@example.org']) {
        await store.add(
          'newsletter',
          { name: 'Reader', email, date: T0, status: 'confirmed', lang: 'en' },
          { uniqueKey: email },
        );
      }
    });

    it('answers Mailchimp’s check of the address only with the secret', async () => {
      expect(mailchimpWebhookGet(context(), new Request(hook())).status).toBe(200);
      expect(mailchimpWebhookGet(context(), new Request(hook(null))).status).toBe(401);
      expect(mailchimpWebhookGet(context(), new Request(hook('x'.repeat(32)))).status).toBe(403);
      expect(mailchimpWebhookGet(context({ secret: null }), new Request(hook())).status).toBe(404);
    });

    it('unsubscribes the address on the local list once; a replay changes nothing', async () => {
      const unsubscribe = event('unsubscribe', {
        action: 'unsub',
        reason: 'manual',
        id: '8a25ff1d98',
        list_id: stub.listId,
        email: 'Ada@Example.org',
        email_type: 'html',
        'merges][EMAIL': 'ada@example.org',
      });
      const first = await post(unsubscribe);
      expect([first.status, await first.text()]).toEqual([200, 'Recorded.\n']);
      expect(await status('ada@example.org')).toMatchObject({ status: 'unsubscribed', statusDate: T0 + 5 });
      const replay = await post(unsubscribe);
      expect([replay.status, await replay.text()]).toEqual([200, 'Nothing changed.\n']);
      expect((await status('kofi@example.org'))?.status).toBe('confirmed');
      // An address the local list does not have: acknowledged, nothing stored.
      expect((await post(event('unsubscribe', { list_id: stub.listId, email: 'new@example.org' }))).status).toBe(200);
      expect(await store.getSubscriber('new@example.org')).toBeNull();
    });

    it('stops a cleaned address as two permanent refusals would', async () => {
      const response = await post(
        event('cleaned', { list_id: stub.listId, email: 'kofi@example.org', reason: 'hard' }),
      );
      expect(response.status).toBe(200);
      expect(await status('kofi@example.org')).toMatchObject({ bounces: 2, stoppedAt: T0 + 5, status: 'confirmed' });
    });

    it('acknowledges the events it does not act on', async () => {
      for (const type of ['subscribe', 'profile', 'upemail', 'campaign']) {
        const response = await post(
          event(type, {
            list_id: stub.listId,
            email: 'ada@example.org',
            old_email: 'ada@example.org',
            new_email: 'ada2@example.org',
          }),
        );
        expect(response.status).toBe(200);
      }
      expect((await status('ada@example.org'))?.status).toBe('confirmed');
    });

    it.each([
      ['a wrong secret', { secret: 'x'.repeat(32) }, 403],
      ['a secret one character short', { secret: SECRET.slice(1) }, 403],
      ['no secret', { secret: null }, 401],
      ['a JSON body', { type: 'application/json' }, 415],
    ])('refuses %s and changes nothing', async (_case, options, expected) => {
      const body = event('unsubscribe', { list_id: stub.listId, email: 'ada@example.org' });
      expect((await post(body, options as { secret: string | null; type: string })).status).toBe(expected);
      expect((await status('ada@example.org'))?.status).toBe('confirmed');
    });

    it.each([
      ['another audience', event('unsubscribe', { list_id: 'other123', email: 'ada@example.org' }), 422],
      ['no type', form({ 'data[list_id]': 'a1b2c3d4e5', 'data[email]': 'ada@example.org' }), 400],
      ['no list', form({ type: 'unsubscribe', 'data[email]': 'ada@example.org' }), 400],
      ['a bad address', event('unsubscribe', { list_id: 'a1b2c3d4e5', email: 'not an address' }), 400],
      ['no address', event('unsubscribe', { list_id: 'a1b2c3d4e5' }), 400],
      ['bytes that are not UTF-8', '%FF%FE=%C3%28', 400],
      ['a body too large', `type=unsubscribe&x=${'a'.repeat(20_000)}`, 413],
    ])('refuses %s with a 4xx and changes nothing', async (_case, body, expected) => {
      const response = await post(body);
      expect(response.status).toBe(expected);
      expect((await status('ada@example.org'))?.status).toBe('confirmed');
    });

    it('is reached by Mailchimp’s own form post (the stub delivering to a local server)', async () => {
      const { createServer } = await import('node:http');
      const server = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const response = await mailchimpWebhookPost(
          context(),
          new Request(`http://127.0.0.1${req.url}`, {
            method: req.method,
            headers: req.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
        res.writeHead(response.status);
        res.end(await response.text());
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      try {
        const url = `http://127.0.0.1:${port}/api/newsletter/mailchimp?secret=${SECRET}`;
        expect(await stub.deliver(url, 'unsubscribe', { list_id: stub.listId, email: 'kofi@example.org' })).toEqual({
          status: 200,
          body: 'Recorded.\n',
        });
      } finally {
        server.close();
      }
      expect((await status('kofi@example.org'))?.status).toBe('unsubscribed');
    });
  });
});

describe('the counts the workspace shows with Mailchimp', () => {
  const configure = (env: Record<string, string>) => {
    setSingleton('mailchimpApi', undefined);
    setSingleton('config', readConfig(env));
  };
  const withApi = () => ({
    NEWSLETTER_PROVIDER: 'mailchimp',
    MAILCHIMP_SUBSCRIBE_URL: `${stub.url}/subscribe/post-json?u=abc&id=${stub.listId}`,
    MAILCHIMP_API_KEY: stub.apiKey,
    MAILCHIMP_API_URL: stub.apiUrl,
  });
  beforeEach(() => {
    stub.members.clear();
    stub.failures.length = 0;
  });
  afterEach(() => {
    setSingleton('config', undefined);
    setSingleton('mailchimpApi', undefined);
  });

  it('shows the audience’s members, unsubscribed and cleaned, and the review step its member count', async () => {
    configure(withApi());
    audience();
    expect(await audienceCounts()).toEqual({
      ok: true,
      counts: { name: 'Baobab Data newsletter', members: 3, unsubscribed: 1, cleaned: 1 },
    });
    expect(await review(letter())).toMatchObject({ delivery: 'mailchimp', count: 3, missing: [] });
    // A registrant message still goes through the outbox, counted from the store.
    expect((await review({ ...letter(), audience: 'test', testList: ['a@example.org'] })).delivery).toBe('outbox');
  });

  it('says why when Mailchimp cannot be reached, or when no API key is set', async () => {
    configure(withApi());
    stub.failures.push({ method: 'GET', path: /^\/3\.0\/lists\//, status: 500, times: 2 });
    expect(await audienceCounts()).toEqual({
      ok: false,
      reason: 'Mailchimp answered 500: Internal Server Error: An unexpected error occurred.',
    });
    expect(await review(letter())).toMatchObject({ delivery: 'mailchimp', count: null, audience: { ok: false } });
    configure({
      NEWSLETTER_PROVIDER: 'mailchimp',
      MAILCHIMP_SUBSCRIBE_URL: `${stub.url}/subscribe/post-json?u=a&id=b`,
    });
    expect(await audienceCounts()).toBe('unconfigured');
    expect(await review(letter())).toMatchObject({ delivery: 'unconfigured', count: 0 });
    configure({});
    expect(await audienceCounts()).toBeNull();
  });
});
