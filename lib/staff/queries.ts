import { DAY_MS } from '@/lib/constants';
import { log } from '@/lib/log';
import {
  auditActions,
  getStore,
  isCollection,
  isRecordId,
  parseItem,
  type Collection,
  type ListedAudit,
  type StaffSession,
  type ThreadEntry,
} from '@/lib/storage';
import { auditEntry } from '@/lib/team';

import {
  csvStream,
  isConfirmed,
  rowOf,
  staffColumns,
  subscriberHeadings,
  subscriberRow,
  xlsxStream,
  type Cell,
} from './export';
import { countWithoutSpam, recordPages, subscriberCounts } from './inbox';
import { dayStart, formName, itemNames } from './present';

// What the workspace's pages read from the store: its one door to it (app/staff imports none of the
// store). The inbox's pages are read through inbox.ts.

// One submission with the mails about it and its thread, or null. A note saved before threads existed
// (on the record itself) opens the thread.
export async function submissionWithMails(collection: Collection, id: string) {
  if (!isRecordId(id)) return null;
  const store = getStore();
  const record = await store.getRecord(collection, id);
  if (!record) return null;
  const [mails, thread] = await Promise.all([store.mailsAbout(id), store.threadOf(id)]);
  const { staffNote, notedBy, notedAt } = record.data;
  const older: ThreadEntry[] =
    typeof staffNote === 'string' && staffNote !== ''
      ? [
          {
            id: 'note',
            recordId: id,
            at: Number(notedAt ?? 0),
            by: String(notedBy ?? ''),
            kind: 'note',
            text: staffNote,
          },
        ]
      : [];
  return { record, mails, thread: [...older, ...thread] };
}

// What forgetting the person of one record would remove, read as the forget itself reads (whole-store
// reads; staff open this page rarely). Null when there is no such record or it has no address.
export async function forgetPreview(collection: Collection, id: string) {
  const found = await submissionWithMails(collection, id);
  const email = found?.record.data.email;
  if (!found || typeof email !== 'string' || email === '') return null;
  return { record: found.record, email, traces: await getStore().findEmail(email) };
}

// The places of a booking's seat key: how many are held, how many of those by registrations (the rest
// are held for people offered a freed one), and the people waiting, first first, with their records (an
// item's page lists its registrations a page at a time, so the waiting are read on their own).
export async function placesOf(seat: string) {
  const store = getStore();
  const [taken, offers, tickets] = await Promise.all([
    store.seatsTaken(seat),
    store.offers(seat),
    store.waitingList(seat),
  ]);
  const held = offers.filter((offer) => offer.outcome === null).length;
  const waiting = await Promise.all(
    tickets.map(async (ticket) => ({ ticket, record: await store.getRecord(ticket.collection, ticket.recordId) })),
  );
  return { taken, registered: taken - held, waiting };
}

// An item's places over all its bookings (a paid event's ticket kinds, each with its own seats and
// waiting list): each kind's count, the whole, and every waiting list, kind by kind.
export async function itemPlacesOf(bookings: { name?: string; booking: { seat: string; capacity: number } }[]) {
  const kinds = await Promise.all(
    bookings.map(async ({ name, booking }) => ({
      name,
      capacity: booking.capacity,
      ...(await placesOf(booking.seat)),
    })),
  );
  return {
    kinds,
    taken: kinds.reduce((sum, kind) => sum + kind.taken, 0),
    registered: kinds.reduce((sum, kind) => sum + kind.registered, 0),
    capacity: kinds.reduce((sum, kind) => sum + kind.capacity, 0),
    waiting: kinds.flatMap((kind) => kind.waiting.map((entry) => ({ ...entry, kind: kind.name }))),
  };
}

// The audit's filters, as the address carries them: the trail (staff's by default, or strangers'
// refusals), the action, who (exactly, any case), a range of days, and the page's cursor.
const auditFilterNames = ['trail', 'what', 'who', 'from', 'to', 'after'] as const;
export const auditFilterKeys: readonly string[] = auditFilterNames;
export type AuditFilters = Partial<Record<(typeof auditFilterNames)[number], string>>;
export const AUDIT_PAGE_SIZE = 50;

