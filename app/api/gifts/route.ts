import { giftContext, give } from '@/lib/gifts';

// The gift form's post (docs/product.md §15): answered by sending the giver to the provider's page, or
// with the form's refusal as a small page in its language.
export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  return give(giftContext('gifts-give'), request);
}
