import { DAY_MS } from '@/lib/constants';
import { renderLetter } from '@/lib/mail/letter';
import { amountText } from '@/lib/payments';
import { periodic } from '@/lib/periodic';
import {
  collections,
  type Collection,
  type InboxStore,
  type JobStore,
  type NewMail,
  type PaymentStore,
  type RecordStore,
  type Store,
  type StoredRecord,
} from '@/lib/storage';
import { staffMails } from '@/messages/mails/staff';

import { isoLocal, staffCsvOf } from './export';
import { formName, itemNames, personName } from './present';

// The staff digest, in plain words: per form (by its name) how many new submissions, per course, event
// and offer (by its title), the first few names, how many contact messages still wait for a reply, and
// links into the staff workspace; each form's new submissions as a CSV attachment (headings in words,
// ISO dates in the organisation's time zone). Spam is left out. It goes through the outbox, claimed as a
// job so that one instance among several queues it.
export interface DigestContext {
  staff: string;
  siteName: string;
  // The organisation's time zone (ORG_TIME_ZONE) and the site's address, for the workspace's links.
  timeZone: string;
  siteUrl: string;
}

// What the digest reads and claims.
type DigestStore = RecordStore & InboxStore & JobStore & Pick<PaymentStore, 'paidSince'> & Pick<Store, 'giftEntries'>;

export interface Digest {
  mail: NewMail;
  counts: Record<Collection, number>;
  total: number;
  // Payments marked paid in the period (docs/staff.md, "Payments").
  paid: number;
}

// A Firestore document (the outbox message) holds at most 1 MiB; larger digests point to the workspace.
export const MAX_ATTACHED_CHARS = 700_000;
// The names shown per form; the rest are in the attachment and the workspace.
const FIRST_NAMES = 5;
// Contact messages still waiting are counted up to this many.
const WAITING_CAP = 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// The submissions of every form made from `since` (included) to `until` (excluded).
export async function buildDigest(
  store: DigestStore,
  since: number,
  until: number,
  ctx: DigestContext,
): Promise<Digest> {
  const counts = {} as Record<Collection, number>;
  const words = staffMails.digest;
  const items = await itemNames();
  const attachments: NonNullable<NewMail['attachments']> = [];
  const rows: [string, string][] = [];
  const paragraphs: string[] = [];
  // The attachments' characters so far; past MAX_ATTACHED_CHARS none is sent, and no more is built.
  let attached = 0;
  let tooBig = false;
  const workspace = `${ctx.siteUrl}/staff`;
  const when = (ms: number) => isoLocal(ms, ctx.timeZone).slice(0, 16).replace('T', ' ');
  for (const collection of collections) {
    const records: StoredRecord[] = (await store.list(collection, { since })).filter(
      (record) =>
        typeof record.data.date === 'number' && record.data.date < until && record.data.staffStatus !== 'spam',
    );
    counts[collection] = records.length;
    if (records.length === 0) continue;
    const name = formName(collection);
    rows.push([name, String(records.length)]);
    const perItem = new Map<string, number>();
    for (const record of records) {
      const title = items.title(collection, record.data);
      if (title) perItem.set(title, (perItem.get(title) ?? 0) + 1);
    }
    for (const [title, n] of perItem) rows.push([`  ${title}`, String(n)]);
    const names = records
      .slice(-FIRST_NAMES)
      .reverse()
      .map((record) => personName(record.data));
    const more = records.length - names.length;
    paragraphs.push(words.form(name, names, more, `${workspace}?form=${collection}`));
    if (tooBig) continue;
    const content = await staffCsvOf(
      collection,
      records.map((r) => ({ ...r, collection })),
      items,
      ctx.timeZone,
      MAX_ATTACHED_CHARS - attached,
    );
    if (content === null) {
      tooBig = true;
      continue;
    }
    attached += content.length;
    attachments.push({
      filename: `${name.toLowerCase().replace(/\W+/g, '-')}-${isoDate(until)}.csv`,
      contentType: 'text/csv; charset=utf-8',
      content,
    });
  }
  // What came in: payments marked paid in the period, still paid, summed per currency.
  const paid = (await store.paidSince(since)).filter((r) => Number(r.data.paidAt) < until);
  const totals = new Map<string, number>();
  for (const { data } of paid) {
    const currency = String(data.payCurrency ?? '');
    totals.set(currency, (totals.get(currency) ?? 0) + Number(data.payAmount ?? 0));
  }
  if (paid.length > 0) {
    const sums = [...totals].map(([currency, amount]) => amountText(amount, currency));
    paragraphs.push(words.payments(paid.length, sums, `${workspace}?pay=paid`));
  }
  // Gifts (lib/gifts): their payments in the period, first ones and renewals, summed per currency.
  const gifts = (await store.giftEntries()).filter(
    (entry) => entry.kind === 'paid' && entry.at >= since && entry.at < until,
  );
  if (gifts.length > 0) {
    const sums = new Map<string, number>();
    for (const gift of gifts) {
      const currency = String(gift.currency ?? '');
      sums.set(currency, (sums.get(currency) ?? 0) + Number(gift.amount ?? 0));
    }
    const written = [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => amountText(amount, currency));
    paragraphs.push(words.gifts(gifts.length, written, `${workspace}/gifts`));
  }
  const waiting = (await store.inbox({ collection: 'contact', status: 'new', limit: WAITING_CAP })).length;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const letter = renderLetter({
    heading: words.heading(total),
    paragraphs: [
      words.period(when(since), when(until), ctx.timeZone),
      ...(total === 0 ? [words.nothingNew, ...paragraphs] : paragraphs),
      words.waiting(waiting, waiting >= WAITING_CAP, `${workspace}?form=contact&status=new`),
      total === 0 ? words.everything(workspace) : tooBig ? words.tooBig(workspace) : words.attached,
    ],
    rows,
  });
  return {
    mail: {
      to: ctx.staff,
      subject: words.subject(ctx.siteName, total, isoDate(until)),
      ...letter,
      ...(attachments.length && !tooBig ? { attachments } : {}),
    },
    counts,
    total,
    paid: paid.length,
  };
}

