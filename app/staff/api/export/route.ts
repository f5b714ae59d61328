import type { NextRequest } from 'next/server';

import { NO_STORE, plain, see } from '@/lib/http/answers';
import { fromWorkspacePage, notYours, requestSession } from '@/lib/staff/http';
import { download } from '@/lib/staff/queries';
import { may } from '@/lib/team';
import { staffText } from '@/messages/staff';

// GET /staff/api/export?item=user:<slug>&format=xlsx (or ?form=contact, format=csv): one course, event
// or offer, or one form, as a file, for signed-in staff, recorded in the audit trail before it is sent.
export async function GET(request: NextRequest) {
  const session = await requestSession(request);
  if (!session) return see('/staff/sign-in');
  if (!may(session, 'export')) return notYours();
  if (!fromWorkspacePage(request)) return plain(staffText.exportElsewhere, 403);
  const file = await download(session, request.nextUrl.searchParams, Date.now());
  if (file === 'bad-request') return plain('Name an item or a form, and format=csv or format=xlsx.', 400);
  if (file === 'unrecorded') return plain(staffText.exportUnrecorded, 503);
  return new Response(file.body, {
    headers: {
      'cache-control': NO_STORE,
      'x-content-type-options': 'nosniff',
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename}"`,
    },
  });
}
