import type { NextRequest } from 'next/server';

import { readFormBody } from '@/lib/http/read-body';
import { requestAddress } from '@/lib/security/client-address';
import { isHttps } from '@/lib/security/xsrf';
import { applyRecordAction, forgetPerson, forgottenFlash, recordRef } from '@/lib/staff/actions';
import { requestSignIn, SESSION_MAX_MS, sessionCookie, signIn, signOut } from '@/lib/staff/auth';
import { fromWorkspace, plain, requestCookie, requestSession, see } from '@/lib/staff/http';
import { staffText } from '@/messages/staff';

// Every post of the staff workspace (docs/staff.md): plain forms, answered with a 303 to a page, so the
// workspace works without JavaScript. Only POST exists here (Next answers any other method with 405).
export async function POST(request: NextRequest, { params }: { params: Promise<{ action: string }> }) {
  const { action } = await params;
  if (!fromWorkspace(request)) return plain(staffText.signIn.crossSite, 403);
  const body = await readFormBody(request);
  if (!body.ok) return plain(body.message, body.status);
  const form = body.formData;
  const now = Date.now();
  const https = isHttps(request.headers);

  switch (action) {
    case 'sign-in-request': {
      const result = requestSignIn(form.get('email'), requestAddress(request.headers), now);
      return see(`/staff/sign-in?${result}=1`);
    }
    case 'sign-in': {
      const result = await signIn(form.get('t'), requestCookie(request), requestAddress(request.headers), now);
      if (!result.ok) return see('/staff/sign-in?invalid=1');
      return see('/staff', { 'set-cookie': sessionCookie(https, result.cookieValue, SESSION_MAX_MS / 1000) });
    }
    case 'sign-out': {
      await signOut(requestCookie(request), now);
      return see('/staff/sign-in', { 'set-cookie': sessionCookie(https, '', 0) });
    }
  }

  const session = await requestSession(request);
  if (!session) return see('/staff/sign-in');
  switch (action) {
    case 'record': {
      const result = await applyRecordAction(session, form, now);
      if (!result.ok) return plain(staffText.record.notFound, 404);
      return see(`/staff/submissions/${result.collection}/${result.id}`);
    }
    case 'forget': {
      const ref = recordRef(form.get('collection'), form.get('id'));
      if (!ref) return plain(staffText.record.notFound, 404);
      if (form.get('confirm') !== 'yes') return plain(staffText.record.notConfirmed, 400);
      const found = await forgetPerson(session, ref.collection, ref.id, now);
      if (!found) return plain(staffText.record.notFound, 404);
      // Counts only, signed: the address would stay in access logs and the browser's history.
      const flash = forgottenFlash(session, { records: found.records.length, mails: found.mails.length }, now);
      return see(`/staff?${new URLSearchParams({ forgotten: flash })}`);
    }
  }
  return plain('There is no such action.', 404);
}
