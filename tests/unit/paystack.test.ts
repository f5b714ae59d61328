/** @jest-environment node */
import fc from 'fast-check';

import { readConfig } from '@/lib/config';
import { paystackProvider } from '@/lib/payments/paystack';

import { startPaystackStub, STUB_SECRET_KEY, type PaystackStub } from '../helpers/paystack-stub';

// The Paystack provider against the local stub in Paystack's documented shapes.
let stub: PaystackStub;
beforeAll(async () => {
  stub = await startPaystackStub();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.state.failure = null;
});

const provider = (timeoutMs = 2000) => paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: stub.url, timeoutMs });
const request = (reference: string) => ({
  reference,
  amount: 10_500,
  currency: 'USD' as const,
  email: 'ada@example.org',
  callbackUrl: 'http://127.0.0.1:3000/payments/return',
  metadata: { record: 'enrolment/abc' },
});

describe('Paystack provider', () => {
  it('initialises with the amount in the subunit, the currency, the reference, the callback and the metadata', async () => {
    const { url } = await provider().initialise(request('BD-INIT-1'));
    expect(url).toMatch(new RegExp(`^${stub.url}/checkout/\\w+$`));
    const sent = JSON.parse(stub.requests.at(-1)!.body);
    expect(sent).toEqual({
      email: 'ada@example.org',
      amount: 10_500,
      currency: 'USD',
      reference: 'BD-INIT-1',
      callback_url: 'http://127.0.0.1:3000/payments/return',
      metadata: JSON.stringify({ record: 'enrolment/abc' }),
    });
  });

  it('is refused a reference the provider already has, and a key it does not know', async () => {
    await provider().initialise(request('BD-DUP-1'));
    await expect(provider().initialise(request('BD-DUP-1'))).rejects.toMatchObject({ name: 'ProviderRefused' });
    const stranger = paystackProvider({ secretKey: 'sk_test_unknown0000', baseUrl: stub.url });
    await expect(stranger.initialise(request('BD-KEY-1'))).rejects.toMatchObject({ name: 'ProviderRefused' });
  });

  it('verifies: pending before the payment, success with its amount, currency and time after, unknown for a stranger', async () => {
    await provider().initialise(request('BD-VER-1'));
    expect(await provider().verify('BD-VER-1')).toMatchObject({ status: 'pending', amount: 10_500 });
    await stub.pay('BD-VER-1');
    const charge = await provider().verify('BD-VER-1');
    expect(charge).toMatchObject({ status: 'success', amount: 10_500, currency: 'USD', channel: 'card' });
    expect(charge.paidAt).toBeGreaterThan(Date.now() - 60_000);
    expect(await provider().verify('BD-NOBODY')).toMatchObject({ status: 'unknown' });
  });

  it('counts a provider that does not answer in time, or fails on its side, as unavailable', async () => {
    stub.state.failure = 'down';
    const started = Date.now();
    await expect(provider(300).verify('BD-VER-1')).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(provider(300).initialise(request('BD-DOWN-1'))).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    stub.state.failure = 'error';
    await expect(provider().verify('BD-VER-1')).rejects.toMatchObject({ name: 'ProviderUnavailable' });
    const nowhere = paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(nowhere.verify('BD-VER-1')).rejects.toMatchObject({ name: 'ProviderUnavailable' });
  });

  it('takes a webhook body signed with the secret key, and nothing altered, re-signed or unsigned', () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'BD-1' } });
    const bytes = new TextEncoder().encode(body);
    const headers = (signature: string) => new Headers({ 'x-paystack-signature': signature });
    expect(provider().verifySignature(bytes, headers(stub.sign(body)))).toBe(true);
    expect(provider().verifySignature(bytes, headers(stub.sign(body).toUpperCase()))).toBe(true);
    expect(provider().verifySignature(bytes, headers(stub.sign(`${body} `)))).toBe(false);
    expect(provider().verifySignature(bytes, headers(stub.sign(body, 'sk_test_another0000')))).toBe(false);
    expect(provider().verifySignature(bytes, headers(''))).toBe(false);
    expect(provider().verifySignature(bytes, new Headers())).toBe(false);
    fc.assert(
      fc.property(fc.string(), fc.uint8Array({ maxLength: 300 }), (signature, raw) => {
        expect(provider().verifySignature(raw, headers(signature.replace(/[\r\n\0]/g, '')))).toBe(false);
      }),
    );
  });

  it('reads charge.success, names other events, and refuses what is not an event', () => {
    const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    const data = {
      status: 'success',
      reference: 'BD-EVT-1',
      amount: 1000,
      currency: 'usd',
      paid_at: '2026-11-27T10:00:00.000Z',
      channel: 'mobile_money',
    };
    expect(provider().parseEvent(encode({ event: 'charge.success', data }))).toEqual({
      kind: 'charge-success',
      charge: {
        reference: 'BD-EVT-1',
        status: 'success',
        amount: 1000,
        currency: 'USD',
        paidAt: Date.parse('2026-11-27T10:00:00.000Z'),
        channel: 'mobile_money',
      },
    });
    expect(provider().parseEvent(encode({ event: 'transfer.success', data: {} }))).toEqual({
      kind: 'ignored',
      event: 'transfer.success',
    });
    const refund = { status: 'processed', transaction_reference: 'BD-EVT-1', amount: '1000', currency: 'usd' };
    expect(provider().parseEvent(encode({ event: 'refund.processed', data: refund }))).toEqual({
      kind: 'refund',
      refund: { reference: 'BD-EVT-1', amount: 1000, currency: 'USD' },
    });
    for (const amount of ['10.5', '-1', '', 'ten', 1.5]) {
      expect(provider().parseEvent(encode({ event: 'refund.processed', data: { ...refund, amount } }))).toBeNull();
    }
    expect(provider().parseEvent(encode({ event: 'refund.pending', data: refund }))).toEqual({
      kind: 'ignored',
      event: 'refund.pending',
    });
    expect(provider().parseEvent(encode({ event: 'charge.success', data: { reference: 1 } }))).toBeNull();
    expect(provider().parseEvent(new TextEncoder().encode('not json'))).toBeNull();
    expect(provider().parseEvent(new Uint8Array([0xff, 0xfe]))).toBeNull();
  });
});

describe('payment settings', () => {
  it('switch the provider on by its key, and check what goes with it at start', () => {
    expect(readConfig({}).payments).toMatchObject({ provider: null, currency: 'USD', usdRate: 1, linkDays: 30 });
    expect(readConfig({ PAYSTACK_SECRET_KEY: STUB_SECRET_KEY }).payments.provider).toEqual({
      kind: 'paystack',
      secretKey: STUB_SECRET_KEY,
      baseUrl: 'https://api.paystack.co',
    });
    expect(() => readConfig({ PAYSTACK_SECRET_KEY: 'pk_test_public' })).toThrow(/PAYSTACK_SECRET_KEY must be/);
    expect(() => readConfig({ PAYSTACK_BASE_URL: 'http://127.0.0.1:1' })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(() => readConfig({ PAYMENT_CURRENCY: 'EUR' })).toThrow(/PAYMENT_CURRENCY must be one of/);
    expect(() => readConfig({ PAYMENT_CURRENCY: 'NGN' })).toThrow(/PAYMENT_EXCHANGE_RATE is required/);
    expect(readConfig({ PAYMENT_CURRENCY: 'NGN', PAYMENT_EXCHANGE_RATE: '1500' }).payments).toMatchObject({
      currency: 'NGN',
      usdRate: 1500,
    });
  });
});
