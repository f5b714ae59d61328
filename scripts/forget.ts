// Erasure on request: `npm run forget -- someone@example.org`
// Removes every record, newsletter subscriber and outbox message about the address from the configured
// store (SQLite, or Firestore when configured), the once-only markers of confirmations sent to it, and
// the .eml copies the file transport wrote of those messages; takes the address's rows out of a staff
// digest still waiting to be sent, whose other rows stay; and prints what it did. Running it again
// finds nothing. The staff audit trail records it as the operator's, with the counts (never the
// address), in the same commit as the removal.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { config } from '@/lib/config';
import { getStore } from '@/lib/storage';
import { auditEntry, operator } from '@/lib/team';

function fail(message: string): never {
  console.error(`${message}\nUsage: npm run forget -- someone@example.org`);
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1) fail('Name exactly one email address.');
  const email = args[0]!.trim();
  if (!z.email().safeParse(email).success) fail(`"${email}" is not an email address.`);

  const store = getStore();
  try {
    const removed = await store.forgetEmail(email, (found) =>
      auditEntry(
        'command-forget',
        operator(),
        `${found.records.length} records, ${found.mails.length} mails`,
        Date.now(),
      ),
    );
    for (const record of removed.records) {
      const date = typeof record.data.date === 'number' ? new Date(record.data.date).toISOString() : 'undated';
      console.log(`removed record ${record.collection}/${record.id} (${date})`);
    }
    for (const message of removed.mails) {
      console.log(`removed ${message.status} message ${message.id} to ${message.to}: "${message.subject}"`);
      rmSync(join(config().dataDir, 'mail', `${message.id}.eml`), { force: true });
    }
    for (const message of removed.redacted) {
      console.log(
        `removed ${message.rows} row(s) naming the address from the attachments of waiting message ${message.id} to ${message.to}: "${message.subject}" (its other rows stay; the counts in its text still include the removed rows)`,
      );
    }
    if (removed.markers > 0) {
      console.log(`removed ${removed.markers} once-only marker(s) of confirmations sent to the address`);
    }
    const nothing = removed.records.length + removed.mails.length + removed.redacted.length + removed.markers === 0;
    console.log(
      nothing
        ? `Nothing stored about ${email}.`
        : `Removed ${removed.records.length} record(s) and ${removed.mails.length} message(s) about ${email}, and its rows from ${removed.redacted.length} waiting digest(s).`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
