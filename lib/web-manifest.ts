import type { MetadataRoute } from 'next';

import { content, site } from '@/lib/content';
import { localePath, locales, type Lang } from '@/lib/i18n';

// Where a page's language finds its manifest: /manifest.webmanifest, or under the language's prefix.
export const manifestPath = (lang: Lang) => localePath(lang, '/manifest.webmanifest');

// The web manifest in a language: the name, icons and colours a phone uses when a visitor installs the
// site, opening on the home page of the language they installed it from. Standalone: installed, it
// opens in its own window; the service worker (lib/offline/worker.ts) makes it work offline.
export function webManifest(lang: Lang): MetadataRoute.Manifest {
  const home = localePath(lang, '/');
  return {
    id: home,
    name: site.name,
    short_name: site.name,
    description: content(lang).site.description,
    lang: locales[lang].htmlLang,
    dir: 'ltr',
    start_url: home,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: site.brandColour,
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}

export function manifestResponse(lang: Lang): Response {
  return new Response(JSON.stringify(webManifest(lang)), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8' },
  });
}
