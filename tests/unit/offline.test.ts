import { newSubmissionKey, SUBMISSION_KEY_PATTERN } from '@/lib/forms/state';
import { langs, localePath } from '@/lib/i18n';
import { manifestPath, webManifest } from '@/lib/web-manifest';

describe('submission keys', () => {
  it('are version 4 UUIDs the server accepts, and differ every time', () => {
    const keys = Array.from({ length: 500 }, newSubmissionKey);
    for (const key of keys) expect(key).toMatch(SUBMISSION_KEY_PATTERN);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the web manifest', () => {
  it.each(langs)('in %s opens on the home page of its language, standalone, with icons and theme colour', (lang) => {
    const manifest = webManifest(lang);
    expect(manifest).toMatchObject({
      lang,
      start_url: localePath(lang, '/'),
      id: localePath(lang, '/'),
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(manifest.icons?.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifestPath(lang)).toBe(localePath(lang, '/manifest.webmanifest'));
  });

  it('describes the site in each language', () => {
    const descriptions = langs.map((lang) => webManifest(lang).description);
    expect(new Set(descriptions).size).toBe(langs.length);
  });
});
