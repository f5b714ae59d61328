import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

import { json, startHttpStub } from './http-stub';

// A local stand-in for Paystack in its documented shapes (https://paystack.com/docs/api/): POST
// /transaction/initialize, GET /transaction/verify/:reference, a checkout page that a browser (or a test)
// pays on, and `charge.success` deliveries to the site's webhook signed with HMAC-SHA512 of the raw body
// keyed with the secret key, as Paystack signs them. For monthly gifts, plans and subscriptions
// (https://paystack.com/docs/payments/subscriptions/): POST /plan, a transaction initialised with a
// `plan` (charged at the plan's amount, and once paid a subscription with its `subscription.create`),
// GET /subscription/:code/manage/link, POST /subscription/disable (with its `subscription.disable`),
// and a renewal's `charge.success` or `invoice.payment_failed` sent when a test says. No test needs the
// internet.
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
  // The plan it was initialised with (a monthly gift's first payment, or a renewal).
  plan?: string;
}

export interface StubPlan {
  planCode: string;
  name: string;
  amount: number;
  currency: string;
  interval: string;
}

export interface StubSubscription {
  code: string;
  emailToken: string;
  planCode: string;
  email: string;
  amount: number;
  status: 'active' | 'cancelled';
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
  const plans = new Map<string, StubPlan>();
  const subscriptions = new Map<string, StubSubscription>();
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
    // A subscription's charge names its plan; any other charge has an empty object.
    plan: t.plan ? planData(plans.get(t.plan)!) : {},
  });

  const planData = (plan: StubPlan) => ({
    name: plan.name,
    plan_code: plan.planCode,
    description: null,
    amount: plan.amount,
    interval: plan.interval,
    send_invoices: true,
    send_sms: true,
    currency: plan.currency,
  });

  const customer = (email: string) => ({
    first_name: null,
    last_name: null,
    email,
    customer_code: 'CUS_stub',
    phone: '',
    metadata: {},
    risk_action: 'default',
  });

  const subscriptionData = (sub: StubSubscription) => ({
    domain: 'test',
    status: sub.status === 'active' ? 'active' : 'cancelled',
    subscription_code: sub.code,
    email_token: sub.emailToken,
    amount: sub.amount,
    cron_expression: '0 0 1 * *',
    next_payment_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    open_invoice: null,
    createdAt: sub.createdAt,
    plan: planData(plans.get(sub.planCode)!),
    authorization: { authorization_code: 'AUTH_stub', bin: '408408', last4: '4081', channel: 'card', reusable: true },
    customer: customer(sub.email),
    created_at: sub.createdAt,
  });

  // A subscription's events: `subscription.create` once its first payment succeeds,
  // `subscription.disable` once it is stopped.
  const subscriptionEvent = (event: 'subscription.create' | 'subscription.disable', code: string) => {
    const sub = subscriptions.get(code);
    if (!sub) throw new Error(`no subscription ${code}`);
    return { event, data: subscriptionData(sub) };
  };

  // A month later: the renewal, charged on the subscription's card under a reference of Paystack's.
  function renewal(code: string, changes: Partial<StubTransaction> = {}) {
    const sub = subscriptions.get(code);
    if (!sub) throw new Error(`no subscription ${code}`);
    const plan = plans.get(sub.planCode)!;
    const t: StubTransaction = {
      reference: `renewal_${randomBytes(6).toString('hex')}`,
      amount: plan.amount,
      currency: plan.currency,
      email: sub.email,
      callbackUrl: '',
      metadata: null,
      accessCode: randomBytes(8).toString('hex'),
      status: 'success',
      paidAt: new Date().toISOString(),
      createdAt: new Date().toISOString(),
      plan: plan.planCode,
      ...changes,
    };
    transactions.set(t.reference, t);
    return { event: 'charge.success', data: transactionData(t) };
  }

  // A renewal the card refused: `invoice.payment_failed`, once per invoice.
  function paymentFailed(code: string, invoiceCode = `INV_${randomBytes(6).toString('hex')}`) {
    const sub = subscriptions.get(code);
    if (!sub) throw new Error(`no subscription ${code}`);
    const plan = plans.get(sub.planCode)!;
    const now = new Date().toISOString();
    return {
      event: 'invoice.payment_failed',
      data: {
        domain: 'test',
        invoice_code: invoiceCode,
        amount: plan.amount,
        period_start: now,
        period_end: now,
        status: 'failed',
        paid: false,
        paid_at: null,
        description: null,
        authorization: { authorization_code: 'AUTH_stub', last4: '4081', channel: 'card' },
        subscription: {
          status: 'attention',
          subscription_code: sub.code,
          email_token: sub.emailToken,
          amount: plan.amount,
          cron_expression: '0 0 1 * *',
          next_payment_date: now,
          open_invoice: invoiceCode,
        },
        customer: customer(sub.email),
        transaction: {
          reference: `failed_${randomBytes(4).toString('hex')}`,
          status: 'failed',
          amount: plan.amount,
          currency: plan.currency,
        },
        created_at: now,
      },
    };
  }

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
    // A payment on a plan starts its subscription, which Paystack announces after the charge.
    const events: unknown[] = [chargeSuccess(t)];
    if (t.plan && ![...subscriptions.values()].some((sub) => sub.planCode === t.plan && sub.email === t.email)) {
      const sub: StubSubscription = {
        code: `SUB_${randomBytes(7).toString('hex')}`,
        emailToken: randomBytes(7).toString('hex'),
        planCode: t.plan,
        email: t.email,
        amount: t.amount,
        status: 'active',
        createdAt: new Date().toISOString(),
      };
      subscriptions.set(sub.code, sub);
      events.push(subscriptionEvent('subscription.create', sub.code));
    }
    const send = async () => {
      for (const event of events) await deliver(event);
    };
    if (state.webhookUrl && state.webhookTiming === 'before') await send();
    if (state.webhookUrl && state.webhookTiming === 'after') setTimeout(() => void send(), 300);
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

    // The subscriptions' own pages: where the manage link leads.
    const managePage = /^\/manage\/(\w+)$/.exec(path);
    if (request.method === 'GET' && managePage && subscriptions.has(managePage[1]!)) {
      return page(response, 200, `<h1>Manage your subscription</h1><p>${managePage[1]}</p>`);
    }

    if (raw.headers.authorization !== `Bearer ${key}`) {
      return json(response, 401, { status: false, message: 'Invalid key' });
    }
    if (state.failure === 'down') return; // never answers: the client's timeout ends it
    if (state.failure === 'error') return json(response, 500, { status: false, message: 'Server error' });

    if (request.method === 'POST' && path === '/plan') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return json(response, 400, { status: false, message: 'Invalid JSON' });
      }
      const amount = Number(body.amount);
      if (typeof body.name !== 'string' || !body.name)
        return json(response, 400, { status: false, message: 'Name is required' });
      if (!Number.isInteger(amount) || amount <= 0)
        return json(response, 400, { status: false, message: 'Invalid Amount Sent' });
      if (body.interval !== 'monthly') return json(response, 400, { status: false, message: 'Interval is invalid' });
      const plan: StubPlan = {
        planCode: `PLN_${randomBytes(7).toString('hex')}`,
        name: body.name,
        amount,
        currency: String(body.currency ?? 'NGN'),
        interval: body.interval,
      };
      plans.set(plan.planCode, plan);
      return json(response, 200, {
        status: true,
        message: 'Plan created',
        data: { ...planData(plan), integration: 1, domain: 'test', id: plans.size },
      });
    }

    const manage = /^\/subscription\/([^/]+)\/manage\/link$/.exec(path);
    if (request.method === 'GET' && manage) {
      const sub = subscriptions.get(decodeURIComponent(manage[1]!));
      if (!sub) return json(response, 404, { status: false, message: 'Subscription not found' });
      return json(response, 200, {
        status: true,
        message: 'Link generated',
        data: { link: `${stub.url}/manage/${sub.code}` },
      });
    }

    if (request.method === 'POST' && path === '/subscription/disable') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return json(response, 400, { status: false, message: 'Invalid JSON' });
      }
      const sub = subscriptions.get(String(body.code));
      if (!sub || body.token !== sub.emailToken) {
        return json(response, 400, { status: false, message: 'Subscription with code not found or already inactive' });
      }
      if (sub.status !== 'active') {
        return json(response, 400, { status: false, message: 'Subscription with code not found or already inactive' });
      }
      sub.status = 'cancelled';
      if (state.webhookUrl) setTimeout(() => void deliver(subscriptionEvent('subscription.disable', sub.code)), 100);
      return json(response, 200, { status: true, message: 'Subscription disabled successfully' });
    }

    if (request.method === 'POST' && path === '/transaction/initialize') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return json(response, 400, { status: false, message: 'Invalid JSON' });
      }
      // With a plan, Paystack charges the plan's amount in its currency.
      const plan = typeof body.plan === 'string' ? plans.get(body.plan) : undefined;
      if (body.plan !== undefined && !plan) return json(response, 400, { status: false, message: 'Plan not found' });
      if (plan) {
        body.amount = plan.amount;
        body.currency = plan.currency;
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
        ...(plan ? { plan: plan.planCode } : {}),
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
    plans,
    subscriptions,
    deliveries,
    renewal,
    paymentFailed,
    subscriptionEvent,
    state,
    pay,
    deliver,
    sign,
    // An event as the webhook route receives it, signed with this stub's key, for a test that hands it to
    // the route's handler in-process (lib/payments/webhook.ts) rather than over HTTP.
    webhookRequest: (event: unknown) => {
      const body = JSON.stringify(event);
      return new Request('http://127.0.0.1/api/payments/paystack', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
        body,
      });
    },
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
