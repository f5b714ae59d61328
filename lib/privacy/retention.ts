import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { DAY_MS, GIFT_KEEP_DAYS, HONEYPOT_KEEP_DAYS } from '@/lib/constants';
import { periodic } from '@/lib/periodic';
import { collections, type Collection, type GiftStore, type PrivacyStore, type PurgeOptions } from '@/lib/storage';

// How long the site keeps what it is sent. The privacy page states these same settings
// (lib/privacy/policy.ts), so the page and the purge cannot disagree.
export interface RetentionSettings {
  // Contact messages.
  contactDays: number;
  // Every other form's records: enrolments, event registrations, reserved offers.
  registrationDays: number;
  // Newsletter sign-ups never confirmed, and addresses that unsubscribed, counted from that moment.
  // Confirmed subscribers are kept until they unsubscribe.
  newsletterInactiveDays: number;
  // The text, attachments and reply-to of sent mail, and the .eml files of the file transport.
  mailKeepDays: number;
  // The staff audit trail (docs/staff.md).
  auditDays: number;
}

export interface PurgeStep {
  collection: Collection;
  before: number;
  options?: PurgeOptions;
}

export function retentionPlan(settings: RetentionSettings, now: number): PurgeStep[] {
  const ago = (days: number) => now - days * DAY_MS;
  return collections.flatMap((collection): PurgeStep[] => {
    if (collection === 'newsletter') {
      const before = ago(settings.newsletterInactiveDays);
      return [
        { collection, before, options: { dateField: 'statusDate', status: 'pending' } },
        { collection, before, options: { dateField: 'statusDate', status: 'unsubscribed' } },
      ];
    }
    return [
      { collection, before: ago(collection === 'contact' ? settings.contactDays : settings.registrationDays) },
      // Honeypot hits, kept for staff to review (lib/forms/submit.ts).
      {
        collection,
        before: now - HONEYPOT_KEEP_DAYS * DAY_MS,
        options: { statusField: 'spamSource', status: 'honeypot' },
      },
    ];
  });
}

export interface RetentionReport {
  purged: Partial<Record<Collection, number>>;
  // Submission keys and once-only markers whose day has passed.
  markers: number;
  mailCleared: number;
  mailFilesRemoved: number;
  auditPurged: number;
  // Gifts' entries past GIFT_KEEP_DAYS.
  giftsPurged: number;
}

// One pass: purge what is past its period, clear old mail bodies, remove old .eml files. Safe to run
// on several instances at once: each step only removes what is already due.
export async function applyRetention(
  store: PrivacyStore & Partial<Pick<GiftStore, 'purgeGifts'>>,
  settings: RetentionSettings,
  now: number,
  mailDir?: string,
): Promise<RetentionReport> {
  const purged: RetentionReport['purged'] = {};
  for (const step of retentionPlan(settings, now)) {
    const count = await store.purgeRecords(step.collection, step.before, step.options);
    purged[step.collection] = (purged[step.collection] ?? 0) + count;
  }
  const auditPurged = await store.purgeAudit(now - settings.auditDays * DAY_MS);
  const giftsPurged = (await store.purgeGifts?.(now - GIFT_KEEP_DAYS * DAY_MS)) ?? 0;
  // Both kinds of marker name their UTC day, so one a day old guards nothing any more.
  const markers = await store.purgeMarkers(now - DAY_MS);
  const keepSince = now - settings.mailKeepDays * DAY_MS;
  const mailCleared = await store.clearSentBodies(keepSince);
  let mailFilesRemoved = 0;
  if (mailDir) {
    let names: string[] = [];
    try {
      names = readdirSync(mailDir);
    } catch {
      names = [];
    }
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = join(mailDir, name);
      if (statSync(file).mtimeMs < keepSince) {
        rmSync(file, { force: true });
        mailFilesRemoved += 1;
      }
    }
  }
  return { purged, markers, mailCleared, mailFilesRemoved, auditPurged, giftsPurged };
}

export interface RetentionTaskOptions {
  store: () => PrivacyStore & Partial<Pick<GiftStore, 'purgeGifts'>>;
  settings: RetentionSettings;
  mailDir?: string;
  now?: () => number;
  intervalMs?: number;
  log?: (level: 'info' | 'error', message: string) => void;
}

// Runs a pass when the server starts and every few hours after, in the outbox worker's process.
export function createRetentionTask(options: RetentionTaskOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  async function pass() {
    try {
      const report = await applyRetention(options.store(), options.settings, now(), options.mailDir);
      const purged = Object.entries(report.purged).filter(([, n]) => n > 0);
      if (purged.length || report.markers || report.mailCleared || report.mailFilesRemoved) {
        log(
          'info',
          `removed ${purged.map(([c, n]) => `${n} ${c}`).join(', ') || 'no records'}${report.markers ? ` and ${report.markers} day-old marker(s)` : ''}; cleared ${report.mailCleared} sent mail(s); removed ${report.mailFilesRemoved} mail file(s)`,
        );
      }
    } catch (error) {
      log('error', `retention pass failed, trying again later: ${(error as Error).message}`);
    }
  }

  const task = periodic(pass, options.intervalMs ?? 6 * 60 * 60 * 1000);
  return { runOnce: task.once as () => Promise<void>, start: task.start, stop: task.stop };
}
