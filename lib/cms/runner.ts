import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { PayloadRequest } from 'payload';

import { singleton } from '@/lib/singletons';

// The server's publishing pass (lib/cms/scheduled.ts) runs the CMS's due jobs through the CMS's own
// run endpoint on this same server, so that a scheduled publish regenerates its pages at once, as a
// publish by hand does (Next regenerates pages only from within a request). The pass proves it is this
// process by a secret made at start that never leaves it: a singleton of the process, since the pass
// and the CMS's routes are compiled into different bundles (lib/singletons.ts).
export const RUNNER_HEADER = 'x-publishing-pass';

export function runnerSecret(): string {
  return singleton('cms.publishing-pass', () => randomBytes(32).toString('base64url'));
}

// True only for the publishing pass of this process.
export function isPublishingPass(req: Pick<PayloadRequest, 'headers'>): boolean {
  const sent = Buffer.from(req.headers.get(RUNNER_HEADER) ?? '');
  const secret = Buffer.from(runnerSecret());
  return sent.length === secret.length && timingSafeEqual(sent, secret);
}
