import type { AuditEntry } from './audit';
import type { NewMail, RecordData } from './shapes';

// Gifts to the organisation (lib/gifts, docs/product.md §15). A gift is a ledger of entries, each
// stored once under its own key whatever the number of deliveries or instances: the pledge the giver
// made on /donate (`gift:<gift id>`), then what the payment provider reports about it, one entry per
// payment or event (a charge, the subscription it started, a failed renewal, its end). Nothing is ever
// updated in place: what a gift is now is read from its entries, so two instances never race on one
// document, and the one-entry-per-key rule is the whole of "recorded once".
export const giftEntryKinds = ['pledge', 'paid', 'subscribed', 'failed', 'stopped'] as const;
export type GiftEntryKind = (typeof giftEntryKinds)[number];

export interface GiftEntry extends RecordData {
  // What makes it once: the entry's kind and the provider's (or the pledge's) own identity.
  key: string;
  giftId: string;
  kind: GiftEntryKind;
  // When it happened (ms).
  at: number;
}

// The fields entries are looked up by (each an equality on one field: Firestore's own index).
export type GiftLookup = 'giftId' | 'reference' | 'planCode' | 'subscriptionCode' | 'email';

// An entry's key becomes a document id and a unique key.
export const GIFT_KEY = /^gift[\w-]*:[\w.:-]{1,160}$/;

export interface GiftStore {
  // The first call with an entry's key commits the entry, its mails (a receipt) and its audit entry
  // together and resolves to true; every later call, from any instance, writes nothing and resolves to
  // false.
  recordGift(entry: GiftEntry, mails?: NewMail[], audit?: AuditEntry): Promise<boolean>;
  // Entries, oldest first: all of them, or those whose field equals the value.
  giftEntries(where?: { field: GiftLookup; value: string }): Promise<GiftEntry[]>;
  // Removes the entries dated before `before` (retention, lib/privacy), with their mails; how many went.
  purgeGifts(before: number): Promise<number>;
}

export function checkGiftKey(key: string): void {
  if (!GIFT_KEY.test(key)) throw new Error(`Not a gift key: ${key}`);
}
