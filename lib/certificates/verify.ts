import { getStore, type StoredCertificate } from '@/lib/storage';

import { parseCode } from './code';

// What the verification page and the credential's address say about a code: valid (with what the
// certificate says), revoked or reissued (with when), withdrawn (its holder forgotten: nothing about them
// is shown), or unknown. Whatever is passed, no certificate's name is shown for another code.
export type Verification =
  | { state: 'valid'; certificate: StoredCertificate }
  | { state: 'revoked' | 'reissued' | 'withdrawn'; at: number; certificate: StoredCertificate }
  | { state: 'unknown' };

export async function verification(value: unknown): Promise<Verification> {
  const code = parseCode(value);
  const certificate = code ? await getStore().certificate(code) : null;
  if (!certificate) return { state: 'unknown' };
  if (certificate.withdrawnAt !== null) return { state: 'withdrawn', at: certificate.withdrawnAt, certificate };
  if (certificate.revokedAt !== null) {
    return { state: certificate.replacedBy ? 'reissued' : 'revoked', at: certificate.revokedAt, certificate };
  }
  return { state: 'valid', certificate };
}
