/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { GET as payLink } from '@/app/[lang]/pay/[token]/route';
import { ANSWER_WINDOW_MS, createProviderAnswers, FAILURE_MS } from '@/lib/payments/answers';
import { paymentContext } from '@/lib/payments/context';
import { returnState } from '@/lib/payments/visitor';
import { setSingleton } from '@/lib/singletons';
import { getStore } from '@/lib/storage';

import { paidEnrolment } from '../helpers/paid-enrolment';
import { startPaystackStub, STUB_SECRET_KEY, type PaystackStub } from '../helpers/paystack-stub';

// Calls to the payment provider are bounded (docs/reliability.md, "Calls to the payment provider"):
// a pay link opened 100 times, one after another or all at once and from 100 addresses, asks the
// Paystack stub once per 30-second window; after the window, once more. The return page likewise. A
// provider that fails is asked again a few seconds later, not at every visit.
const dir = mkdtempSync(join(tmpdir(), 'baobab-provider-calls-'));
process.env.DATA_DIR = dir;
process.env.LINK_SECRET = 'provider-calls-test-link-secret-0123456789';
process.env.PAYSTACK_SECRET_KEY = STUB_SECRET_KEY;

const SOCKET = 'x-test-socket-address';

let stub: PaystackStub;
let clock = Date.now();
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
beforeEach(() => {
  stub.state.failure = null;
  // The process's answers on a clock the test moves; a fresh rate limit, so 100 visits per test pass.
  setSingleton('paymentAnswers', createProviderAnswers({ now: () => clock }));
  setSingleton('routeLimit.pay', undefined);
});

// The calls the stub received about one reference: starting the payment, and asking how it stands.
const calls = (reference: string) =>
  stub.requests.filter(
    (r) =>
      (r.url.pathname === '/transaction/initialize' && r.body.includes(reference)) ||
      r.url.pathname === `/transaction/verify/${reference}`,
  ).length;

// One visit to the pay link, from the i-th visitor's address.
async function visit(token: string, i: number) {
  const request = new Request(`http://localhost:3000/pay/${token}`, { headers: { [SOCKET]: `203.0.113.${i % 250}` } });
  const response = await payLink(request, { params: Promise.resolve({ lang: 'en', token }) });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

it('asks the provider once for 100 visits to one pay link, one after another; after the window, once more', async () => {
  const { token, reference } = await paidEnrolment();
  const seen = new Set<string>();
  for (let i = 0; i < 100; i++) {
    const answer = await visit(token, i);
    expect(answer.status).toBe(303);
    seen.add(answer.location);
  }
  // Every visit went to the provider's page for this payment, the one page the provider gave.
  expect([...seen]).toEqual([expect.stringMatching(new RegExp(`^${stub.url}/checkout/\\w+$`))]);
  expect(calls(reference)).toBe(1);

  clock += ANSWER_WINDOW_MS - 1;
  for (let i = 0; i < 100; i++) await visit(token, i);
  expect(calls(reference)).toBe(1);
  // After the window: one call (how it stands), and the same page.
  clock += 1;
  for (let i = 0; i < 100; i++) expect((await visit(token, i)).location).toBe([...seen][0]);
  expect(calls(reference)).toBe(2);
});

it('asks the provider once for 100 visits to one pay link at the same moment; after the window, once more', async () => {
  const { token, reference } = await paidEnrolment();
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => visit(token, i)));
  expect(new Set(answers.map((a) => `${a.status} ${a.location}`)).size).toBe(1);
  expect(answers[0]!.location).toMatch(/\/checkout\/\w+$/);
  expect(calls(reference)).toBe(1);
  clock += ANSWER_WINDOW_MS;
  await Promise.all(Array.from({ length: 100 }, (_, i) => visit(token, i)));
  expect(calls(reference)).toBe(2);
});

it('asks once per window for 100 return pages, one after another or at once, and settles a payment made', async () => {
  const { token, reference } = await paidEnrolment();
  await visit(token, 1);
  const before = calls(reference);
  const ctx = paymentContext();
  for (let i = 0; i < 100; i++) expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'pending' });
  await Promise.all(Array.from({ length: 100 }, () => returnState(ctx, { reference }, 'en')));
  expect(calls(reference) - before).toBe(1);
  // Paid on the provider's page, its webhook lost: after the window the return page asks once more, finds
  // it paid and marks it; later visits read the store and ask nothing.
  await stub.pay(reference);
  clock += ANSWER_WINDOW_MS;
  const states = await Promise.all(Array.from({ length: 100 }, () => returnState(ctx, { reference }, 'en')));
  expect(states.every((s) => s.state === 'paid')).toBe(true);
  clock += ANSWER_WINDOW_MS;
  for (let i = 0; i < 10; i++) expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'paid' });
  expect(calls(reference) - before).toBe(2);
  // And the pay link sends the visitor to the return page, without asking either.
  expect((await visit(token, 1)).location).toBe(`/payments/return?reference=${reference}`);
  expect(calls(reference) - before).toBe(2);
});

it('asks a failing provider again a few seconds later, not at each of 100 visits, and never answers 5xx', async () => {
  const { token, reference } = await paidEnrolment();
  stub.state.failure = 'error';
  for (let i = 0; i < 100; i++) {
    expect(await visit(token, i)).toEqual({
      status: 303,
      location: `/payments/return?reference=${reference}&problem=down`,
    });
  }
  expect(calls(reference)).toBe(1);
  // The failure is not kept as the answer: a few seconds on, the provider is asked again, and is back.
  stub.state.failure = null;
  clock += FAILURE_MS;
  expect((await visit(token, 1)).location).toMatch(/\/checkout\/\w+$/);
  expect(calls(reference)).toBe(2);
});
