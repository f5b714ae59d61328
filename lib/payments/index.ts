// Payments (docs/product.md §14): what a record owes, the pay links and the provider's page, the
// webhook and the pending check that settle them, receipts, and what staff do by hand. Outside this
// folder, code imports only this door.
export { paymentProvider } from './provider';
export * from './types';
export { paymentContext } from './context';
export { payUrl, readReceiptToken, receiptUrl } from './links';
export { payLinkAgain, paymentReminder, type PayLink } from './mails';
export { paidElsewhere, personOf, samePerson } from './payers';
export { createPaymentCheck } from './pending';
export { charged, chosenCurrency, courseDue, eventDue, formatCharge, offerDue, type Price } from './price';
export { receiptOf } from './receipt';
export { newPayment, owesNow, paymentSettings, seatedPayment, storedPayLink, type PaymentSettings } from './record';
export { amountText, settleByHand } from './settle';
export { paymentFacts, returnState, startPayment } from './visitor';
export { handleWebhook, WEBHOOK_BODY_LIMIT, type GiftEvents } from './webhook';
