import { log } from '@/lib/log';
import { getStore } from '@/lib/storage';
import { isCollection, isRecordId, type Collection, type StaffSession, type ThreadEntry } from '@/lib/storage/types';

import { auditEntry } from './audit';
import { subscribersTable, tableOf, toStaffCsv, toXlsx, type Table } from './export';
import { allRecords } from './inbox';
import { formName, itemChoices, parseItem } from './present';

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

// The places held under a booking's seat key.
export function placesTaken(seat: string): Promise<number> {
  return getStore().seatsTaken(seat);
}

// The people waiting under a booking's seat key, first first.
export function waitingList(seat: string) {
  return getStore().waitingList(seat);
}

export function auditTrail(limit: number) {
  return getStore().auditLog(limit);
}

export interface Download {
  filename: string;
  contentType: string;
  body: string | Uint8Array<ArrayBuffer>;
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// One course, event or offer (`item=user:<slug>`), or one form (`form=contact`), as CSV or XLSX. The
// download is in the audit trail before its first byte leaves: a download the trail cannot record is
// not sent ('unrecorded'). The entry counts the file's rows and names the item by its title.
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
  const table: Table =
    collection === 'newsletter'
      ? subscribersTable(await getStore().list('newsletter'))
      : tableOf(
          collection,
          (await allRecords(collection, item ? { field: item.field, value: item.value } : undefined)).map((r) => ({
            ...r,
            collection,
          })),
        );
  const title = item ? itemChoices().find((choice) => choice.key === key)!.label : formName(collection);
  const detail = `${title} ${format} (${table.rows.length} rows)`;
  try {
    await getStore().addAudit(auditEntry('export', session.email, detail, now));
  } catch (error) {
    log.error({ err: error }, 'staff export not recorded, so not sent');
    return 'unrecorded';
  }
  const filename = `${item ? `${collection}-${item.value}` : collection}-${new Date(now).toISOString().slice(0, 10)}`
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 100);
  return format === 'csv'
    ? { filename: `${filename}.csv`, contentType: 'text/csv; charset=utf-8', body: toStaffCsv(table) }
    : {
        filename: `${filename}.xlsx`,
        contentType: xlsxType,
        body: new Uint8Array(await toXlsx(table, formName(collection))),
      };
}
