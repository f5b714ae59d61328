import type { InboxCursor, InboxQuery, InboxRecord, InboxStore, RecordData } from './types';

// Every record of a list, read a thousand at a time along the inbox's index, spam left out: what the
// workspace's downloads and the certificates' issuing read.
export async function everyRecord(
  store: InboxStore,
  query: Pick<InboxQuery, 'collection' | 'item' | 'payStatus'>,
): Promise<InboxRecord[]> {
  const all: InboxRecord[] = [];
  let after: InboxCursor | undefined;
  for (;;) {
    const page = await store.inbox({ ...query, after, limit: 1000 });
    all.push(...page.filter((row) => row.data.staffStatus !== 'spam'));
    if (page.length < 1000) return all;
    const last = page.at(-1)!;
    after = { date: last.data.date as number, id: last.id };
  }
}

// The name a record gives its person: the name field, else first and last names, else the address.
export function personName(data: RecordData): string {
  const whole = [data.firstName, data.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return (typeof data.name === 'string' && data.name) || whole || String(data.email ?? '');
}
