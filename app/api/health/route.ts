import { NextResponse } from 'next/server';
import { getStore } from '@/lib/storage';

export const dynamic = 'force-dynamic';

// For load balancers and operators: is the store reachable, and how is the mail outbox doing?
// Counts only; nothing private.
export async function GET() {
  const store = getStore();
  try {
    await store.ping();
    const outbox = await store.outboxCounts();
    return NextResponse.json(
      {
        status: outbox.failed > 0 ? 'degraded' : 'ok',
        store: { kind: store.kind, reachable: true },
        outbox: { pending: outbox.pending, failed: outbox.failed },
      },
      { headers: { 'cache-control': 'no-store' } },
    );
  } catch {
    return NextResponse.json(
      { status: 'down', store: { kind: store.kind, reachable: false } },
      { status: 503, headers: { 'cache-control': 'no-store' } },
    );
  }
}
