import { toCsv } from '@/lib/export';
import { periodic } from '@/lib/periodic';
import { collections, type Collection, type NewMail, type Store, type StoredRecord } from '@/lib/storage';
import { staffMails } from '@/messages/mails/staff';

import { renderLetter } from './letter';

// The staff digest: one mail with the number of new records per form since the last digest and each
// form's new records as a CSV attachment (the export's format). It goes through the outbox, claimed
// as a job so that one instance among several queues it.
export interface DigestContext {
  staff: string;
  siteName: string;
}

export interface Digest {
  mail: NewMail;
  counts: Record<Collection, number>;
  total: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// A Firestore document (the outbox message) holds at most 1 MiB; larger digests point to the export.
export const MAX_ATTACHED_CHARS = 700_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

// The records of every collection submitted from `since` (included) to `until` (excluded).
export async function buildDigest(store: Store, since: number, until: number, ctx: DigestContext): Promise<Digest> {
  const counts = {} as Record<Collection, number>;
  const attachments: NonNullable<NewMail['attachments']> = [];
  for (const collection of collections) {
    const records: StoredRecord[] = (await store.list(collection, { since })).filter(
      (record) => typeof record.data.date === 'number' && record.data.date < until,
    );
    counts[collection] = records.length;
    if (records.length > 0) {
      attachments.push({
        filename: `${collection}-${isoDate(until)}.csv`,
        contentType: 'text/csv; charset=utf-8',
        content: toCsv(collection, records),
      });
    }
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const tooBig = attachments.reduce((sum, a) => sum + a.content.length, 0) > MAX_ATTACHED_CHARS;
  const words = staffMails.digest;
  const letter = renderLetter({
    heading: words.heading(total),
    paragraphs: [
      words.period(isoMinute(since), isoMinute(until)),
      total === 0 ? words.nothingNew : tooBig ? words.tooBig(isoDate(since)) : words.attached,
    ],
    rows: collections.map((collection) => [collection, String(counts[collection])]),
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
  store: () => Store;
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
    const send = digest.total > 0 || options.schedule.sendEmpty;
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
export async function queueDigest(store: Store, since: number, until: number, ctx: DigestContext): Promise<Digest> {
  const digest = await buildDigest(store, since, until, ctx);
  await store.claimJob(`digest-manual:${until}`, { name: 'digest-manual', at: until, since, until }, [digest.mail]);
  return digest;
}
