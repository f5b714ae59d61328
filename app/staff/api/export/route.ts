import type { NextRequest } from 'next/server';

import { subscribersTable, tableOf, toStaffCsv, toXlsx } from '@/lib/staff/export';
import { NO_STORE, requestSession, see } from '@/lib/staff/http';
import { allRecords } from '@/lib/staff/inbox';
import { formName, parseItem } from '@/lib/staff/present';
import { getStore } from '@/lib/storage';
import { isCollection } from '@/lib/storage/types';

// GET /staff/api/export?item=user:<slug>&format=xlsx (or ?form=contact, format=csv): one course, event
// or offer, or one form, as a file. Signed-in staff only; every download is in the audit trail.
export async function GET(request: NextRequest) {
  const session = await requestSession(request);
  if (!session) return see('/staff/sign-in');
  const query = request.nextUrl.searchParams;
  const item = parseItem(query.get('item') ?? undefined);
  const form = query.get('form') ?? '';
  const collection = item?.collection ?? (isCollection(form) ? form : null);
  const format = query.get('format');
  if (!collection || (format !== 'csv' && format !== 'xlsx')) {
    return new Response('Name an item or a form, and format=csv or format=xlsx.\n', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE },
    });
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
  await getStore().addAudit({
    at: Date.now(),
    who: session.email,
    what: 'export',
    detail: `${formName(collection)}${item ? ` ${item.value}` : ''} ${format} (${records.length} rows)`,
  });
  const headers = { 'cache-control': NO_STORE, 'x-content-type-options': 'nosniff' };
  if (format === 'csv') {
    return new Response(toStaffCsv(table), {
      headers: {
        ...headers,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}.csv"`,
      },
    });
  }
  const body = await toXlsx(table, formName(collection));
  return new Response(new Uint8Array(body), {
    headers: {
      ...headers,
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}.xlsx"`,
    },
  });
}
