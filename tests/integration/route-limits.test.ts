/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { renderToStaticMarkup } from 'react-dom/server';

import { GET as payLink } from '@/app/[lang]/pay/[token]/route';
import ReturnPage from '@/app/[lang]/payments/return/page';
import VerifyPage from '@/app/[lang]/verify/[code]/page';
import { GET as certificateDownload } from '@/app/api/certificates/download/route';
import { GET as credential } from '@/app/api/certificates/verify/[code]/route';
import { POST as unsubscribe } from '@/app/api/newsletter/unsubscribe/route';
import { POST as webhook } from '@/app/api/payments/[provider]/route';
import { POST as placesAction } from '@/app/api/places/[action]/route';
import { config } from '@/lib/config';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { routeAllowance } from '@/lib/security/route-limits';
import { gateVerifyPage, setCertificateLookup, verifyGateHeader, verifyVerdict } from '@/lib/security/verify-gate';
import { setSingleton } from '@/lib/singletons';
import { getStore } from '@/lib/storage';
import { formTexts } from '@/messages/forms';

import { paidEnrolment } from '../helpers/paid-enrolment';
import { startPaystackStub, STUB_SECRET_KEY, type PaystackStub } from '../helpers/paystack-stub';

// The per-client limits of the routes a stranger reaches without a form (lib/security/route-limits.ts),
// at the default RATE_LIMIT_PER_MINUTE: from one address the allowance passes and the next request is
// refused with a 429 in the visitor's language (the return page, which cannot answer 429, says it in
// its own page); another address is not held back. The webhook's refusal is a 429 the provider delivers
// again, and that delivery settles the payment.
const dir = mkdtempSync(join(tmpdir(), 'baobab-route-limits-'));
process.env.DATA_DIR = dir;
process.env.LINK_SECRET = 'route-limits-test-link-secret-0123456789ab';
process.env.PAYSTACK_SECRET_KEY = STUB_SECRET_KEY;
delete process.env.RATE_LIMIT_PER_MINUTE;

// The page reads its request's headers.
let pageHeaders = new Headers();
jest.mock('next/headers', () => ({ headers: async () => pageHeaders }));

const SOCKET = 'x-test-socket-address';
const A = '203.0.113.10';
const B = '203.0.113.20';
const en = formTexts.en.answers;
const fr = formTexts.fr.answers;

let stub: PaystackStub;
beforeAll(async () => {
  stub = await startPaystackStub();
  process.env.PAYSTACK_BASE_URL = stub.url;
  setSingleton('config', undefined);
  setSingleton('socketAddressHeader', SOCKET);
});
afterAll(async () => {
  await getStore().close();
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
});

const allowance = (route: Parameters<typeof routeAllowance>[0]) => routeAllowance(route, config().rateLimitPerMinute);

// A 429 in the visitor's language: the forms' own words, with the seconds it also sends as Retry-After.
async function expectRefusal(answer: Response, words: typeof en) {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(await answer.text()).toBe(`${words.rateLimited(seconds)}\n`);
}

it('allows far more than a person or a provider sends, and more again with a higher RATE_LIMIT_PER_MINUTE', () => {
  expect(config().rateLimitPerMinute).toBe(5);
  expect({
    pay: allowance('pay'),
    places: allowance('places'),
    unsubscribe: allowance('unsubscribe'),
    webhook: allowance('webhook'),
    verify: allowance('verify'),
  }).toEqual({ pay: 60, places: 30, unsubscribe: 300, webhook: 1200, verify: 60 });
  expect(routeAllowance('webhook', 1)).toBe(1200);
  expect(routeAllowance('pay', 1000)).toBe(12_000);
});

