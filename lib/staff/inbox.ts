import { DAY_MS } from '@/lib/constants';
import { defaultLang, isLang, otherLangs, type Lang } from '@/lib/i18n';
import {
  collections,
  everyRecord,
  getStore,
  inboxPayableCollections,
  isCollection,
  isRecordId,
  matchesOthers,
  parseItem,
  parseSearch,
  payFilterIndexed,
  paymentStatuses,
  submissionStatuses,
  type Collection,
  type InboxCursor,
  type InboxQuery,
  type InboxRecord,
  type PaymentStatus,
  type SubmissionStatus,
  type SubscriberStatus,
} from '@/lib/storage';

import { dayStart } from './present';

export const PAGE_SIZE = 50;
// A search of several words reads the records found by its longest word and keeps those with the
// others: at most this many records are read for one page of matches.
const SCAN_LIMIT = 2_000;
// A download reads the store this many records at a time, and lets other requests in between: a
// page of an XLSX takes exceljs about 30 ms of one core.
const DOWNLOAD_PAGE = 100;

// The inbox's filters, as the address carries them. `who` is 'mine' or 'unassigned'; `pay` a payment state.
const names = ['form', 'item', 'status', 'who', 'pay', 'lang', 'from', 'to', 'q', 'after'] as const;
export const filterNames: readonly string[] = names;
export type InboxFilters = Partial<Record<(typeof names)[number], string>>;

