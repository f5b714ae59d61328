import { cmsContact } from '@/lib/cms';
import { site } from '@/lib/content';
import { defaultLang, localeUrl, type Lang } from '@/lib/i18n';
import { newsletterLinks } from '@/lib/newsletter';
import {
  NOT_SENT,
  subscriberKey,
  type JobData,
  type JobStore,
  type LetterStore,
  type NewMail,
  type OutboxMail,
  type RecordStore,
  type StaffSession,
  type StaffStore,
} from '@/lib/storage';
import { auditEntry } from '@/lib/team';
import { letterTexts } from '@/messages/letters';

import { letterOf, listOf, storedOf, versionIn, type Letter } from './letter';
import { BOUNCE_LIMIT, isMailable, itemTitle, recipientsOf, type Recipient } from './recipients';
import { renderLetterMail, UNSUBSCRIBE_SLOT, type RenderedLetter } from './render';

// Sending a letter (docs/staff.md, "Letters"). Starting it is a job claimed once, so a replayed or
// doubled post starts nothing more. Then, on every instance, a periodic task queues the next batch of
// recipients: a batch is a job claimed once (`letter:<id>:<n>`) whose outbox mails are committed with
// the claim, and it starts after the previous batch's last recipient (by digest). So a send killed at
// any point takes up where its last committed batch ended, two instances never queue one person twice,
// and batches are spaced so that mail leaves at MAIL_RATE_PER_MINUTE. Each mail is queued without its
// body: the outbox worker's `prepare` checks the person may still be mailed and renders it then.

type Store = RecordStore & JobStore & LetterStore & Pick<StaffStore, 'addAudit'>;

export interface SendSettings {
  siteUrl: string;
  linkSecret: string;
  ratePerMinute: number;
}

interface BatchJob extends JobData {
  n: number;
  cursor: string;
  count: number;
  queued: number;
}

// A batch is at most this many mails (one commit on either store), and a second's worth at the rate.
export const BATCH_MAX = 200;
const batchName = (id: string) => `letter-batch:${id}`;

export type StartResult = 'started' | 'already' | 'empty';

export async function startSending(
  store: Store,
  letter: Letter,
  session: StaffSession,
  now: number,
): Promise<StartResult> {
  if (letter.status !== 'draft') return 'already';
  const people = await recipientsOf(store, letter);
  if (people.length === 0) return 'empty';
  const subject = versionIn(letter, defaultLang).version.subject;
  const audit = auditEntry(
    'letter-send',
    session.email,
    `“${subject}” to ${people.length} people (${letter.audience})`,
    now,
  );
  const claimed = await store.claimJob(
    `letter:${letter.id}:start`,
    { name: 'letter-start', at: now, letter: letter.id, by: session.email, recipients: people.length },
    [],
    audit,
  );
  // Claimed by an earlier post whose process stopped before marking the letter: marking it now sends
  // nobody twice (the batches are claimed once each).
  await store.saveLetter(
    storedOf({ ...letter, status: 'sending', startedAt: now, startedBy: session.email, recipients: people.length }),
  );
  return claimed ? 'started' : 'already';
}

export async function setPaused(store: Store, letter: Letter, paused: boolean, session: StaffSession, now: number) {
  const from = paused ? 'sending' : 'paused';
  if (letter.status !== from) return false;
  await store.saveLetter(storedOf({ ...letter, status: paused ? 'paused' : 'sending', updatedBy: session.email }));
  await store.addAudit(auditEntry(paused ? 'letter-pause' : 'letter-resume', session.email, letter.slug, now));
  return true;
}

export async function queuedSoFar(store: Store, letterId: string): Promise<number> {
  return Number((await store.lastJob(batchName(letterId)))?.queued ?? 0);
}

// One pass of the periodic task: the next batch of every letter being sent, when its time has come.
// Resolves to how many mails were queued.
export async function queueDueBatches(store: Store, settings: SendSettings, now: number): Promise<number> {
  let queued = 0;
  for (const stored of await store.listLetters()) {
    const letter = letterOf(stored);
    if (letter?.status === 'sending') queued += await queueNextBatch(store, letter, settings, now);
  }
  return queued;
}

// The people a letter being sent goes to, read once per instance and kept a few minutes: a batch every
// second would otherwise read the whole list each time (10,000 documents per batch on Firestore). Whoever
// leaves the list meanwhile is still not mailed (the check when the mail leaves, below); whoever joins is
// found at the next reading, if the send has not passed them yet, as before.
const RECIPIENTS_KEPT_MS = 5 * 60_000;
const readings = new WeakMap<object, Map<string, { at: number; people: Promise<Recipient[]> }>>();

function sendingTo(store: Store, letter: Letter, now: number): Promise<Recipient[]> {
  let kept = readings.get(store);
  if (!kept) readings.set(store, (kept = new Map()));
  for (const [id, reading] of kept) if (now - reading.at > RECIPIENTS_KEPT_MS) kept.delete(id);
  let reading = kept.get(letter.id);
  if (!reading) {
    reading = { at: now, people: recipientsOf(store, letter) };
    reading.people.catch(() => kept.delete(letter.id));
    kept.set(letter.id, reading);
  }
  return reading.people;
}