describe('the pay link and the return page (one allowance)', () => {
  const visit = (token: string, from: string, lang = 'en') =>
    payLink(new Request(`http://localhost:3000/pay/${token}`, { headers: { [SOCKET]: from } }), {
      params: Promise.resolve({ lang, token }),
    });
  const page = async (reference: string, from: string) => {
    pageHeaders = new Headers({ [SOCKET]: from });
    const element = await ReturnPage({
      params: Promise.resolve({ lang: 'en' }),
      searchParams: Promise.resolve({ reference }),
    } as Parameters<typeof ReturnPage>[0]);
    return renderToStaticMarkup(element);
  };

  it('refuses the pay link past the allowance from one address, in the visitor’s language, not another address', async () => {
    setSingleton('routeLimit.pay', undefined);
    const { token } = await paidEnrolment();
    for (let i = 0; i < allowance('pay'); i++) expect((await visit(token, A)).status).toBe(303);
    await expectRefusal(await visit(token, A), en);
    const french = await visit(token, A, 'fr');
    expect(french.headers.get('content-language')).toBe('fr');
    await expectRefusal(french, fr);
    expect((await visit(token, B)).status).toBe(303);
  });

  it('shows the return page’s refusal in its own page past the same allowance, never a 5xx', async () => {
    setSingleton('routeLimit.pay', undefined);
    const { token, reference } = await paidEnrolment();
    expect((await visit(token, B)).status).toBe(303);
    // The allowance, used by the return page and one pay link together.
    for (let i = 0; i < allowance('pay') - 1; i++) expect(await page(reference, A)).toContain('Not paid yet');
    expect((await visit(token, A)).status).toBe(303);
    const refused = await page(reference, A);
    expect(refused).not.toContain('Not paid yet');
    expect(refused).toMatch(/Too many attempts from your connection\. Please wait \d+ seconds? and try again\./);
    expect((await visit(token, A)).status).toBe(429);
    expect(await page(reference, B)).toContain('Not paid yet');
  });
});

it('refuses the places’ buttons past the allowance from one address, not another', async () => {
  const post = (from: string, lang = 'en') =>
    placesAction(
      new Request('http://localhost:3000/api/places/cancel', {
        method: 'POST',
        headers: {
          [SOCKET]: from,
          host: 'localhost:3000',
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ t: 'not-a-token', lang }),
      }),
      { params: Promise.resolve({ action: 'cancel' }) },
    );
  for (let i = 0; i < allowance('places'); i++) {
    const answer = await post(A);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/places/cancel?result=invalid');
  }
  await expectRefusal(await post(A, 'fr'), fr);
  expect((await post(B)).headers.get('location')).toBe('/places/cancel?result=invalid');
});

