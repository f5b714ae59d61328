/** @jest-environment node */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { versionedImage } from '@/lib/assets';

describe('versionedImage', () => {
  it('puts the hash of the picture in its address', () => {
    const hash = createHash('sha256').update(readFileSync('public/images/flags/gh.svg')).digest('hex').slice(0, 12);
    expect(versionedImage('/images/flags/gh.svg')).toBe(`/v/${hash}/images/flags/gh.svg`);
  });

  it('gives different pictures different addresses', () => {
    const [a, b] = [versionedImage('/images/flags/gh.svg'), versionedImage('/images/flags/ng.svg')];
    expect(a.split('/')[2]).not.toBe(b.split('/')[2]);
  });

  it('leaves other addresses alone', () => {
    expect(versionedImage('https://example.org/x.png')).toBe('https://example.org/x.png');
    expect(versionedImage('/icon.svg')).toBe('/icon.svg');
  });
});
