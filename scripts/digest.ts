// Staff digest by hand: `npm run digest -- --since YYYY-MM-DD`
// Queues one digest of every record submitted since that date (UTC) in the configured store's outbox,
// then sends what the outbox holds through the configured mail transport. The daily digest is not
// affected.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { operatorCommand } from '@/lib/cms';
import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { fileTransport, smtpTransport } from '@/lib/mail/transport';
import { createOutboxWorker } from '@/lib/mail/worker';
import { queueDigest } from '@/lib/staff/digest';
import { getStore } from '@/lib/storage';

function fail(message: string): never {
  console.error(`${message}\nUsage: npm run digest -- --since YYYY-MM-DD`);
  process.exit(2);
}

// The item names it reads start the CMS: on a site that has run, as a reader of its database only.
operatorCommand();

async function main() {
  const { values } = parseArgs({ options: { since: { type: 'string' } } });
  if (values.since === undefined) fail('Say since when, with --since.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(Date.parse(`${values.since}T00:00:00Z`))) {
    fail(`--since must be a date such as 2026-01-31, not "${values.since}".`);
  }
  const since = Date.parse(`${values.since}T00:00:00Z`);

  const settings = config();
  const { mail } = settings;
  const transport =
    mail.transport.kind === 'smtp'
      ? smtpTransport(mail.transport.url, mail.from)
      : fileTransport(join(settings.dataDir, 'mail'), mail.from);
  const store = getStore();
  try {
    const digest = await queueDigest(store, since, Date.now(), {
      staff: mail.staff,
      siteName: site.name,
      timeZone: settings.staff.timeZone,
      siteUrl: settings.siteUrl,
    });
    console.log(`Queued a digest of ${digest.total} record(s) for ${mail.staff}.`);
    const worker = createOutboxWorker({
      store: () => store,
      transport,
      owner: `digest-${process.pid}-${randomUUID().slice(0, 8)}`,
      maxAttempts: mail.maxAttempts,
      retryBaseMs: mail.retryBaseMs,
      pollMs: mail.pollMs,
      log: (_level, message) => console.error(message),
    });
    let sent = 0;
    for (let passed = await worker.runOnce(); passed > 0; passed = await worker.runOnce()) sent += passed;
    const { pending } = await store.outboxCounts();
    console.log(
      pending === 0
        ? `Sent ${sent} message(s); the outbox is empty.`
        : `Sent ${sent} message(s); ${pending} wait in the outbox for the server's worker.`,
    );
  } finally {
    transport.close();
    await store.close();
  }
}

main().then(
  // The CMS's Postgres adapter holds a connection that nothing releases: the command ends here.
  () => process.exit(),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
