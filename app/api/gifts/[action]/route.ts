import { giftAction } from '@/lib/gifts';

// The manage page's buttons (docs/product.md §15): POST /api/gifts/stop stops a monthly gift, POST
// /api/gifts/card sends the giver to the provider's page for it.
export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }) {
  return giftAction((await params).action, request);
}
