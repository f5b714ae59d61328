// Staff export: `npm run export -- <collection> [--format csv|json] [--since YYYY-MM-DD] [--out FILE]`
// Reads the configured store (SQLite, or Firestore when configured) and prints CSV or JSON. The export
// is in the staff audit trail, as the operator's, before any of it is written: one the trail cannot
// record is not written.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';

import { offThread } from '@/lib/staff/off-thread';
import { formName } from '@/lib/staff/present';
import { collections, getStore, isCollection } from '@/lib/storage';
import { auditEntry, operator } from '@/lib/team';

function fail(message: string): never {
  console.error(
    `${message}\nUsage: npm run export -- <${collections.join('|')}> [--format csv|json] [--since YYYY-MM-DD] [--out FILE]`,
  );
  process.exit(2);
}

async function* pagesOf<T>(items: T[], size = 1000): AsyncGenerator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { format: { type: 'string', default: 'csv' }, since: { type: 'string' }, out: { type: 'string' } },
  });
  const [collection] = positionals;
  if (!collection || !isCollection(collection))
    fail(`Name a collection to export${collection ? ` ("${collection}" is not one)` : ''}.`);
  if (values.format !== 'csv' && values.format !== 'json')
    fail(`--format must be csv or json, not "${values.format}".`);
  let since = 0;
  if (values.since !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(Date.parse(`${values.since}T00:00:00Z`))) {
      fail(`--since must be a date such as 2026-01-31, not "${values.since}".`);
    }
    since = Date.parse(`${values.since}T00:00:00Z`);
  }

  const store = getStore();
  try {
    const records = await store.list(collection, { since });
    const detail = `${formName(collection)} ${values.format} (${records.length} rows)${values.since ? ` since ${values.since}` : ''}`;
    await store.addAudit(auditEntry('command-export', operator(), detail, Date.now()));
    // Written by the export worker, as the workspace's downloads are (lib/staff/off-thread.ts).
    const output = offThread({ kind: 'records', format: values.format, collection }, pagesOf(records));
    await pipeline(Readable.fromWeb(output as never), values.out ? createWriteStream(values.out) : process.stdout);
    if (values.out) console.error(`Wrote ${records.length} ${collection} record(s) to ${values.out}`);
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
