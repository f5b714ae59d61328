import { NextResponse, type NextRequest } from 'next/server';

import { isFormOperation } from '@/lib/forms/registry';
import { submitForm } from '@/lib/forms/submit';

// The JavaScript path of every form of lib/forms/registry.ts: the page posts FormData with the
// X-XSRF-TOKEN header and gets the same state the server action would render.
const MAX_BODY_BYTES = 64 * 1024;

export async function POST(request: NextRequest, { params }: { params: Promise<{ operation: string }> }) {
  const { operation } = await params;
  if (!isFormOperation(operation)) {
    return NextResponse.json({ status: 'error', message: 'There is no such form.' }, { status: 404 });
  }
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) {
    return NextResponse.json({ status: 'error', message: 'This submission is too large.' }, { status: 413 });
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return NextResponse.json({ status: 'error', message: 'This submission could not be read.' }, { status: 400 });
  }
  const state = await submitForm(operation, formData, {
    headers: request.headers,
    cookie: (name) => request.cookies.get(name)?.value,
  });
  return NextResponse.json(state, { headers: { 'cache-control': 'no-store' } });
}
