import { contentChangedPost } from '@/lib/cms';

export const dynamic = 'force-dynamic';

// Only this server's own request, after a publish on another instance (lib/cms/elsewhere.ts): every
// other caller gets a 404, and every other method the 405 Next gives, but OPTIONS, which Next would
// answer 204 with the route's methods: it is the 404 too, so a stranger learns nothing of it.
export function POST(request: Request): Response {
  return contentChangedPost(request);
}

export function OPTIONS(): Response {
  return new Response('Not found\n', { status: 404, headers: { 'cache-control': 'no-store' } });
}
