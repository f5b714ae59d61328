import type { NextRequest } from 'next/server';

import { log } from '@/lib/log';
import { auditEntry } from '@/lib/staff/audit';
import { subscribersTable, tableOf, toStaffCsv, toXlsx } from '@/lib/staff/export';
import { fromWorkspacePage, NO_STORE, plain, requestSession, see } from '@/lib/staff/http';
import { allRecords } from '@/lib/staff/inbox';
import { formName, parseItem } from '@/lib/staff/present';
import { getStore } from '@/lib/storage';
import { isCollection } from '@/lib/storage/types';
import { staffText } from '@/messages/staff';

// GET /staff/api/export?item=user:<slug>&format=xlsx (or ?form=contact, format=csv): one course, event
// or offer, or one form, as a file. Signed-in staff only; every download is in the audit trail, written
// before the first byte of the file leaves: a download the trail cannot record is not sent.
export async function GET(request: NextRequest) {
  const session = await requestSession(request);
  if (!session) return see('/staff/sign-in');
  if (!fromWorkspacePage(request)) return plain(staffText.exportElsewhere, 403);
  const query = request.nextUrl.searchParams;
  const item = parseItem(query.get('item') ?? undefined);
  const form = query.get('form') ?? '';
  const collection = item?.collection ?? (isCollection(form) ? form : null);
  const format = query.get('format');
  if (!collection || (format !== 'csv' && format !== 'xlsx')) {
    return plain('Name an item or a form, and format=csv or format=xlsx.', 400);
  }
  // The newsletter's download is the confirmed list, for a sending tool.
  const records =
    collection === 'newsletter'
      ? await getStore().list('newsletter')
      : await allRecords(collection, item ? { field: item.field, value: item.value } : undefined);
  const table =
    collection === 'newsletter'
      ? subscribersTable(records)
      : tableOf(
          collection,
          records.map((r) => ({ ...r, collection })),
        );
  const name = `${item ? `${collection}-${item.value}` : collection}-${new Date().toISOString().slice(0, 10)}`
    .replace(/[^\w.-]+/g, '-')
    .slice(0, 100);
  const body = format === 'csv' ? toStaffCsv(table) : new Uint8Array(await toXlsx(table, formName(collection)));
  const detail = `${formName(collection)}${item ? ` ${item.value}` : ''} ${format} (${records.length} rows)`;
  try {
    await getStore().addAudit(auditEntry('export', session.email, detail, Date.now()));
  } catch (error) {
    log.error({ err: error }, 'staff export not recorded, so not sent');
    return plain(staffText.exportUnrecorded, 503);
  }
  const headers = { 'cache-control': NO_STORE, 'x-content-type-options': 'nosniff' };
  if (format === 'csv') {
    return new Response(body, {
      headers: {
        ...headers,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}.csv"`,
      },
    });
  }
  return new Response(body, {
    headers: {
      ...headers,
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}.xlsx"`,
    },
  });
}
