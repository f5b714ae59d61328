import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

import { json, startHttpStub } from './http-stub';

// A local stand-in for Paystack in its documented shapes (https://paystack.com/docs/api/): POST
// /transaction/initialize, GET /transaction/verify/:reference, a checkout page that a browser (or a test)
// pays on, and `charge.success` deliveries to the site's webhook signed with HMAC-SHA512 of the raw body
// keyed with the secret key, as Paystack signs them. No test needs the internet.
export const STUB_SECRET_KEY = 'sk_test_baobabstub0000000000000000';

export interface StubTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  metadata: unknown;
  accessCode: string;
  status: 'abandoned' | 'success' | 'failed';
  paidAt: string | null;
  createdAt: string;
}

// When the checkout page's "Pay" delivers the webhook: before sending the visitor back (the usual
// order), after it, or never (a webhook lost on the way).
export type WebhookTiming = 'before' | 'after' | 'never';

export interface PaystackStubOptions {
  secretKey?: string;
  // The site's webhook (POST /api/payments/paystack); none: nothing is delivered.
  webhookUrl?: string;
  webhookTiming?: WebhookTiming;
}

const REFERENCE = /^[\w.=-]{1,100}$/;

export async function startPaystackStub(options: PaystackStubOptions = {}) {
  const key = options.secretKey ?? STUB_SECRET_KEY;
  const transactions = new Map<string, StubTransaction>();
  const byAccessCode = new Map<string, StubTransaction>();
  const deliveries: { status: number; body: string }[] = [];
  const state = {
    webhookUrl: options.webhookUrl,
    webhookTiming: options.webhookTiming ?? 'before',
    // 'down': every API call waits past any client's patience; 'error': every API call answers 500.
    failure: null as null | 'down' | 'error',
  };

  const transactionData = (t: StubTransaction) => ({
    id: Number.parseInt(t.accessCode.slice(0, 8), 16),
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed',
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: 'card',
    currency: t.currency,
    ip_address: '127.0.0.1',
    metadata: t.metadata,
    fees: Math.round(t.amount * 0.015),
    customer: { id: 1, first_name: null, last_name: null, email: t.email, customer_code: 'CUS_stub' },
    authorization: { authorization_code: 'AUTH_stub', channel: 'card', card_type: 'visa', last4: '4081' },
  });

  const sign = (body: string, secret = key) => createHmac('sha512', secret).update(body).digest('hex');

  // Posts an event to the site as Paystack does: JSON, signed. `signature` replaces the real one (a forgery).
  async function deliver(event: unknown, { signature, secret }: { signature?: string; secret?: string } = {}) {
    if (!state.webhookUrl) throw new Error('the stub has no webhook URL');
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    const response = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? sign(body, secret) },
      body,
    });
    const delivery = { status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  const chargeSuccess = (t: StubTransaction) => ({ event: 'charge.success', data: transactionData(t) });

  // The visitor pays: the transaction succeeds, the webhook goes out in the chosen order, and the
  // address to send the visitor back to is returned (with the reference, as Paystack appends it).
  async function pay(reference: string): Promise<string> {
    const t = transactions.get(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    t.status = 'success';
    t.paidAt = new Date().toISOString();
    const back = new URL(t.callbackUrl);
    back.searchParams.set('trxref', t.reference);
    back.searchParams.set('reference', t.reference);
    if (state.webhookUrl && state.webhookTiming === 'before') await deliver(chargeSuccess(t));
    if (state.webhookUrl && state.webhookTiming === 'after') setTimeout(() => void deliver(chargeSuccess(t)), 300);
    return back.toString();
  }

  const page = (response: ServerResponse, status: number, html: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Paystack (stub)</title></head><body>${html}</body></html>`,
    );
  };

  const stub = await startHttpStub((request, response, raw) => {
    const path = request.url.pathname;
    // The checkout page the visitor is sent to, and its button.
    const checkout = /^\/checkout\/(\w+)(\/pay)?$/.exec(path);
    if (checkout) {
      const t = byAccessCode.get(checkout[1]!);
      if (!t) return page(response, 404, '<p>No such payment.</p>');
      if (request.method === 'POST' && checkout[2]) {
        void pay(t.reference).then((back) => {
          response.writeHead(302, { location: back });
          response.end();
        });
        return;
      }
      const amount = (t.amount / 100).toFixed(2);
      return page(
        response,
        200,
        `<h1>Pay ${t.currency} ${amount}</h1><p>${t.email}</p><form method="post" action="/checkout/${t.accessCode}/pay"><button type="submit">Pay ${t.currency} ${amount}</button></form>`,
      );
    }

    if (raw.headers.authorization !== `Bearer ${key}`) {
      return json(response, 401, { status: false, message: 'Invalid key' });
    }
    if (state.failure === 'down') return; // never answers: the client's timeout ends it
    if (state.failure === 'error') return json(response, 500, { status: false, message: 'Server error' });

    if (request.method === 'POST' && path === '/transaction/initialize') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return json(response, 400, { status: false, message: 'Invalid JSON' });
      }
      const amount = Number(body.amount);
      const reference = String(body.reference ?? randomBytes(6).toString('hex'));
      if (typeof body.email !== 'string' || !body.email.includes('@')) {
        return json(response, 400, { status: false, message: 'Invalid Email Address Passed' });
      }
      if (!Number.isInteger(amount) || amount <= 0) {
        return json(response, 400, { status: false, message: 'Invalid Amount Sent' });
      }
      if (!REFERENCE.test(reference)) return json(response, 400, { status: false, message: 'Invalid reference' });
      if (transactions.has(reference)) {
        return json(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      const accessCode = randomBytes(8).toString('hex');
      const t: StubTransaction = {
        reference,
        amount,
        currency: String(body.currency ?? 'NGN'),
        email: body.email,
        callbackUrl: String(body.callback_url ?? ''),
        metadata: typeof body.metadata === 'string' ? JSON.parse(body.metadata) : (body.metadata ?? null),
        accessCode,
        status: 'abandoned',
        paidAt: null,
        createdAt: new Date().toISOString(),
      };
      transactions.set(reference, t);
      byAccessCode.set(accessCode, t);
      return json(response, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${stub.url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return json(response, 400, { status: false, message: 'Transaction reference not found' });
      return json(response, 200, { status: true, message: 'Verification successful', data: transactionData(t) });
    }
    return json(response, 404, { status: false, message: 'Not found' });
  });

  return {
    url: stub.url,
    secretKey: key,
    requests: stub.requests,
    transactions,
    deliveries,
    state,
    pay,
    deliver,
    sign,
    chargeSuccess: (reference: string, changes: Partial<StubTransaction> = {}) => {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      return chargeSuccess({ ...t, status: 'success', paidAt: t.paidAt ?? new Date().toISOString(), ...changes });
    },
    // A refund made on Paystack's dashboard, completed: `refund.processed` in its documented shape
    // (the refunded transaction's reference, the amount in the subunit, as Paystack writes it, a string).
    refundProcessed: (reference: string, changes: { amount?: number; currency?: string } = {}) => {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      return {
        event: 'refund.processed',
        data: {
          status: 'processed',
          transaction_reference: t.reference,
          refund_reference: null,
          amount: String(changes.amount ?? t.amount),
          currency: changes.currency ?? t.currency,
          processor: 'stub',
          customer: { first_name: null, last_name: null, email: t.email },
          integration: 1,
          domain: 'test',
        },
      };
    },
    // The settings that point a server at this stub.
    env: (): Record<string, string> => ({ PAYSTACK_SECRET_KEY: key, PAYSTACK_BASE_URL: stub.url }),
    close: stub.close,
  };
}

export type PaystackStub = Awaited<ReturnType<typeof startPaystackStub>>;
