import { isLang } from '@/lib/i18n';
import { getStore } from '@/lib/storage';
import {
  isCollection,
  submissionStatuses,
  type InboxQuery,
  type InboxRecord,
  type SubmissionStatus,
} from '@/lib/storage/types';

import { dayStart, parseItem, personName } from './present';

export const PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60_000;
// Name and language are matched on the pages read newest first: at most this many records are read
// for one page of matches.
const SCAN_LIMIT = 5_000;

export interface InboxFilters {
  form?: string;
  item?: string;
  status?: string;
  lang?: string;
  from?: string;
  to?: string;
  q?: string;
  before?: string;
}

// One page of the inbox for the filters in the address, and the cursor of the next page (or null).
export async function inboxPage(filters: InboxFilters): Promise<{ rows: InboxRecord[]; next: number | null }> {
  const item = parseItem(filters.item);
  const collection = item?.collection ?? (filters.form && isCollection(filters.form) ? filters.form : undefined);
  const status = submissionStatuses.includes(filters.status as SubmissionStatus)
    ? (filters.status as SubmissionStatus)
    : undefined;
  const to = dayStart(filters.to);
  const cursor = Number(filters.before);
  const before = Math.min(
    Number.isFinite(cursor) && cursor > 0 ? cursor : Infinity,
    to === undefined ? Infinity : to + DAY_MS,
  );
  const query: InboxQuery = {
    collection,
    status,
    item: item ? { field: item.field, value: item.value } : undefined,
    since: dayStart(filters.from),
    before: Number.isFinite(before) ? before : undefined,
    limit: PAGE_SIZE,
  };
  const lang = isLang(filters.lang) ? filters.lang : undefined;
  const q = filters.q?.trim().toLowerCase().slice(0, 200) ?? '';
  const matches = (row: InboxRecord) =>
    (!lang || row.data.lang === lang) &&
    (!q ||
      personName(row.data).toLowerCase().includes(q) ||
      String(row.data.email ?? '')
        .toLowerCase()
        .includes(q));

  const store = getStore();
  if (!lang && !q) {
    const rows = await store.inbox(query);
    return { rows, next: rows.length === PAGE_SIZE ? (rows.at(-1)!.data.date as number) : null };
  }
  const rows: InboxRecord[] = [];
  let scanned = 0;
  for (;;) {
    const page = await store.inbox({ ...query, limit: 200 });
    scanned += page.length;
    for (const row of page) {
      if (matches(row)) rows.push(row);
      if (rows.length === PAGE_SIZE) return { rows, next: row.data.date as number };
    }
    if (page.length < 200) return { rows, next: null };
    query.before = page.at(-1)!.data.date as number;
    if (scanned >= SCAN_LIMIT) return { rows, next: query.before };
  }
}

// Every record of one course, event or offer (or one form), newest first, spam left out: the list,
// the count and the downloads.
export async function allRecords(
  collection: InboxQuery['collection'],
  item?: InboxQuery['item'],
): Promise<InboxRecord[]> {
  const store = getStore();
  const all: InboxRecord[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await store.inbox({ collection, item, before, limit: 1000 });
    all.push(...page.filter((row) => row.data.staffStatus !== 'spam'));
    if (page.length < 1000) return all;
    before = page.at(-1)!.data.date as number;
  }
}
