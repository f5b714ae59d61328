import { randomBytes } from 'node:crypto';

import { existingSingleton, singleton } from '@/lib/singletons';

// Whether a request's staff session was found valid in the store, with a role that may write content,
// by the HTTP intake (lib/security/http-intake.ts) before Next read a byte of its body. The intake says
// so to proxy.ts in a request header whose name is random per process (a client cannot guess it, so
// cannot send it), and only such a request gets a picture's body limit (lib/http/read-body.ts).
const NAME = 'contentWriterHeader';

export function contentWriterHeader(): string {
  return singleton(NAME, () => `x-content-writer-${randomBytes(12).toString('hex')}`);
}

export function isContentWriter(headers: Headers): boolean {
  const name = existingSingleton<string>(NAME);
  return name !== undefined && headers.get(name) === '1';
}
