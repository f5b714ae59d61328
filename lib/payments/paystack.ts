import { createHmac, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import {
  ProviderRefused,
  ProviderUnavailable,
  type Charge,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type RenewalFailure,
  type Subscription,
  type SubscriptionProvider,
} from './types';

// Paystack through its documented REST API (https://paystack.com/docs/api/): POST /transaction/initialize,
// GET /transaction/verify/:reference, and the `charge.success` and `refund.processed` events posted to
// the webhook with the HMAC-SHA512 of its raw body, keyed with the secret key, in hex in `x-paystack-signature`. Plain
// fetch: the official Node client adds nothing these three calls need.
export interface PaystackOptions {
  secretKey: string;
  // https://api.paystack.co, or a stub in tests.
  baseUrl: string;
  // A visitor waits on the answer: a provider slower than this counts as down.
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

// Every answer: `status` says whether the call succeeded, `message` why not.
const answerSchema = z.object({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional() });
const initialised = z.object({ authorization_url: z.url({ protocol: /^https?$/ }) });
// A transaction, as verify returns it and as `charge.success` carries it.
const transaction = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(),
  channel: z.string().nullish(),
  // A subscription's charge carries its plan (an empty object otherwise) and its customer.
  plan: z.union([z.object({ plan_code: z.string().optional() }), z.array(z.unknown()), z.null()]).optional(),
  customer: z.object({ email: z.string().optional() }).nullish(),
});
// A plan, a subscription and an invoice, as Paystack's plan, subscription and invoice events carry them
// (https://paystack.com/docs/payments/subscriptions/).
const plan = z.object({
  plan_code: z.string(),
  amount: z.number().int().nonnegative().optional(),
  currency: z.string().optional(),
});
const subscription = z.object({
  subscription_code: z.string().min(1).max(100),
  email_token: z.string().max(100).nullish(),
  amount: z.number().int().nonnegative(),
  plan,
  customer: z.object({ email: z.string() }),
});
const invoice = z.object({
  invoice_code: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  subscription: z.object({ subscription_code: z.string().min(1).max(100) }),
  plan: plan.optional(),
  customer: z.object({ email: z.string() }),
  transaction: z.object({ currency: z.string().optional() }).partial().nullish(),
});
const eventSchema = z.object({ event: z.string(), data: z.unknown() });
// A refund, as `refund.processed` carries it: the refunded transaction's reference, and the amount in
// the subunit (Paystack writes it as a number or a numeric string).
const refund = z.object({
  transaction_reference: z.string(),
  amount: z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ]),
  currency: z.string(),
});

// Paystack's transaction states, as the site reads them: paid, not yet (the visitor may still pay on the
// same page), or failed.
function chargeStatus(status: string): Charge['status'] {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'reversed') return 'failed';
  return 'pending';
}

function toCharge(data: z.infer<typeof transaction>): Charge {
  const paid = data.paid_at ?? data.paidAt;
  const paidAt = paid ? Date.parse(paid) : NaN;
  const planCode = data.plan && !Array.isArray(data.plan) ? data.plan.plan_code : undefined;
  return {
    reference: data.reference,
    status: chargeStatus(data.status),
    amount: data.amount,
    currency: data.currency.toUpperCase(),
    paidAt: Number.isFinite(paidAt) ? paidAt : null,
    channel: data.channel ?? '',
    ...(planCode ? { planCode } : {}),
    ...(data.customer?.email ? { email: data.customer.email } : {}),
  };
}

function toSubscription(change: Subscription['change'], data: z.infer<typeof subscription>): Subscription {
  return {
    change,
    code: data.subscription_code,
    emailToken: data.email_token ?? '',
    planCode: data.plan.plan_code,
    email: data.customer.email,
    amount: data.amount,
    currency: (data.plan.currency ?? '').toUpperCase(),
  };
}

function toFailure(data: z.infer<typeof invoice>): RenewalFailure {
  return {
    invoiceCode: data.invoice_code,
    subscriptionCode: data.subscription.subscription_code,
    planCode: data.plan?.plan_code ?? '',
    email: data.customer.email,
    amount: data.amount,
    currency: (data.plan?.currency ?? data.transaction?.currency ?? '').toUpperCase(),
  };
}