it('refuses the one-click unsubscribe past the allowance from one address, not another', async () => {
  const post = (from: string) =>
    unsubscribe(
      new Request('http://localhost:3000/api/newsletter/unsubscribe?t=not-a-token', {
        method: 'POST',
        headers: { [SOCKET]: from, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
  for (let i = 0; i < allowance('unsubscribe'); i++) expect((await post(A)).status).toBe(400);
  await expectRefusal(await post(A), en);
  expect((await post(B)).status).toBe(400);
});

it('answers the webhook 429 past its allowance, before reading the body; the delivery again settles the payment', async () => {
  let clock = Date.now();
  setSingleton(
    'routeLimit.webhook',
    createRateLimiter(allowance('webhook'), 60_000, () => clock),
  );
  const deliver = (from: string, body: string, signature = stub.sign(body)) =>
    webhook(
      new Request('http://localhost:3000/api/payments/paystack', {
        method: 'POST',
        headers: { [SOCKET]: from, 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      }),
      { params: Promise.resolve({ provider: 'paystack' }) },
    );
  // A payment started and made on the provider's page; its event not delivered yet.
  const { token, reference, id } = await paidEnrolment();
  setSingleton('routeLimit.pay', undefined);
  expect(
    (
      await payLink(new Request(`http://localhost:3000/pay/${token}`, { headers: { [SOCKET]: B } }), {
        params: Promise.resolve({ lang: 'en', token }),
      })
    ).status,
  ).toBe(303);
  await stub.pay(reference);

  // Someone at address A sends the allowance's worth of signed events the site does not act on.
  const other = JSON.stringify({ event: 'transfer.success', data: {} });
  for (let i = 0; i < allowance('webhook'); i++) expect((await deliver(A, other)).status).toBe(200);
  const genuine = JSON.stringify(stub.chargeSuccess(reference));
  const refused = await deliver(A, genuine);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.text()).toMatch(/deliver it again later/);
  expect((await getStore().getRecord('enrolment', id))!.data.payStatus).toBe('unpaid');
  // Another address (the provider's own) is not held back...
  expect((await deliver(B, other)).status).toBe(200);
  // ...and the refused event, delivered again a minute later as the provider does, is recorded.
  clock += 60_000;
  const again = await deliver(A, genuine);
  expect(again.status).toBe(200);
  expect(await again.text()).toBe('Recorded.\n');
  expect((await getStore().getRecord('enrolment', id))!.data.payStatus).toBe('paid');
});

// A certificate's page, its JSON and its download share one allowance: guessing codes is held to the
// pace of a person checking a few, and the page, which cannot answer 429, says so in its own words.
it('holds the certificate check (page, JSON, download) to one allowance per address, not another', async () => {
  setSingleton('routeLimit.verify', undefined);
  const code = '0000000000000000';
  const json = (from: string) =>
    credential(new Request(`http://localhost:3000/verify/${code}.json`, { headers: { [SOCKET]: from } }), {
      params: Promise.resolve({ code }),
    });
  const page = async (from: string, lang = 'en') => {
    pageHeaders = new Headers({ [SOCKET]: from });
    const element = await VerifyPage({ params: Promise.resolve({ lang, code }) } as Parameters<typeof VerifyPage>[0]);
    return renderToStaticMarkup(element);
  };
  const download = (from: string) =>
    certificateDownload(
      new Request('http://localhost:3000/api/certificates/download?t=forged', { headers: { [SOCKET]: from } }),
    );
  const third = Math.floor(allowance('verify') / 3);
  for (let i = 0; i < third; i++) expect((await json(A)).status).toBe(404);
  for (let i = 0; i < third; i++) expect((await download(A)).status).toBe(404);
  for (let i = 0; i < allowance('verify') - 2 * third; i++)
    expect(await page(A)).toContain('No certificate has this code');
  await expectRefusal(await json(A), en);
  expect((await download(A)).status).toBe(429);
  const refused = await page(A, 'fr');
  expect(refused).not.toContain('Aucun certificat ne porte ce code');
  expect(refused).toMatch(/Trop de tentatives/);
  expect((await json(B)).status).toBe(404);
  expect(await page(B)).toContain('No certificate has this code');
});

// The verification page's status, given by proxy.ts (lib/security/verify-gate.ts): the allowance is taken
// before the store is asked, so neither the 404 nor the words tell anything past it; the verdict reaches
// the page in a header a client cannot send, and what a client sends under its name is dropped.
describe('the verification page’s gate', () => {
  const known = new Set(['4NT0XY8Y1WV60QKZ']);
  beforeAll(() => setCertificateLookup(async (code) => known.has(code)));
  afterAll(() => setCertificateLookup(undefined));
  const ask = async (path: string, from: string, extra: Record<string, string> = {}, method = 'GET') => {
    const headers = new Headers({ [SOCKET]: from, ...extra });
    const status = await gateVerifyPage(path, method, headers);
    return { status, verdict: await verifyVerdict(headers) };
  };

  it('answers 404 for a code no certificate has and its own status for a known one, in each language', async () => {
    setSingleton('routeLimit.verify', undefined);
    // The page is told, and does not ask the store again.
    expect(await ask('/verify/0000000000000000', A)).toEqual({ status: 404, verdict: { ok: true, unknown: true } });
    expect((await ask('/fr/verify/not-a-code', A)).status).toBe(404);
    expect((await ask('/verify/4NT0XY8Y1WV60QKZ', A)).status).toBeNull();
    expect((await ask('/fr/verify/4NT0XY8Y1WV60QKZ', A)).verdict).toEqual({ ok: true });
    // Not the page: the JSON, other methods, other paths.
    for (const [path, method] of [
      ['/verify/0000000000000000.json', 'GET'],
      ['/verify/0000000000000000', 'POST'],
      ['/verified', 'GET'],
    ]) {
      expect((await ask(path!, A, {}, method)).status).toBeNull();
    }
  });

  it('answers 429 past the allowance before asking the store, and a forged verdict header changes nothing', async () => {
    setSingleton('routeLimit.verify', undefined);
    let asked = 0;
    setCertificateLookup(async (code) => (asked++, known.has(code)));
    for (let i = 0; i < allowance('verify'); i++) await ask(`/verify/${i}`, A);
    const before = asked;
    const refused = await ask('/verify/4NT0XY8Y1WV60QKZ', A);
    expect(refused.status).toBe(429);
    expect(refused.verdict).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    expect(asked).toBe(before);
    // A client sending the verdict's header itself, even under its real name, is still refused: on the
    // page's request and on a router prefetch, where the proxy gives no verdict and the page counts.
    const forged = await ask('/verify/4NT0XY8Y1WV60QKZ', A, { [verifyGateHeader()]: 'allowed' });
    expect(forged).toEqual({ status: 429, verdict: { ok: false, retryAfterSeconds: expect.any(Number) } });
    const prefetch = await ask('/verify/4NT0XY8Y1WV60QKZ', A, {
      [verifyGateHeader()]: 'allowed',
      'next-router-prefetch': '1',
    });
    expect(prefetch).toEqual({ status: null, verdict: { ok: false, retryAfterSeconds: expect.any(Number) } });
    // Another address is not held back.
    expect((await ask('/verify/0000000000000000', B)).status).toBe(404);
    setCertificateLookup(async (code) => known.has(code));
  });
});
