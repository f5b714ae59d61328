import type { PaymentCurrency } from '@/lib/constants';

export type { PaymentCurrency } from '@/lib/constants';

// What the site asks of a payment provider (docs/product.md §14): start a payment on the provider's
// page, ask the provider how a payment stands, and read the events it posts to the webhook. Paystack is
// the first (paystack.ts); another provider is one more file of this shape, named in provider.ts.

// Amounts travel in the currency's subunit (kobo, cents, pesewas), 100 to the unit.
export const SUBUNITS = 100;

export const providerNames = ['paystack'] as const;
export type ProviderName = (typeof providerNames)[number];

export interface PaymentRequest {
  // The record's payment reference (lib/payments/reference.ts): the server's, one per record.
  reference: string;
  amount: number;
  // A price's PaymentCurrency, or a gift's own (lib/gifts, which has currencies of its own).
  currency: string;
  email: string;
  // Where the provider sends the visitor back, with the reference in the query.
  callbackUrl: string;
  // Shown on the provider's dashboard beside the payment; never trusted on the way back.
  metadata: Record<string, string>;
  // A monthly gift (lib/gifts): the provider's plan this payment starts a subscription to.
  plan?: string;
}

// A payment as the provider reports it. `unknown`: the provider has no payment of that reference.
export interface Charge {
  reference: string;
  status: 'success' | 'pending' | 'failed' | 'unknown';
  amount: number;
  currency: string;
  // When it was paid (ms), for a success.
  paidAt: number | null;
  // How it was paid, in the provider's word (card, bank, mobile_money, ussd…).
  channel: string;
  // A charge of a subscription (a monthly gift's first payment or a renewal): its plan, and the payer's
  // address as the provider knows it.
  planCode?: string;
  email?: string;
}

// A refund the provider has completed: the refunded payment's reference, and how much went back.
export interface Refund {
  reference: string;
  amount: number;
  currency: string;
}

// A webhook delivery, once its signature is checked: a successful charge, a completed refund (made on
// the provider's dashboard), or an event the site does not act on (named, for the log).
export type PaymentEvent =
  | { kind: 'charge-success'; charge: Charge }
  | { kind: 'refund'; refund: Refund }
  | { kind: 'subscription'; subscription: Subscription }
  | { kind: 'renewal-failed'; failure: RenewalFailure }
  | { kind: 'ignored'; event: string };

// A subscription to a plan (a monthly gift, lib/gifts), as the provider reports it when it starts
// (`created`) or ends (`disabled`). The token is what the provider asks to stop it through its API.
export interface Subscription {
  change: 'created' | 'disabled';
  code: string;
  emailToken: string;
  planCode: string;
  email: string;
  amount: number;
  currency: string;
}

// A renewal of a subscription that could not be charged: the invoice, once per period.
export interface RenewalFailure {
  invoiceCode: string;
  subscriptionCode: string;
  planCode: string;
  email: string;
  amount: number;
  currency: string;
}

// What a provider that takes monthly gifts adds (lib/gifts): plans, and stopping a subscription.
export interface SubscriptionProvider {
  // A monthly plan of this amount; its code. Throws ProviderUnavailable or ProviderRefused.
  createPlan(plan: { name: string; amount: number; currency: PaymentCurrency | string }): Promise<string>;
  // The provider's own page where a subscriber manages (and may cancel) their subscription.
  manageLink(subscriptionCode: string): Promise<string>;
  // Stops the subscription; throws ProviderRefused when the provider will not.
  disableSubscription(subscriptionCode: string, emailToken: string): Promise<void>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  // As visitors and staff read it.
  readonly label: string;
  // The provider's page for this payment. Throws ProviderUnavailable or ProviderRefused.
  initialise(request: PaymentRequest): Promise<{ url: string }>;
  // How the payment of this reference stands, asked on the server. Throws ProviderUnavailable.
  verify(reference: string): Promise<Charge>;
  // Whether the raw body carries the provider's signature, compared in constant time. Any input is safe.
  verifySignature(rawBody: Uint8Array, headers: Headers): boolean;
  // The event a signed body holds, or null for a body that is not one of the provider's events.
  parseEvent(rawBody: Uint8Array): PaymentEvent | null;
  // Plans and subscriptions, for a provider that has them.
  readonly subscriptions?: SubscriptionProvider;
}

// The provider's failures, recognised by name rather than instanceof: Next bundles routes, pages and the
// server's start with separate copies of this module (as lib/storage/errors.ts says).

// The provider could not be reached, did not answer in time, or failed on its side: try again later.
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

// The provider answered and refused (a reference it already has, a key it does not know).
export class ProviderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

export function isProviderUnavailable(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'ProviderUnavailable';
}
