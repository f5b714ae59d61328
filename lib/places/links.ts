import { randomInt } from 'node:crypto';

import { config } from '@/lib/config';
import { siteDayEnd } from '@/lib/content/schedule';
import { localeUrl, type Lang } from '@/lib/i18n';
import { linkSecret, readLink, signLink, type LinkPurpose } from '@/lib/security/signed-link';
import { isCollection, isRecordId, type Collection } from '@/lib/storage';

import type { PlaceParts } from './mails';
import { qrPng } from './qr';

// The signed links of places (docs/product.md §9): giving a place back ("I can't come"), claiming a
// place offered from the waiting list, and a guest's check-in (the QR code). Each names its record
// (`<collection>/<id>`, with the ticket's position for a claim), is signed for its purpose with the link
// secret, and lasts until a day of the calendar ends: the booking's last day to give a place back, the
// offer's end to claim one, the day after the event to check in. A link opened changes nothing: each
// page asks for a button's POST (mail scanners open links).

const secret = () => linkSecret(config().linkSecret, config().dataDir);

export interface PlaceLink {
  collection: Collection;
  id: string;
  position?: number;
}

function sign(purpose: LinkPurpose, link: PlaceLink, expiresAt: number): string {
  const subject = [link.collection, link.id, ...(link.position === undefined ? [] : [String(link.position)])];
  return signLink(secret(), purpose, subject.join('/'), expiresAt);
}

// What a token names, 'expired' for one this site signed for the purpose whose time is over, or null
// for anything else (forged, altered, another purpose's). Any string is safe to pass.
export function readPlaceLink(purpose: LinkPurpose, token: unknown, now: number): PlaceLink | 'expired' | null {
  const signed = readLink(secret(), purpose, token, now);
  if (!signed) return null;
  const [collection, id, position, ...rest] = signed.email.split('/');
  if (!collection || !isCollection(collection) || !isRecordId(id) || rest.length > 0) return null;
  if (position !== undefined && !/^[1-9]\d{0,8}$/.test(position)) return null;
  if (signed.expired) return 'expired';
  return { collection, id, ...(position === undefined ? {} : { position: Number(position) }) };
}

export function cancelUrl(link: PlaceLink, lang: Lang, lastDay: string, now: number): string {
  const token = sign('place-cancel', link, siteDayEnd(lastDay, now));
  return localeUrl(config().siteUrl, lang, `/places/cancel?${new URLSearchParams({ t: token })}`);
}

export function claimUrl(link: Required<PlaceLink>, lang: Lang, expiresAt: number): string {
  const token = sign('seat-offer', link, expiresAt);
  return localeUrl(config().siteUrl, lang, `/places/claim?${new URLSearchParams({ t: token })}`);
}

// The check-in page's address for a guest: what their QR code holds, for the door's scanner or a phone's
// camera. It lasts until the day after the event ends.
export function checkInUrl(link: PlaceLink, event: string, lastDay: string, now: number): string {
  const nextDay = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const token = sign('check-in', link, siteDayEnd(nextDay, now));
  return `${config().siteUrl}/staff/check-in/${encodeURIComponent(event)}?${new URLSearchParams({ t: token })}`;
}

// A check-in code to read aloud: six letters and digits that cannot be taken for one another (no 0/O,
// 1/I/L, 5/S, 2/Z, 8/B). Not unique by construction: the door finds a code among one event's guests,
// and shows every match in the rare case of two.
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY3467';
export function newCheckInCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export function isCheckInCode(value: string): boolean {
  return new RegExp(`^[${CODE_ALPHABET}]{6}$`).test(value);
}

// What a registration's mails carry (./mails.ts): the way to give the place back and, for an
// event, the check-in code with its QR code.
export function placeParts(
  link: PlaceLink,
  lang: Lang,
  booking: { lastDay: string; event?: string; code?: string },
  now: number,
): PlaceParts {
  const parts: PlaceParts = { cancelUrl: cancelUrl(link, lang, booking.lastDay, now) };
  if (booking.event === undefined || booking.code === undefined) return parts;
  const url = checkInUrl(link, booking.event, booking.lastDay, now);
  return { ...parts, checkIn: { code: booking.code, png: qrPng(url).toString('base64') } };
}
