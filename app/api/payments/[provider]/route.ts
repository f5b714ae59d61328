import { paymentContext } from '@/lib/payments/context';
import { handleWebhook } from '@/lib/payments/webhook';

// The payment provider's webhook, POST /api/payments/<provider> (docs/security.md, "Payment webhook").
export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  return handleWebhook(paymentContext('payments-webhook'), (await params).provider, request);
}
