import { randomUUID } from 'node:crypto';

import { revalidatePath } from 'next/cache';

import { config, isBuilding } from '@/lib/config';
import { defaultLang, langs, type Lang } from '@/lib/i18n';
import { log } from '@/lib/log';
import { kickOutbox } from '@/lib/mail/worker';
import { configuredMailchimp, type ListCounts, type MailchimpApi } from '@/lib/newsletter';
import { periodic } from '@/lib/periodic';
import { linkSecret } from '@/lib/security/signed-link';
import { getStore, type OutboxMail } from '@/lib/storage';
import { auditEntry, type Staff } from '@/lib/team';

import { advanceCampaigns, campaignSender, retryCampaigns, startCampaigns } from './campaigns';
import {
  archivedAt,
  isArchived,
  isValidSlug,
  letterData,
  letterOf,
  missingLangs,
  storedOf,
  versionIn,
  writtenLangs,
  type Letter,
  type LetterData,
} from './letter';
import { isStopped, recipientsOf } from './recipients';
import { bodyHtml, renderLetterMail, UNSUBSCRIBE_SLOT } from './render';
import {
  footOf,
  letterPreparer,
  letterRefusals,
  queuedSoFar,
  queueDueBatches,
  setPaused,
  startSending,
  type SendSettings,
} from './send';

// Letters to the community (docs/staff.md, "Letters"): the one door the workspace's pages and posts,
// the public archive and the server's start use. Nothing else of lib/letters is imported from outside.

export {
  archivedAt,
  BODY_MAX,
  isValidSlug,
  letterStatuses,
  missingLangs,
  SUBJECT_MAX,
  versionIn,
  writtenLangs,
  type Letter,
  type LetterStatus,
} from './letter';
export { BOUNCE_LIMIT } from './recipients';

let secret: string | undefined;
function settings(): SendSettings {
  const c = config();
  secret ??= linkSecret(c.linkSecret, c.dataDir);
  return { siteUrl: c.siteUrl, linkSecret: secret, ratePerMinute: c.mail.ratePerMinute };
}

// --- The server (lib/server-start.ts) ---

// The outbox worker's hooks for letters' mails, made on their first use (the store and the settings are
// read then) and kept: the preparer keeps each letter's rendering for the next mails.
export function letterMailHooks() {
  let prepare: ReturnType<typeof letterPreparer> | undefined;
  let refused: ReturnType<typeof letterRefusals> | undefined;
  return {
    prepare: (message: OutboxMail) => (prepare ??= letterPreparer(getStore(), settings(), Date.now))(message),
    refused: (message: OutboxMail) => (refused ??= letterRefusals(getStore(), Date.now))(message),
  };
}

// Queues the next batch of each letter being sent, every second, on every instance; and, with Mailchimp,
// runs each newsletter being sent as campaigns (its own task: a slow Mailchimp never holds the batches).
export function createLetterSender(log: (level: 'info' | 'error', message: string) => void) {
  const batches = periodic(async () => {
    try {
      if ((await queueDueBatches(getStore(), settings(), Date.now())) > 0) kickOutbox();
    } catch (error) {
      log('error', `could not queue letters: ${(error as Error).message}`);
    }
  }, 1000);
  const campaigns = periodic(async () => {
    const api = configuredMailchimp();
    if (!api || api === 'unconfigured') return;
    try {
      await advanceCampaigns(getStore(), api, senderSettings(), Date.now());
    } catch (error) {
      log('error', `could not run Mailchimp campaigns: ${(error as Error).message}`);
    }
  }, 2000);
  return {
    start() {
      batches.start();
      campaigns.start();
    },
    stop: () => Promise.all([batches.stop(), campaigns.stop()]).then(() => undefined),
  };
}

function senderSettings() {
  const c = config();
  return campaignSender(c.mail.from, c.siteUrl);
}

// How a newsletter goes out: through the outbox, or (with NEWSLETTER_PROVIDER=mailchimp) as campaigns,
// which need the API key. Registrant messages and test lists always go through the outbox.
export type Delivery = { kind: 'outbox' } | { kind: 'mailchimp'; api: MailchimpApi } | { kind: 'unconfigured' };

