import { giftContext, giftEvents } from '@/lib/gifts';
import { handleWebhook, paymentContext } from '@/lib/payments';
import { deliveriesRefused } from '@/lib/security/route-limits';

// The payment provider's webhook, POST /api/payments/<provider> (docs/security.md, "Payment webhook").
export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  const ctx = paymentContext('payments-webhook');
  // Before the body is read; a refused delivery is delivered again later, so it is late, never lost.
  const refused = await deliveriesRefused(request.headers, (message) => ctx.log('warn', `payment webhook ${message}`));
  // Gifts' events (lib/gifts) go through the same signature check, then to the gifts.
  const gifts = giftEvents(giftContext('payments-webhook'));
  return refused ?? handleWebhook(ctx, (await params).provider, request, gifts);
}
