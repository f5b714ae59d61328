import { localNewsletterList } from '@/lib/newsletter';
import { unsubscribeGet, unsubscribePost } from '@/lib/newsletter/routes';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return unsubscribePost(request, localNewsletterList(), Date.now());
}

export function GET(request: Request) {
  return unsubscribeGet(request);
}
