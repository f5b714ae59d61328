import { contentChangedPost } from '@/lib/cms';

export const dynamic = 'force-dynamic';

// Only this server's own request, after a publish on another instance (lib/cms/elsewhere.ts): every
// other caller gets a 404, and every other method the 405 Next gives.
export function POST(request: Request): Response {
  return contentChangedPost(request);
}