// The filters of an address's query (anything else dropped), e.g. to go back to the inbox as it was.
export function filtersOf(query: URLSearchParams | Record<string, unknown>): InboxFilters {
  const entries = query instanceof URLSearchParams ? [...query] : Object.entries(query);
  return Object.fromEntries(
    entries.filter(
      (entry): entry is [string, string] =>
        filterNames.includes(entry[0]) && typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

// The inbox's address with these filters (its first page).
export function inboxHref(filters: InboxFilters): string {
  const { after: _after, ...kept } = filters;
  const query = new URLSearchParams(kept).toString();
  return query ? `/staff?${query}` : '/staff';
}

// Forms whose records are tasks: newsletter sign-ups are not, and stay out unless asked for.
const triageForms = collections.filter((c) => c !== 'newsletter');

// A page's cursor in the address: the last record shown, `<date>.<id>`.
function cursorOf(row: InboxRecord): string {
  return `${row.data.date as number}.${row.id}`;
}

// Where a record stands in the inbox's order, for the page after it.
const placeOf = (row: InboxRecord): InboxCursor => ({ date: row.data.date as number, id: row.id });

function parseCursor(text: string | undefined): InboxCursor | undefined {
  const match = /^(\d{1,15})\.(.+)$/.exec(text ?? '');
  return match && isRecordId(match[2]) ? { date: Number(match[1]), id: match[2] } : undefined;
}

// The store's question for the filters in the address: without a form, the triage queue (no newsletter
// sign-ups); without a status, spam left out.
function inboxQuery(filters: InboxFilters, me: string, search: ReturnType<typeof parseSearch>): InboxQuery {
  const item = parseItem(filters.item);
  const collection = item?.collection ?? (filters.form && isCollection(filters.form) ? filters.form : undefined);
  const status = submissionStatuses.includes(filters.status as SubmissionStatus)
    ? (filters.status as SubmissionStatus)
    : undefined;
  const to = dayStart(filters.to);
  // A payment state asks the forms that take payments only: another form has none to match. A paid
  // event's payments are asked on the event's list (lib/storage/collections.ts, payFilterIndexed).
  const payStatus = paymentStatuses.includes(filters.pay as PaymentStatus) ? (filters.pay as PaymentStatus) : undefined;
  const assignee = filters.who === 'mine' ? me : filters.who === 'unassigned' ? '' : undefined;
  const lang = isLang(filters.lang) ? filters.lang : undefined;
  const unpayable =
    payStatus !== undefined &&
    collection !== undefined &&
    !payFilterIndexed(collection, { item: item ?? undefined, assignee, lang });
  return {
    collection: unpayable ? undefined : collection,
    collections: unpayable ? [] : collection ? undefined : payStatus ? inboxPayableCollections : triageForms,
    status,
    payStatus,
    notSpam: true,
    assignee,
    item: item ? { field: item.field, value: item.value } : undefined,
    lang,
    term: search ? { text: search.term, exact: search.exact } : undefined,
    after: parseCursor(filters.after),
    since: dayStart(filters.from),
    before: to === undefined ? undefined : to + DAY_MS,
    limit: PAGE_SIZE,
  };
}

// One page of the inbox for the filters in the address, and the cursor of the next page (or null).
export async function inboxPage(filters: InboxFilters, me: string): Promise<Page> {
  const search = parseSearch(filters.q ?? '');
  return pageOf(inboxQuery(filters, me, search), search);
}

interface Page {
  rows: InboxRecord[];
  next: string | null;
}

// A page of the store's answer; a search of several words keeps the records with its other words.
async function pageOf(query: InboxQuery, search: ReturnType<typeof parseSearch>): Promise<Page> {
  const store = getStore();
  if (!search || search.others.length === 0) {
    const rows = await store.inbox(query);
    return { rows, next: rows.length === PAGE_SIZE ? cursorOf(rows.at(-1)!) : null };
  }
  const rows: InboxRecord[] = [];
  for (let scanned = 0; ;) {
    const page = await store.inbox({ ...query, limit: 200 });
    scanned += page.length;
    for (const row of page) {
      if (matchesOthers(search, row.data)) rows.push(row);
      if (rows.length === PAGE_SIZE) return { rows, next: cursorOf(row) };
    }
    if (page.length < 200) return { rows, next: null };
    query.after = placeOf(page.at(-1)!);
    if (scanned >= SCAN_LIMIT) return { rows, next: cursorOf(page.at(-1)!) };
  }
}

// The record after this one in the inbox as these filters show it (for "… and next"), or null.
export async function nextInInbox(
  filters: InboxFilters,
  me: string,
  current: InboxRecord,
): Promise<InboxRecord | null> {
  const after = cursorOf(current);
  const { rows } = await inboxPage({ ...filters, after }, me);
  return rows[0] ?? null;
}

// How many new records each form has, read as counts: all, less those handled and those marked spam.
export async function newCounts(): Promise<Record<Collection, number>> {
  const store = getStore();
  const counts = await Promise.all(
    collections.map(async (collection) => {
      const [all, handled, spam] = await Promise.all([
        store.countRecords(collection),
        store.countRecords(collection, { field: 'staffStatus', value: 'handled' }),
        store.countRecords(collection, { field: 'staffStatus', value: 'spam' }),
      ]);
      return [collection, all - handled - spam] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Collection, number>;
}

// The newsletter list for the subscribers page: newest first, by pages, with the inbox's search (spam
// included: a sign-up marked so is still on the list).
export async function subscribersPage(q: string | undefined, after: string | undefined) {
  const search = parseSearch(q ?? '');
  const term = search ? { text: search.term, exact: search.exact } : undefined;
  return pageOf({ collection: 'newsletter', term, after: parseCursor(after), limit: PAGE_SIZE }, search);
}

// Counts of the newsletter list by status and by language, read as counts (never the whole list). A
// subscriber with no status is from before confirmation existed (confirmed); one with no known
// language reads the default language.
export async function subscriberCounts() {
  const store = getStore();
  const total = await store.countRecords('newsletter');
  const count = (field: string, value: string) => store.countRecords('newsletter', { field, value });
  const [pending, unsubscribed] = await Promise.all([count('status', 'pending'), count('status', 'unsubscribed')]);
  const others = await Promise.all(
    otherLangs(defaultLang).map(async (lang) => [lang, await count('lang', lang)] as const),
  );
  const byLang = Object.fromEntries(others) as Record<Lang, number>;
  byLang[defaultLang] = total - others.reduce((sum, [, n]) => sum + n, 0);
  const byStatus: Record<SubscriberStatus, number> = {
    pending,
    unsubscribed,
    confirmed: total - pending - unsubscribed,
  };
  return { byStatus, byLang };
}

// How many records of one course, event or offer (or one form) there are, spam left out, dated before
// `before` when given: two counts, never a read of the records.
export async function countWithoutSpam(
  collection: Collection,
  item?: InboxQuery['item'],
  before?: number,
  payStatus?: PaymentStatus,
): Promise<number> {
  const store = getStore();
  const [all, spam] = await Promise.all([
    store.countInbox({ collection, item, before, payStatus }),
    store.countInbox({ collection, item, before, payStatus, status: 'spam' }),
  ]);
  return all - spam;
}

// One page of an item's list, newest first, spam left out (skipped as read, at most SCAN_LIMIT
// records for one page), and the cursor of the next page (or null).
export async function itemPage(
  collection: Collection,
  item: InboxQuery['item'],
  after: string | undefined,
  payStatus?: PaymentStatus,
): Promise<{ rows: InboxRecord[]; next: string | null }> {
  const rows: InboxRecord[] = [];
  const query: InboxQuery = { collection, item, payStatus, after: parseCursor(after), limit: PAGE_SIZE };
  for (let scanned = 0; ;) {
    const page = await getStore().inbox(query);
    scanned += page.length;
    for (const row of page) {
      if (row.data.staffStatus !== 'spam') rows.push(row);
      if (rows.length === PAGE_SIZE) return { rows, next: cursorOf(row) };
    }
    if (page.length < PAGE_SIZE) return { rows, next: null };
    query.after = placeOf(page.at(-1)!);
    if (scanned >= SCAN_LIMIT) return { rows, next: cursorOf(page.at(-1)!) };
  }
}

// The records of one form (or of one of its items), newest first, dated before `before`, a page at a
// time as a download takes them: spam left out if asked.
export async function* recordPages(
  query: Pick<InboxQuery, 'collection' | 'item' | 'before'>,
  withoutSpam: boolean,
): AsyncGenerator<InboxRecord[]> {
  const store = getStore();
  for (let after: InboxCursor | undefined; ;) {
    const page = await store.inbox({ ...query, after, limit: DOWNLOAD_PAGE });
    yield withoutSpam ? page.filter((row) => row.data.staffStatus !== 'spam') : page;
    if (page.length < DOWNLOAD_PAGE) return;
    after = placeOf(page.at(-1)!);
    // SQLite answers at once, so without this a fast client's download would run page after page
    // before the server turns to anyone else's request.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// Every record of one course, event or offer (or one form) in a payment state, newest first, spam left
// out: whom a payment reminder goes to.
export function allRecords(
  collection: InboxQuery['collection'],
  item?: InboxQuery['item'],
  payStatus?: PaymentStatus,
): Promise<InboxRecord[]> {
  return everyRecord(getStore(), { collection, item, payStatus });
}
