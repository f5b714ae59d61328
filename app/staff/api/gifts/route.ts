import type { NextRequest } from 'next/server';

import { NO_STORE, plain, see } from '@/lib/http/answers';
import { giftDownload } from '@/lib/staff/gifts';
import { fromWorkspacePage, notYours, requestSession } from '@/lib/staff/http';
import { may } from '@/lib/team';
import { staffText } from '@/messages/staff';

// GET /staff/api/gifts?format=csv|xlsx (&frequency, &currency, &month as on the page): the gifts'
// payments as a file, for staff who may see payments, recorded in the audit trail before it is sent.
export async function GET(request: NextRequest) {
  const session = await requestSession(request);
  if (!session) return see('/staff/sign-in');
  if (!may(session, 'payments')) return notYours();
  if (!fromWorkspacePage(request)) return plain(staffText.exportElsewhere, 403);
  const file = await giftDownload(session, request.nextUrl.searchParams, Date.now());
  if (file === 'bad-request') return plain('Say format=csv or format=xlsx.', 400);
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
