import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import { revalidatePath } from 'next/cache';

import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { singleton } from '@/lib/singletons';
import { getStore } from '@/lib/storage';

// A publish is live on every instance within seconds (docs/staff.md, "Content"). The instance where the
// editor published regenerates its pages at once (revalidate.ts) and announces the change in the shared
// store; every other instance hears of it from the store and has its own pages made again at their next
// visit. Next regenerates pages only from within a request, so the instance that hears asks itself, by
// a request to its own server (`POST /api/content/changed`) that carries a secret made at start which
// never leaves the process. Where the store is not shared (SQLite) there is no other instance, and
// nothing is announced.

const SECRET_HEADER = 'x-content-changed';
export const CONTENT_CHANGED_PATH = '/api/content/changed';

// This process, among the instances.
const instance = () => singleton('cms.instance', () => randomUUID());
const secret = () => singleton('cms.changed-secret', () => randomBytes(32).toString('base64url'));

// Called by the editor's hooks after this instance's own regeneration; never fails the publish.
export function announceContentChange(): void {
  // Only a shared store has other instances to tell: SQLite's is not even opened for it (the content
  // editor's command line and tests publish without one).
  if (config().store.kind !== 'firestore') return;
  const store = getStore();
  store
    .announceChange?.(instance())
    .catch((error: unknown) =>
      log.warn({ err: error, component: 'cms' }, 'a publish could not be told to the other instances'),
    );
}

// The server's start: hears the other instances' changes and regenerates here, at most once a second
// however many arrive together. The function returned stops listening.
export function watchContentChanges(origin: () => string | undefined): () => void {
  const watch = getStore().watchChanges;
  if (!watch) return () => {};
  let pending: NodeJS.Timeout | undefined;
  const regenerate = async () => {
    pending = undefined;
    const base = origin();
    if (!base) return;
    try {
      const answer = await fetch(`${base}${CONTENT_CHANGED_PATH}`, {
        method: 'POST',
        headers: { [SECRET_HEADER]: secret() },
        signal: AbortSignal.timeout(10_000),
      });
      if (answer.status !== 204) throw new Error(`the server answered ${answer.status}`);
    } catch (error) {
      log.warn({ err: error, component: 'cms' }, 'pages not regenerated after a publish elsewhere');
    }
  };
  const stop = watch(
    instance(),
    () => {
      pending ??= setTimeout(regenerate, 1_000);
    },
    (error) => log.warn({ err: error, component: 'cms' }, 'listening for publishes elsewhere, again in 5 s'),
  );
  return () => {
    clearTimeout(pending);
    stop();
  };
}

// `POST /api/content/changed`: only this process's own request, which regenerates every page here
// (whatever was published elsewhere may show on any of them: the footer's contact details are on all).
// Anything else is the 404 a missing page gets; it reads no body.
export function contentChangedPost(request: Request): Response {
  const sent = Buffer.from(request.headers.get(SECRET_HEADER) ?? '');
  const own = Buffer.from(secret());
  if (sent.length !== own.length || !timingSafeEqual(sent, own)) {
    return new Response('Not found\n', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  revalidatePath('/', 'layout');
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
