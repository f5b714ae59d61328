import { randomBytes } from 'node:crypto';

// A certificate's verification code: 80 bits from the system's random source, written as 16 characters
// of Crockford's base 32 (no I, L, O or U, so a code read from paper is hard to get wrong). Nothing about
// the person or the item is in it, so one code tells nothing of another and none can be guessed.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 16;
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

export function newCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    code = ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return code;
}

// A code as a person may type it: any case, with spaces or hyphens between groups, and the letters
// Crockford reads as digits (O as 0, I and L as 1). The code, or null for anything else.
export function parseCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const code = value.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE.test(code) ? code : null;
}

// For reading aloud and on paper: four groups of four.
export function groupedCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}
