import { createHash } from 'node:crypto';

// The server's one sha-256. Each caller keeps the encoding and length its stored keys were first made
// with: a marker, a seat or a document id written by older code must still be found.
export function sha256(data: string | Uint8Array, encoding: 'hex' | 'base64url' = 'base64url', length?: number) {
  const digest = createHash('sha256').update(data).digest(encoding);
  return length === undefined ? digest : digest.slice(0, length);
}
