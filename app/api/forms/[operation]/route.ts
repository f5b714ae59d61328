import { NextResponse, type NextRequest } from 'next/server';

import { formAnswerPage } from '@/lib/forms/answer-page';
import { isFormOperation } from '@/lib/forms/registry';
import { PAGE_FORM_FIELD } from '@/lib/forms/state';
import { postLang, submitForm } from '@/lib/forms/submit';
import { readFormBody } from '@/lib/http/read-body';
import { requestAddress } from '@/lib/security/client-address';

// The JavaScript path of every form of lib/forms/registry.ts: the page posts FormData with the
// X-XSRF-TOKEN header and gets the same state the server action would render.
export async function POST(request: NextRequest, { params }: { params: Promise<{ operation: string }> }) {
  const { operation } = await params;
  if (!isFormOperation(operation)) {
    return NextResponse.json({ status: 'error', message: 'There is no such form.' }, { status: 404 });
  }
  const body = await readFormBody(request);
  if (!body.ok) return NextResponse.json({ status: 'error', message: body.message }, { status: body.status });
  const state = await submitForm(operation, body.formData, {
    headers: request.headers,
    cookie: (name) => request.cookies.get(name)?.value,
    address: requestAddress(request.headers),
  });
  // A page's form from another build (proxy.ts): answered as a page, with the form's own words.
  const page = request.nextUrl.searchParams.get(PAGE_FORM_FIELD);
  if (page !== null) return formAnswerPage(state, postLang(body.formData), page);
  return NextResponse.json(state, { headers: { 'cache-control': 'no-store' } });
}
