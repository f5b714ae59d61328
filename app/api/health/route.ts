import { NextResponse, type NextRequest } from 'next/server';

import { config } from '@/lib/config';
import { outboxWorkerStatus } from '@/lib/mail/worker';
import { fromThisHost } from '@/lib/security/client-address';
import { getStore } from '@/lib/storage';

export const dynamic = 'force-dynamic';

// For load balancers and operators: is the store reachable, and how is the mail outbox doing?
// Counts only; nothing private. siteUrl: the public address links are made with (a localhost value
// there in production is a setup mistake an operator can see at a glance). 'degraded': messages have failed for good, or this instance cannot
// reach the mail relay (mail waits in the outbox meanwhile).
// The outbox's counts are for the host itself only: a count that rises after a staff sign-in link is
// queued would tell a stranger which addresses are staff (docs/staff.md).
export async function GET(request: NextRequest) {
  const store = getStore();
  try {
    await store.ping();
    const outbox = await store.outboxCounts();
    const failingSince = outboxWorkerStatus()?.failingSince ?? null;
    return NextResponse.json(
      {
        status: outbox.failed > 0 || failingSince !== null ? 'degraded' : 'ok',
        siteUrl: config().siteUrl,
        store: { kind: store.kind, reachable: true },
        ...(fromThisHost(request.headers) ? { outbox: { pending: outbox.pending, failed: outbox.failed } } : {}),
        mail: { relayUnreachableSince: failingSince === null ? null : new Date(failingSince).toISOString() },
      },
      { headers: { 'cache-control': 'no-store' } },
    );
  } catch {
    return NextResponse.json(
      { status: 'down', siteUrl: config().siteUrl, store: { kind: store.kind, reachable: false } },
      { status: 503, headers: { 'cache-control': 'no-store' } },
    );
  }
}