export function paystackProvider(options: PaystackOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const key = options.secretKey;

  // One call: the parsed answer and its HTTP status. Network failures, timeouts, 5xx and answers that
  // are not Paystack's JSON mean the provider is unavailable.
  async function call(path: string, init: RequestInit = {}) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderUnavailable(`Paystack unreachable: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new ProviderUnavailable(`Paystack answered HTTP ${response.status}`);
    let body: z.infer<typeof answerSchema>;
    try {
      body = answerSchema.parse(await response.json());
    } catch {
      throw new ProviderUnavailable(`Paystack answered HTTP ${response.status} with something else than its JSON`);
    }
    return { httpStatus: response.status, body };
  }

  return {
    name: 'paystack',
    label: 'Paystack',

    async initialise(request: PaymentRequest) {
      const { httpStatus, body } = await call('/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({
          email: request.email,
          amount: request.amount,
          currency: request.currency,
          reference: request.reference,
          callback_url: request.callbackUrl,
          // Documented as a stringified JSON object.
          metadata: JSON.stringify(request.metadata),
          // With a plan, Paystack charges the plan's amount and starts the subscription once paid.
          ...(request.plan ? { plan: request.plan } : {}),
        }),
      });
      const data = initialised.safeParse(body.data);
      if (!body.status || !data.success) {
        throw new ProviderRefused(`Paystack refused the payment (HTTP ${httpStatus}): ${body.message ?? 'no reason'}`);
      }
      return { url: data.data.authorization_url };
    },

    async verify(reference: string) {
      const { httpStatus, body } = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
      // "Transaction reference not found": Paystack answers 400 or 404 with status false.
      if (!body.status) {
        if (httpStatus === 400 || httpStatus === 404) {
          return { reference, status: 'unknown', amount: 0, currency: '', paidAt: null, channel: '' };
        }
        throw new ProviderUnavailable(`Paystack answered HTTP ${httpStatus}: ${body.message ?? 'no reason'}`);
      }
      const data = transaction.safeParse(body.data);
      if (!data.success) throw new ProviderUnavailable('Paystack verified with an answer of another shape');
      return toCharge(data.data);
    },

    subscriptions: subscriptionCalls(call),

    verifySignature(rawBody: Uint8Array, headers: Headers) {
      const presented = headers.get('x-paystack-signature') ?? '';
      if (!/^[0-9a-f]{128}$/i.test(presented)) return false;
      const expected = createHmac('sha512', key).update(rawBody).digest();
      return timingSafeEqual(Buffer.from(presented, 'hex'), expected);
    },

    parseEvent(rawBody: Uint8Array): PaymentEvent | null {
      let parsed: z.infer<typeof eventSchema>;
      try {
        parsed = eventSchema.parse(JSON.parse(Buffer.from(rawBody).toString('utf8')));
      } catch {
        return null;
      }
      if (parsed.event === 'refund.processed') {
        const data = refund.safeParse(parsed.data);
        if (!data.success) return null;
        const { transaction_reference: reference, amount, currency } = data.data;
        return { kind: 'refund', refund: { reference, amount, currency: currency.toUpperCase() } };
      }
      if (parsed.event === 'subscription.create' || parsed.event === 'subscription.disable') {
        const data = subscription.safeParse(parsed.data);
        if (!data.success) return null;
        const change = parsed.event === 'subscription.create' ? 'created' : 'disabled';
        return { kind: 'subscription', subscription: toSubscription(change, data.data) };
      }
      if (parsed.event === 'invoice.payment_failed') {
        const data = invoice.safeParse(parsed.data);
        return data.success ? { kind: 'renewal-failed', failure: toFailure(data.data) } : null;
      }
      if (parsed.event !== 'charge.success') return { kind: 'ignored', event: parsed.event.slice(0, 60) };
      const data = transaction.safeParse(parsed.data);
      return data.success ? { kind: 'charge-success', charge: toCharge(data.data) } : null;
    },
  };
}

// Monthly gifts' calls (lib/gifts): POST /plan, GET /subscription/:code/manage/link and
// POST /subscription/disable, through the provider's one way of calling.
type Call = (path: string, init?: RequestInit) => Promise<{ httpStatus: number; body: z.infer<typeof answerSchema> }>;

function subscriptionCalls(call: Call): SubscriptionProvider {
  return {
    async createPlan({ name, amount, currency }) {
      const { httpStatus, body } = await call('/plan', {
        method: 'POST',
        body: JSON.stringify({ name, amount, currency, interval: 'monthly' }),
      });
      const data = plan.safeParse(body.data);
      if (!body.status || !data.success) {
        throw new ProviderRefused(`Paystack refused the plan (HTTP ${httpStatus}): ${body.message ?? 'no reason'}`);
      }
      return data.data.plan_code;
    },
    async manageLink(code) {
      const { httpStatus, body } = await call(`/subscription/${encodeURIComponent(code)}/manage/link`);
      const data = z.object({ link: z.url({ protocol: /^https?$/ }) }).safeParse(body.data);
      if (!body.status || !data.success) {
        throw new ProviderRefused(`Paystack gave no manage link (HTTP ${httpStatus}): ${body.message ?? 'no reason'}`);
      }
      return data.data.link;
    },
    async disableSubscription(code, token) {
      const { httpStatus, body } = await call('/subscription/disable', {
        method: 'POST',
        body: JSON.stringify({ code, token }),
      });
      if (!body.status) {
        throw new ProviderRefused(`Paystack did not stop it (HTTP ${httpStatus}): ${body.message ?? 'no reason'}`);
      }
    },
  };
}