export interface DigestSchedule {
  // The local hour (0–23) from which the day's digest is due, in this IANA time zone.
  hour: number;
  timeZone: string;
  sendEmpty: boolean;
}

// The calendar date and hour at `now` in a time zone.
export function localClock(now: number, timeZone: string): { date: string; hour: number } {
  // Only the numbers are read, in Latin digits whatever the default locale.
  const parts = new Intl.DateTimeFormat(undefined, {
    numberingSystem: 'latn',
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export type DigestOutcome = 'not yet' | 'already done' | 'queued' | 'nothing new';

export interface DigestSchedulerOptions {
  store: () => DigestStore;
  schedule: DigestSchedule;
  ctx: DigestContext;
  // Called when a digest was queued, so the outbox sends it now.
  queued?: () => void;
  now?: () => number;
  intervalMs?: number;
  log?: (level: 'info' | 'error', message: string) => void;
}

// Each tick, from the configured hour on, makes sure the day's digest exists: the first instance to
// claim 'digest:YYYY-MM-DD' queues it, every other one finds the claim. An instance that was down at
// the hour does it on its first tick after, and each digest covers everything since the previous one,
// so no record is skipped. The first digest ever covers the last 24 hours.
export function createDigestScheduler(options: DigestSchedulerOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  let done: string | null = null;

  async function due(): Promise<DigestOutcome> {
    const at = now();
    const clock = localClock(at, options.schedule.timeZone);
    if (clock.hour < options.schedule.hour) return 'not yet';
    const key = `digest:${clock.date}`;
    if (done === key) return 'already done';
    const store = options.store();
    if (await store.hasJob(key)) {
      done = key;
      return 'already done';
    }
    const since = Number((await store.lastJob('digest'))?.until ?? at - DAY_MS);
    const digest = await buildDigest(store, since, at, options.ctx);
    const send = digest.total > 0 || digest.paid > 0 || options.schedule.sendEmpty;
    const claimed = await store.claimJob(
      key,
      { name: 'digest', at, since, until: at, total: digest.total },
      send ? [digest.mail] : [],
    );
    done = key;
    if (!claimed) return 'already done';
    if (!send) return 'nothing new';
    log('info', `queued the digest for ${clock.date}: ${digest.total} new record(s)`);
    options.queued?.();
    return 'queued';
  }

  const task = periodic(
    () =>
      due().catch((error) => {
        log('error', `digest check failed, trying again at the next tick: ${(error as Error).message}`);
        return 'not yet' as const;
      }),
    options.intervalMs ?? 60_000,
  );

  return {
    tick: () => task.once() as Promise<DigestOutcome>,
    start: task.start,
    stop: task.stop,
  };
}

// A digest by hand (npm run digest): queued under its own job name, so the daily chain is untouched.
export async function queueDigest(
  store: DigestStore,
  since: number,
  until: number,
  ctx: DigestContext,
): Promise<Digest> {
  const digest = await buildDigest(store, since, until, ctx);
  await store.claimJob(`digest-manual:${until}`, { name: 'digest-manual', at: until, since, until }, [digest.mail]);
  return digest;
}