export function deliveryOf(letter: Pick<Letter, 'audience'>): Delivery {
  const mailchimp = letter.audience === 'subscribers' ? configuredMailchimp() : null;
  if (mailchimp === null) return { kind: 'outbox' };
  return mailchimp === 'unconfigured' ? { kind: 'unconfigured' } : { kind: 'mailchimp', api: mailchimp };
}

export type AudienceCounts = { ok: true; counts: ListCounts } | { ok: false; reason: string };

// The Mailchimp audience's counts, or why they cannot be read now (the pages show either).
export async function mailchimpCounts(api: MailchimpApi): Promise<AudienceCounts> {
  try {
    return { ok: true, counts: await api.listCounts() };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

// --- The workspace ---

export async function allLetters(): Promise<Letter[]> {
  return (await getStore().listLetters()).map(letterOf).filter((letter) => letter !== null);
}

export async function letterById(id: string): Promise<Letter | null> {
  return /^[\w-]{1,60}$/.test(id) ? letterOf(await getStore().getLetter(id)) : null;
}

export interface DraftInput {
  id?: string;
  slug: string;
  audience: string;
  testList: string;
  versions: Partial<Record<Lang, { subject: string; body: string }>>;
}

export type SaveResult = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'taken' | 'frozen' | 'missing' };

// A draft, new or changed. Once sending has started a letter no longer changes.
export async function saveDraft(session: Staff, input: DraftInput, now: number): Promise<SaveResult> {
  const before = input.id ? await letterById(input.id) : null;
  if (input.id && !before) return { ok: false, reason: 'missing' };
  if (before && before.status !== 'draft') return { ok: false, reason: 'frozen' };
  const testList = input.testList
    .split(/[\s,;]+/)
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  const parsed = letterData.safeParse({
    versions: Object.fromEntries(
      langs.flatMap((lang) => {
        const version = input.versions[lang];
        return version && (version.subject.trim() || version.body.trim()) ? [[lang, version]] : [];
      }),
    ),
    audience: input.audience,
    testList,
    status: 'draft',
    createdBy: before?.createdBy ?? session.email,
    updatedBy: session.email,
  } satisfies Partial<LetterData>);
  const own = parsed.success ? parsed.data.versions[defaultLang] : undefined;
  if (!parsed.success || !own?.subject || !own.body || !isValidSlug(input.slug))
    return { ok: false, reason: 'invalid' };
  const letter: Letter = { ...parsed.data, id: before?.id ?? randomUUID(), slug: input.slug, updatedAt: now };
  if (!(await getStore().saveLetter(storedOf(letter)))) return { ok: false, reason: 'taken' };
  await getStore().addAudit(auditEntry('letter-save', session.email, letter.slug, now));
  return { ok: true, id: letter.id };
}

// The mail in each language as a reader would get it (the unsubscribe link goes nowhere yet).
export async function previews(letter: Letter): Promise<{ lang: Lang; written: Lang; html: string }[]> {
  const { siteUrl } = settings();
  return Promise.all(
    langs.map(async (lang) => {
      const mail = await renderLetterMail(letter, lang, await footOf(letter, lang, siteUrl));
      return { lang, written: mail.lang, html: mail.html.replaceAll(UNSUBSCRIBE_SLOT, '#') };
    }),
  );
}

// A test of each language to the staff member's own address, through the outbox, now.
export async function sendTest(session: Staff, letter: Letter, now: number): Promise<void> {
  const { siteUrl } = settings();
  const mails = await Promise.all(
    writtenLangs(letter).map(async (lang) => {
      const mail = await renderLetterMail(letter, lang, await footOf(letter, lang, siteUrl));
      return {
        to: session.email,
        subject: `[TEST] ${mail.subject}`,
        html: mail.html.replaceAll(UNSUBSCRIBE_SLOT, '#'),
        text: mail.text.replaceAll(UNSUBSCRIBE_SLOT, '#'),
      };
    }),
  );
  const audit = auditEntry('letter-test', session.email, letter.slug, now);
  await getStore().claimJob(
    `letter-test:${letter.id}:${now}:${randomUUID().slice(0, 8)}`,
    { name: 'letter-test', at: now },
    mails,
    audit,
  );
  kickOutbox();
}

// For the subscribers page: with Mailchimp as the provider, its audience's counts (or why not); null
// with the local list.
export async function audienceCounts(): Promise<AudienceCounts | 'unconfigured' | null> {
  const mailchimp = configuredMailchimp();
  if (mailchimp === null || mailchimp === 'unconfigured') return mailchimp;
  return mailchimpCounts(mailchimp);
}

// How many people it would go to now, and which languages would get the default one. With Mailchimp, the
// audience's subscribed members as Mailchimp counts them (null when it cannot be reached: `mailchimp`
// says why).
export async function review(letter: Letter) {
  const missing = missingLangs(letter);
  const delivery = deliveryOf(letter);
  if (delivery.kind === 'unconfigured') return { count: 0, missing, delivery: delivery.kind };
  if (delivery.kind === 'mailchimp') {
    const audience = await mailchimpCounts(delivery.api);
    return { count: audience.ok ? audience.counts.members : null, missing, delivery: delivery.kind, audience };
  }
  return { count: (await recipientsOf(getStore(), letter)).length, missing, delivery: delivery.kind };
}

export type StartOutcome = Awaited<ReturnType<typeof startSending>> | 'unconfigured' | 'unreachable';

export async function startLetter(session: Staff, letter: Letter, now: number): Promise<StartOutcome> {
  const delivery = deliveryOf(letter);
  if (delivery.kind === 'unconfigured') return 'unconfigured';
  const outcome =
    delivery.kind === 'mailchimp'
      ? await startCampaigns(getStore(), delivery.api, letter, session, now)
      : await startSending(getStore(), letter, session, now);
  archiveChanged();
  return outcome;
}

// Has the archive's pages made again at their next visit: a letter whose send started is in it at once
// (staff's post is a request, where Next can be asked; nginx's copy follows at its own expiry).
function archiveChanged(): void {
  try {
    revalidatePath('/[lang]/newsletter', 'page');
    revalidatePath('/[lang]/newsletter/[slug]', 'page');
  } catch (error) {
    log.debug({ err: error }, 'newsletter archive left to its next regeneration');
  }
}

// A newsletter whose campaigns Mailchimp refused or did not answer for, tried again by staff.
export function retryLetter(session: Staff, letter: Letter, now: number) {
  return retryCampaigns(getStore(), letter, session.email, now);
}

export function pauseLetter(session: Staff, letter: Letter, paused: boolean, now: number) {
  return setPaused(getStore(), letter, paused, session, now);
}

export async function progress(letter: Letter) {
  const store = getStore();
  const [counts, queued] = await Promise.all([store.letterMailCounts(letter.id), queuedSoFar(store, letter.id)]);
  return { ...counts, queued, total: letter.recipients ?? 0 };
}

// Subscribers no longer mailed because their address was refused for good twice.
export async function stoppedAddresses(): Promise<{ email: string; at: number }[]> {
  return (await getStore().list('newsletter'))
    .filter((record) => isStopped(record.data))
    .map((record) => ({ email: String(record.data.email), at: Number(record.data.stoppedAt ?? 0) }));
}

// --- The public archive ---

// Newsletters sent or being sent, newest first (registrant messages and test lists are not published). The
// build reads no store (it may have none): the archive's pages are made by the server, again as soon as a
// send starts (archiveChanged), else at their `revalidate`.
export async function archive(): Promise<Letter[]> {
  if (isBuilding()) return [];
  return (await allLetters()).filter(isArchived).sort((a, b) => (archivedAt(b) ?? 0) - (archivedAt(a) ?? 0));
}

export async function archivedLetter(slug: unknown, lang: Lang) {
  if (!isValidSlug(slug) || isBuilding()) return null;
  const letter = letterOf(await getStore().letterBySlug(slug));
  if (!letter || !isArchived(letter)) return null;
  const { lang: written, version } = versionIn(letter, lang);
  const { siteUrl } = settings();
  return { letter, written, subject: version.subject, html: bodyHtml(version.body, { page: true, siteUrl }) };
}
