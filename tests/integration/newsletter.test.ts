/** @jest-environment node */

import type { FormServices } from '@/lib/forms/services';
import { answers, submitForm } from '@/lib/forms/submit';
import { mailchimpNewsletter, providerMessage, type NewsletterProvider } from '@/lib/newsletter';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken } from '@/lib/security/xsrf';
import type { Store } from '@/lib/storage/types';

import { startHttpStub } from '../helpers/http-stub';
import { BEFORE_SEED_EVENT } from '../helpers/samples';

type Reply =
  | { kind: 'json' | 'jsonp'; body: unknown }
  | { kind: 'raw'; body: string }
  | { kind: 'drop' }
  | { kind: 'status'; status: number };

let reply: Reply;
let stub: Awaited<ReturnType<typeof startHttpStub>>;

beforeAll(async () => {
  // Answers like Mailchimp's post-json subscribe endpoint.
  stub = await startHttpStub((request, response, raw) => {
    if (reply.kind === 'drop') return raw.socket.destroy();
    if (reply.kind === 'status') {
      response.writeHead(reply.status);
      return response.end('Service Unavailable');
    }
    const callback = request.url.searchParams.get('c');
    const text = reply.kind === 'raw' ? reply.body : JSON.stringify(reply.body);
    response.writeHead(200, {
      'content-type': reply.kind === 'jsonp' || callback ? 'application/javascript' : 'application/json',
    });
    response.end(reply.kind === 'jsonp' ? `jQuery19105({${text.slice(1, -1)}})` : text);
  });
});
afterAll(() => stub.close());

const TOKEN = issueXsrfToken();
const subscribeUrl = () => `${stub.url}/subscribe/post-json?u=abc123&id=list42`;

function context(newsletter: NewsletterProvider, logs: string[] = []): FormServices {
  return {
    recaptcha: null,
    rateLimiter: createRateLimiter(100),
    now: () => 1,
    today: () => BEFORE_SEED_EVENT,
    store: new Proxy({} as Store, {
      get() {
        throw new Error('the Mailchimp path stores nothing locally');
      },
    }),
    mail: { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' },
    newsletter,
    log: (message, detail) => logs.push(`${message} ${detail ?? ''}`),
  };
}

const request = { headers: new Headers({ 'x-xsrf-token': TOKEN }), cookie: () => TOKEN, address: '192.0.2.1' };

// One newsletter sign-up through the pipeline.
function subscribe(data: FormData, services: FormServices) {
  return submitForm('subscribe', data, request, services);
}

function subscription(email = 'ada@example.org') {
  const data = new FormData();
  data.set('name', 'Ada Obi');
  data.set('email', email);
  return data;
}

describe('Mailchimp provider', () => {
  it('sends FULLNAME, EMAIL, subscribe=Subscribe and the empty honeypot, and shows the welcome on success', async () => {
    reply = { kind: 'json', body: { result: 'success', msg: 'Almost done: please confirm your address.' } };
    const state = await subscribe(subscription(), context(mailchimpNewsletter(subscribeUrl())));
    expect(state).toMatchObject({ status: 'success', message: answers.welcome });
    const sent = stub.requests.at(-1)!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      u: 'abc123',
      id: 'list42',
      FULLNAME: 'Ada Obi',
      EMAIL: 'ada@example.org',
      MC_LANGUAGE: 'en',
      subscribe: 'Subscribe',
      b_abc123_list42: '',
    });
  });

  it('names the language of the page signed up on, for the campaigns of each language', async () => {
    reply = { kind: 'json', body: { result: 'success', msg: 'ok' } };
    await mailchimpNewsletter(subscribeUrl()).subscribe('Amina', 'amina@example.org', 1, 'fr');
    expect(stub.requests.at(-1)!.url.searchParams.get('MC_LANGUAGE')).toBe('fr');
  });

  it('reads a JSONP-wrapped answer too', async () => {
    reply = { kind: 'jsonp', body: { result: 'success', msg: 'ok' } };
    expect(await mailchimpNewsletter(subscribeUrl()).subscribe('Ada', 'ada@example.org', 1)).toEqual({
      result: 'success',
      msg: 'ok',
    });
  });

  it("shows the provider's message up to the first '<' when the result is 'error'", async () => {
    reply = {
      kind: 'json',
      body: {
        result: 'error',
        msg: 'ada@example.org is already on this list. <a href="https://example.org/profile">Update your profile</a>',
      },
    };
    const state = await subscribe(subscription(), context(mailchimpNewsletter(subscribeUrl())));
    expect(state).toMatchObject({ status: 'error', message: 'ada@example.org is already on this list.' });
  });

  it("treats a missing result like 'error'", async () => {
    reply = { kind: 'json', body: { msg: 'Too many subscribe attempts for this address.<br>Try later.' } };
    const state = await subscribe(subscription(), context(mailchimpNewsletter(subscribeUrl())));
    expect(state).toMatchObject({ status: 'error', message: 'Too many subscribe attempts for this address.' });
  });

  it.each([
    ['a dropped connection', { kind: 'drop' } as Reply],
    ['an HTTP 503', { kind: 'status', status: 503 } as Reply],
    ['a malformed answer', { kind: 'raw', body: '<html>gateway error</html>' } as Reply],
  ])("shows 'Try again' and logs the failure on %s", async (_case, failure) => {
    reply = failure;
    const logs: string[] = [];
    const state = await subscribe(subscription(), context(mailchimpNewsletter(subscribeUrl()), logs));
    expect(state).toMatchObject({ status: 'error', message: 'Try again' });
    expect(logs.some((l) => l.startsWith('newsletter provider unavailable'))).toBe(true);
  });
});

describe('providerMessage', () => {
  it("cuts at the first '<' and copes with nothing", () => {
    expect(providerMessage('Done <b>now</b>')).toBe('Done');
    expect(providerMessage('<b>only markup</b>')).toBe('');
    expect(providerMessage(undefined)).toBe('');
  });
});
