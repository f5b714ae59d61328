/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';

import { readConfig } from '@/lib/config';
import { linkSecret, signLink, verifyLink } from '@/lib/security/signed-link';

const secret = 'a'.repeat(40);
const later = Date.UTC(2026, 11, 1);
const now = Date.UTC(2026, 10, 22);

describe('signed links', () => {
  it('gives back the address for a link signed with the secret, for its purpose, before it expires', () => {
    const token = signLink(secret, 'newsletter-confirm', 'Ọlá@example.org', later);
    expect(token).toMatch(/^[\w.-]+$/);
    expect(verifyLink(secret, 'newsletter-confirm', token, now)).toBe('Ọlá@example.org');
  });

  it('refuses another purpose, another secret, an expired link and an altered one', () => {
    const token = signLink(secret, 'newsletter-confirm', 'ada@example.org', later);
    expect(verifyLink(secret, 'newsletter-unsubscribe', token, now)).toBeNull();
    expect(verifyLink('b'.repeat(40), 'newsletter-confirm', token, now)).toBeNull();
    expect(verifyLink(secret, 'newsletter-confirm', token, later)).toBeNull();
    const [, expiry, signature] = token.split('.');
    const other = Buffer.from('eve@example.org').toString('base64url');
    expect(verifyLink(secret, 'newsletter-confirm', `${other}.${expiry}.${signature}`, now)).toBeNull();
    const extended = (later * 2).toString(36);
    expect(verifyLink(secret, 'newsletter-confirm', `${token.split('.')[0]}.${extended}.${signature}`, now)).toBeNull();
  });

  it('accepts one spelling of a link only, so a used single-use link cannot be made new by rewriting it', () => {
    const token = signLink(secret, 'staff-sign-in', 'staff@example.org', later);
    const [address, expiry, signature] = token.split('.') as [string, string, string];
    expect(verifyLink(secret, 'staff-sign-in', token, now)).toBe('staff@example.org');
    // The same expiry with a leading zero.
    expect(verifyLink(secret, 'staff-sign-in', `${address}.0${expiry}.${signature}`, now)).toBeNull();
    // The same signature bytes, with the unused low bits of its last character set.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const twin = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(verifyLink(secret, 'staff-sign-in', `${address}.${expiry}.${twin}`, now)).toBeNull();
  });

  it('signs links that never expire with expiry 0', () => {
    const token = signLink(secret, 'newsletter-unsubscribe', 'ada@example.org', 0);
    expect(verifyLink(secret, 'newsletter-unsubscribe', token, Date.UTC(2099, 0, 1))).toBe('ada@example.org');
  });

  it('answers null, never throws, for any string or value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (token) => {
        expect(verifyLink(secret, 'newsletter-confirm', token, now)).toBeNull();
      }),
    );
    for (const token of ['', '..', 'a.b.c', `a.zzzzzzzzzzzz.${'A'.repeat(43)}`, 'x'.repeat(5000)]) {
      expect(verifyLink(secret, 'newsletter-confirm', token, now)).toBeNull();
    }
  });
});

describe('link secret', () => {
  it('uses the configured secret, else generates one once under DATA_DIR and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baobab-secret-'));
    expect(linkSecret('configured-secret', dir)).toBe('configured-secret');
    const first = linkSecret(undefined, join(dir, 'var'));
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(linkSecret(undefined, join(dir, 'var'))).toBe(first);
    expect(readFileSync(join(dir, 'var', 'link-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'var', 'link-secret')).mode & 0o077).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('is read from LINK_SECRET, which must be long enough', () => {
    expect(readConfig({ LINK_SECRET: 'x'.repeat(32) }).linkSecret).toBe('x'.repeat(32));
    expect(readConfig({}).linkSecret).toBeUndefined();
    expect(() => readConfig({ LINK_SECRET: 'short' })).toThrow(/LINK_SECRET must be at least 32 characters/);
  });
});