// One page of the audit trail, newest first, and the cursor of the next (`<at>.<id>` of the last entry
// shown), or null.
export async function auditTrailPage(filters: AuditFilters): Promise<{ entries: ListedAudit[]; next: string | null }> {
  const cursor = /^(\d{1,15})\.([\w-]{1,40})$/.exec(filters.after ?? '');
  const to = dayStart(filters.to);
  const entries = await getStore().auditPage({
    trail: filters.trail === 'refusals' ? 'refusals' : 'staff',
    what: auditActions.find((action) => action === filters.what),
    who: filters.who?.trim().toLowerCase() || undefined,
    since: dayStart(filters.from),
    before: to === undefined ? undefined : to + DAY_MS,
    after: cursor ? { at: Number(cursor[1]), id: cursor[2]! } : undefined,
    limit: AUDIT_PAGE_SIZE,
  });
  const last = entries.at(-1);
  return { entries, next: last && entries.length === AUDIT_PAGE_SIZE ? `${last.at}.${last.id}` : null };
}

export interface Download {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// One course, event or offer (`item=user:<slug>`), or one form (`form=contact`), as CSV or XLSX,
// streamed: the store is read a page at a time as the client takes the file, so the server's memory
// stays flat whatever the list's size. The download is in the audit trail before its first byte leaves
// (a download the trail cannot record is not sent: 'unrecorded'), naming the item by its title and
// counting the file's rows by count queries with the filters the file is read with: the records
// there at that moment (a later one is left out by its date), spam left out, or the confirmed
// subscribers. Only a record forgotten, marked as spam or (a subscriber) changing status in the
// seconds the file is written makes the file differ from the count.
export async function download(
  session: StaffSession,
  query: URLSearchParams,
  now: number,
): Promise<Download | 'bad-request' | 'unrecorded'> {
  const key = query.get('item') ?? undefined;
  const item = parseItem(key);
  const form = query.get('form') ?? '';
  const collection = item?.collection ?? (isCollection(form) ? form : null);
  const format = query.get('format');
  if (!collection || (format !== 'csv' && format !== 'xlsx')) return 'bad-request';
  const filters = { collection, item: item ? { field: item.field, value: item.value } : undefined, before: now + 1 };
  const columns = staffColumns(collection);
  const items = await itemNames();
  const { rows, headings, pages } =
    collection === 'newsletter'
      ? {
          rows: (await subscriberCounts()).byStatus.confirmed,
          headings: subscriberHeadings,
          pages: cellPages(recordPages(filters, false), (page) => page.filter(isConfirmed).map(subscriberRow)),
        }
      : {
          rows: await countWithoutSpam(collection, filters.item, filters.before),
          headings: columns.headings,
          pages: cellPages(recordPages(filters, true), (page) =>
            page.map((record) => rowOf(collection, columns.fields, record, items)),
          ),
        };
  // An item nobody registered for that is neither a course nor in the CMS is no list (as its page).
  if (item && rows === 0 && !items.known(key!)) return 'bad-request';
  const title = item ? items.label(key!) : formName(collection);
  try {
    await getStore().addAudit(auditEntry('export', session.email, `${title} ${format} (${rows} rows)`, now));
  } catch (error) {
    log.error({ err: error }, 'staff export not recorded, so not sent');
    return 'unrecorded';
  }
  const filename = `${item ? `${collection}-${item.value}` : collection}-${new Date(now).toISOString().slice(0, 10)}`
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 100);
  return format === 'csv'
    ? { filename: `${filename}.csv`, contentType: 'text/csv; charset=utf-8', body: csvStream(headings, pages) }
    : {
        filename: `${filename}.xlsx`,
        contentType: xlsxType,
        body: await xlsxStream(headings, pages, formName(collection)),
      };
}

async function* cellPages<T>(pages: AsyncIterable<T[]>, cells: (page: T[]) => Cell[][]): AsyncGenerator<Cell[][]> {
  for await (const page of pages) yield cells(page);
}
