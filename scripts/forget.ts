// Erasure on request: `npm run forget -- someone@example.org`
// Removes every record, newsletter subscriber and outbox message about the address from the configured
// store (SQLite, or Firestore when configured), and the .eml copies the file transport wrote of those
// messages, and prints what it removed. Running it again removes nothing.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { config } from '@/lib/config';
import { getStore } from '@/lib/storage';

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
    const removed = await store.forgetEmail(email);
    for (const record of removed.records) {
      const date = typeof record.data.date === 'number' ? new Date(record.data.date).toISOString() : 'undated';
      console.log(`removed record ${record.collection}/${record.id} (${date})`);
    }
    for (const message of removed.mails) {
      console.log(`removed ${message.status} message ${message.id} to ${message.to}: "${message.subject}"`);
      rmSync(join(config().dataDir, 'mail', `${message.id}.eml`), { force: true });
    }
    console.log(
      removed.records.length + removed.mails.length === 0
        ? `Nothing stored about ${email}.`
        : `Removed ${removed.records.length} record(s) and ${removed.mails.length} message(s) about ${email}.`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
