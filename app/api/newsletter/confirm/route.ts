import { localNewsletterList } from '@/lib/newsletter';
import { confirmPost } from '@/lib/newsletter/routes';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return confirmPost(request, localNewsletterList(), Date.now());
}
