import { z } from 'zod';

import { defaultLang, langs, type Lang } from '@/lib/i18n';
import type { StoredLetter } from '@/lib/storage';

// A letter to the community: a subject and a Markdown body per language of the table (docs/staff.md,
// "Letters"), who receives it, and how far its sending has gone.
// 'failed': Mailchimp refused or did not answer (a newsletter sent as campaigns); staff try again.
export const letterStatuses = ['draft', 'sending', 'paused', 'sent', 'failed'] as const;
export type LetterStatus = (typeof letterStatuses)[number];

// A newsletter is in the public archive from the moment its send starts (its first readers have it), paused
// or not; a failed one (Mailchimp refused its campaigns) is not, until it is sent on.
const archivedStatuses: readonly LetterStatus[] = ['sending', 'paused', 'sent'];

export function isArchived(letter: { audience: string; status: LetterStatus }): boolean {
  return letter.audience === 'subscribers' && archivedStatuses.includes(letter.status);
}

// The day the archive gives a letter: when its send started (a send can take hours).
export function archivedAt(letter: { startedAt?: number; sentAt?: number }): number | undefined {
  return letter.startedAt ?? letter.sentAt;
}

export const SUBJECT_MAX = 200;
export const BODY_MAX = 50_000;
export const TEST_LIST_MAX = 20;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// The archive's own pages under /newsletter: a letter never takes their address.
const reservedSlugs = ['confirm', 'unsubscribe'];

const version = z.object({
  subject: z.string().trim().max(SUBJECT_MAX),
  body: z.string().trim().max(BODY_MAX),
});
export type LetterVersion = z.infer<typeof version>;

// Who receives it: the newsletter's confirmed subscribers, everyone registered for one item
// (`item:<collection>:<value>`, as lib/staff/present.ts names items), everyone who gave to the
// organisation (`givers`, lib/gifts: a thank-you letter), or a test list.
export const audience = z.union([
  z.literal('subscribers'),
  z.literal('test'),
  z.literal('givers'),
  z.string().regex(/^item:\w+:[^\n]{1,200}$/),
]);

const langEnum = z.enum(langs as [Lang, ...Lang[]]);

// A newsletter sent as Mailchimp campaigns (lib/letters/campaigns.ts): one campaign per language it is
// written in, its id kept from the moment Mailchimp gives it, and whether Mailchimp took it to send.
// `empty`: nobody in the audience has that language, so Mailchimp had nobody to send it to.
const campaign = z.object({
  id: z.string().max(100).optional(),
  sent: z.boolean().optional(),
  empty: z.boolean().optional(),
  recipients: z.number().optional(),
});
export type CampaignState = z.infer<typeof campaign>;

export const letterData = z.object({
  versions: z.partialRecord(langEnum, version),
  audience,
  testList: z.array(z.email()).max(TEST_LIST_MAX).default([]),
  status: z.enum(letterStatuses).default('draft'),
  createdBy: z.string(),
  updatedBy: z.string(),
  startedBy: z.string().optional(),
  startedAt: z.number().optional(),
  sentAt: z.number().optional(),
  // How many people it went to, counted when sending started (the confirmation showed the same count).
  recipients: z.number().optional(),
  // How it goes out: mail by mail through the outbox, or as Mailchimp campaigns (decided when sending
  // starts; letters from before this was recorded went through the outbox).
  delivery: z.enum(['outbox', 'mailchimp']).optional(),
  campaigns: z.partialRecord(langEnum, campaign).optional(),
  // Mailchimp's last refusal or silence, for staff to read before trying again.
  failure: z.object({ at: z.number(), message: z.string().max(500) }).optional(),
});
export type LetterData = z.infer<typeof letterData>;

export interface Letter extends LetterData {
  id: string;
  slug: string;
  updatedAt: number;
}

// Anything from an address: a page's params may lack it (the metadata of a page nobody asked for).
export function isValidSlug(slug: unknown): slug is string {
  return typeof slug === 'string' && slug.length <= 80 && SLUG.test(slug) && !reservedSlugs.includes(slug);
}

export function letterOf(stored: StoredLetter | null): Letter | null {
  if (!stored) return null;
  const parsed = letterData.safeParse(stored.data);
  return parsed.success ? { ...parsed.data, id: stored.id, slug: stored.slug, updatedAt: stored.updatedAt } : null;
}

export function storedOf(letter: Letter): StoredLetter {
  const { id, slug, updatedAt, ...data } = letter;
  return { id, slug, updatedAt, data };
}

// A language's version when it has both a subject and a body; otherwise the default language's.
export function versionIn(letter: Pick<Letter, 'versions'>, lang: Lang): { lang: Lang; version: LetterVersion } {
  const own = letter.versions[lang];
  if (own?.subject && own.body) return { lang, version: own };
  return { lang: defaultLang, version: letter.versions[defaultLang] ?? { subject: '', body: '' } };
}

// The languages whose readers would get the default language's version: staff are told before sending.
export function missingLangs(letter: Pick<Letter, 'versions'>): Lang[] {
  return langs.filter((lang) => versionIn(letter, lang).lang !== lang);
}

// The languages the letter is written in (its archive pages).
export function writtenLangs(letter: Pick<Letter, 'versions'>): Lang[] {
  return langs.filter((lang) => versionIn(letter, lang).lang === lang);
}

export function listOf(letter: Pick<Letter, 'audience'>): 'newsletter' | 'registrants' | 'test' {
  return letter.audience === 'subscribers' ? 'newsletter' : letter.audience === 'test' ? 'test' : 'registrants';
}