export async function queueNextBatch(
  store: Store,
  letter: Letter,
  settings: SendSettings,
  now: number,
): Promise<number> {
  const last = (await store.lastJob(batchName(letter.id))) as BatchJob | null;
  // The previous batch's mails take count / rate minutes to leave.
  if (last && now < last.at + (last.count * 60_000) / settings.ratePerMinute) return 0;
  const cursor = last?.cursor ?? '';
  const size = Math.max(1, Math.min(BATCH_MAX, Math.ceil(settings.ratePerMinute / 60)));
  const batch = (await sendingTo(store, letter, now)).filter((person) => person.key > cursor).slice(0, size);
  if (batch.length === 0) {
    const current = letterOf(await store.getLetter(letter.id));
    if (current?.status === 'sending') await store.saveLetter(storedOf({ ...current, status: 'sent', sentAt: now }));
    return 0;
  }
  const list = listOf(letter);
  const mails: NewMail[] = batch.map((person) => ({
    to: person.email,
    subject: versionIn(letter, person.lang).version.subject,
    text: '',
    html: '',
    letter: { id: letter.id, lang: person.lang, list },
    onceKey: `letter:${letter.id}:${person.email}`,
  }));
  const n = (last?.n ?? 0) + 1;
  const job: BatchJob = {
    name: batchName(letter.id),
    // Later than the previous batch whatever this instance's clock says: the latest batch is the one
    // with the latest date.
    at: Math.max(now, (last?.at ?? 0) + 1),
    n,
    cursor: batch.at(-1)!.key,
    count: batch.length,
    queued: (last?.queued ?? 0) + batch.length,
  };
  return (await store.claimJob(`letter:${letter.id}:${n}`, job, mails)) ? batch.length : 0;
}

// How soon a paused letter's queued mail is looked at again: after a resume, the mails of the batch that
// was queued when it was paused leave within this.
export const PAUSED_LOOK_AGAIN_MS = 15_000;

// The outbox worker's `prepare` for letters: a newsletter's mail goes only to someone still confirmed
// and not stopped, with their own unsubscribe link and RFC 8058 headers; the body is rendered once per
// letter and language and kept for the next mails.
export function letterPreparer(store: Store, settings: Omit<SendSettings, 'ratePerMinute'>, now: () => number) {
  const rendered = new Map<string, Promise<RenderedLetter>>();
  const render = (letter: Letter, lang: Lang) => {
    const key = `${letter.id}:${lang}:${letter.updatedAt}`;
    if (!rendered.has(key)) {
      if (rendered.size > 20) rendered.clear();
      rendered.set(
        key,
        footOf(letter, lang, settings.siteUrl).then((foot) => renderLetterMail(letter, lang, foot)),
      );
    }
    return rendered.get(key)!;
  };
  return async (message: OutboxMail): Promise<OutboxMail | { skip: string } | { later: number }> => {
    if (!message.letter) return message;
    const letter = letterOf(await store.getLetter(message.letter.id));
    if (!letter) return { skip: `${NOT_SENT}the letter is gone` };
    // Paused: the mails already queued wait too, untried, and leave after the send is resumed.
    if (letter.status === 'paused') return { later: PAUSED_LOOK_AGAIN_MS };
    const { list } = message.letter;
    if (list === 'newsletter') {
      const subscriber = await store.getSubscriber(message.to);
      if (!subscriber || !isMailable(subscriber.data)) return { skip: `${NOT_SENT}no longer on the list` };
    }
    const lang = versionIn(letter, message.letter.lang as Lang).lang;
    const mail = await render(letter, lang);
    if (list === 'registrants') return { ...message, subject: mail.subject, html: mail.html, text: mail.text };
    const links = newsletterLinks(settings.siteUrl, settings.linkSecret, message.to, now(), lang);
    return {
      ...message,
      subject: mail.subject,
      html: mail.html.replaceAll(UNSUBSCRIBE_SLOT, links.unsubscribe.replaceAll('&', '&amp;')),
      text: mail.text.replaceAll(UNSUBSCRIBE_SLOT, links.unsubscribe),
      headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  };
}

export async function footOf(letter: Letter, lang: Lang, siteUrl: string, sent = true) {
  const version = versionIn(letter, lang).lang;
  const words = letterTexts[version];
  const list = listOf(letter);
  return {
    web: sent && list !== 'test' ? localeUrl(siteUrl, version, `/newsletter/${letter.slug}`) : undefined,
    why:
      list === 'newsletter'
        ? words.whyNewsletter(site.name)
        : list === 'test'
          ? words.whyTest(site.name)
          : letter.audience === 'givers'
            ? words.whyGiver(site.name)
            : words.whyRegistered(await itemTitle(letter.audience, version)),
    unsubscribe: list === 'registrants' ? undefined : UNSUBSCRIBE_SLOT,
    address: (await cmsContact()).contactInfo.address,
  };
}

// The outbox worker's `refused` for letters: a permanent refusal of a letter to a subscriber counts as
// a bounce; at BOUNCE_LIMIT the address is stopped. A refused letter is never tried again.
export function letterRefusals(store: Store, now: () => number) {
  return async (message: OutboxMail): Promise<boolean> => {
    if (!message.letter) return false;
    const subscriber = await store.getSubscriber(message.to);
    if (subscriber) {
      const bounces = Number(subscriber.data.bounces ?? 0) + 1;
      await store.updateSubscriber(subscriberKey(message.to), {
        bounces,
        bouncedAt: now(),
        ...(bounces >= BOUNCE_LIMIT ? { stoppedAt: now() } : {}),
      });
    }
    return true;
  };
}
