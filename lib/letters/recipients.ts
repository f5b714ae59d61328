import { cmsItems } from '@/lib/cms';
import { defaultLang, toLang, type Lang } from '@/lib/i18n';
import {
  holdsSeat,
  parseItem,
  recipientDigest,
  subscriberKey,
  type GiftStore,
  type RecordStore,
  type SubscriberStatus,
} from '@/lib/storage';

import type { Letter } from './letter';

// Who receives a letter, each once, in their language, in a fixed order: by a digest of the address,
// which is also where a send that stopped takes up again (its batches keep the last digest, never the
// address).
export interface Recipient {
  email: string;
  lang: Lang;
  // The digest the order and the batches' cursor use.
  key: string;
}

// Two permanent refusals stop an address (docs/staff.md, "Letters").
export const BOUNCE_LIMIT = 2;

export function isStopped(data: Record<string, unknown>): boolean {
  return Number(data.bounces ?? 0) >= BOUNCE_LIMIT;
}

// Subscribers from before double opt-in have no status and count as confirmed.
export function isMailable(data: Record<string, unknown>): boolean {
  return ((data.status ?? 'confirmed') as SubscriberStatus) === 'confirmed' && !isStopped(data);
}

// A registration that holds a place (or is offered one): spam, a place given back, someone still on
// the waiting list and an offer that passed are left out.
const isRegistered = holdsSeat;

// The item a registrant message is about ('item:user:hackathon-2023'), or null.
export function audienceItem(audience: string) {
  return audience.startsWith('item:') ? parseItem(audience.slice('item:'.length)) : null;
}

// The item's title in a language, as its pages name it; an item no longer in the CMS by its key's value.
export async function itemTitle(audience: string, lang: Lang): Promise<string> {
  const item = audienceItem(audience);
  if (!item) return '';
  const found = (await cmsItems(lang)).find(
    ({ collection, slug }) => collection === item.collection && slug === item.value,
  );
  return found?.title ?? item.value;
}

export async function recipientsOf(
  store: RecordStore & Partial<Pick<GiftStore, 'giftEntries'>>,
  letter: Pick<Letter, 'audience' | 'testList'>,
): Promise<Recipient[]> {
  let people: { email?: unknown; lang?: unknown }[];
  if (letter.audience === 'givers') {
    // Everyone a payment was received from, once or monthly, in the language they gave in.
    people = ((await store.giftEntries?.()) ?? [])
      .filter((entry) => entry.kind === 'paid')
      .map((entry) => ({ email: entry.email, lang: entry.lang }));
  } else if (letter.audience === 'subscribers') {
    people = (await store.list('newsletter')).map((r) => r.data).filter(isMailable);
  } else if (letter.audience === 'test') {
    people = letter.testList.map((email) => ({ email, lang: defaultLang }));
  } else {
    const item = audienceItem(letter.audience);
    if (!item) return [];
    people = (await store.list(item.collection))
      .map((r) => r.data)
      .filter((data) => data[item.field] === item.value && isRegistered(data));
  }
  const byKey = new Map<string, Recipient>();
  for (const person of people) {
    if (typeof person.email !== 'string' || person.email === '') continue;
    const key = recipientDigest(person.email);
    if (!byKey.has(key)) byKey.set(key, { email: subscriberKey(person.email), lang: toLang(person.lang), key });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
