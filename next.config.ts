import { join } from 'node:path';

import { withPayload } from '@payloadcms/next/withPayload';
import type { NextConfig } from 'next';

import { CMS_ADMIN } from './lib/http/cms-paths';
import { CMS_BODY_LIMIT, CMS_UPLOAD_LIMIT } from './lib/http/read-body';
import { defaultLang, langs, locales } from './lib/i18n';
import { ENGLISH_PAGE_PATTERN, EVENT_CALENDAR_FILE } from './lib/i18n/rewrite';

// The page cache reads it to give a page its public address: the default language's pages are stored
// under its code (lib/http/page-cache.mjs).
process.env.PAGE_CACHE_UNPREFIXED = `/${defaultLang}`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next's own page cache, made right for the two processes `npm start` runs on one build folder.
  cacheHandler: join(process.cwd(), 'lib/http/page-cache.mjs'),
  reactStrictMode: true,
  images: {
    formats: ['image/avif', 'image/webp'],
  },
  experimental: {
    // Addresses no page claims get app/global-not-found.tsx, in the language of the address: the root
    // layout is app/[lang], so there is no layout above it to compose a not-found page from.
    globalNotFound: true,
    // The stylesheets (4 KiB gzip in all) go inside the HTML: a phone on a slow network can paint as
    // soon as the page arrives instead of waiting one more round trip for them.
    inlineCss: true,
    // A visitor's page inlines its stylesheets (above), so a stylesheet costs it no request: sheets are
    // cut to what pages share, and a page carries only its own components' rules. The default put the
    // rules of every public component in one 15 KiB sheet that each page inlined twice (in the HTML and
    // again in its RSC payload). The content editor links its sheets: 17 requests instead of 3, on
    // staff's connection. docs/performance.md, "Each page's own stylesheet".
    cssChunking: { type: 'graph', requestCost: 0 },
    // Bodies are buffered for proxy.ts up to this size (Next's default is 10 MB): a picture uploaded to
    // the CMS. Every other address is held to its own limit before Next reads anything
    // (lib/http/read-body.ts).
    proxyClientMaxBodySize: CMS_UPLOAD_LIMIT,
    // Only the CMS's own actions run with this limit (proxy.ts): the site's forms are refused past
    // PROXY_BODY_LIMIT with 413 first, since Next answers its own limit with a 500.
    serverActions: { bodySizeLimit: CMS_BODY_LIMIT },
    // Turbopack keeps its work in .next/cache for the next build to reuse, which costs half a minute of
    // writing at the end of each build. The build `npm test` makes on a fresh clone is its only one:
    // it says so (BUILD_CACHE=off, scripts/check-secrets.mjs) and skips the writing.
    turbopackFileSystemCacheForBuild: process.env.BUILD_CACHE !== 'off',
    // A page made again is kept in memory and written into the build folder, where the next start
    // finds it. Servers that share one build folder but not one site (the tests' servers, each with its
    // own address and data) turn the writing off (PAGE_CACHE_ON_DISK=off): one would serve another's pages.
    isrFlushToDisk: process.env.PAGE_CACHE_ON_DISK !== 'off',
  },
  serverExternalPackages: ['better-sqlite3', 'exceljs', 'firebase-admin', 'mjml'],
  // `npm test` type-checks the tree just before its build (scripts/test.mjs) and says so: the build
  // does not check it a second time (23 s). Every other build checks the types.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  // Pages that follow the calendar are regenerated every 20 minutes (their `revalidate`); one older than
  // 40 minutes is never served as it is, even to the first visitor after a quiet night: that visitor
  // waits for a fresh one. With nginx's 10 minutes, a closed registration is gone within the hour
  // (docs/product.md §9).
  expireTime: 2400,
  // lib/assets.ts links images by the hash of their content: the address is the version.
  async rewrites() {
    return {
      // Default-language pages are served from app/[lang] under /{defaultLang}, unseen by the visitor (lib/i18n).
      beforeFiles: [
        // A certificate's credential (lib/certificates) beside its verification page, in every language.
        ...langs.map((lang) => ({
          source: `${locales[lang].prefix ? `/${locales[lang].prefix}` : ''}/verify/:code.json`,
          destination: '/api/certificates/verify/:code',
        })),
        { source: '/', destination: `/${defaultLang}` },
        { source: `/:path(${ENGLISH_PAGE_PATTERN})`, destination: `/${defaultLang}/:path` },
        {
          source: `/events/:slug/${EVENT_CALENDAR_FILE}`,
          destination: `/${defaultLang}/events/:slug/${EVENT_CALENDAR_FILE}`,
        },
      ],
      afterFiles: [{ source: '/v/:hash/images/:path*', destination: '/images/:path*' }],
      fallback: [],
    };
  },
  // Static files and images: pages get the full set, with the CSP, from proxy.ts.
  async headers() {
    return [
      {
        source: '/v/:hash/images/:path*',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
      // The staff workspace: never indexed, whatever a page's own metadata says.
      {
        source: '/staff/:path*',
        headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }],
      },
      {
        source: '/staff',
        headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }],
      },
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

// Payload's additions (its packages kept out of the bundles, its build settings). Its client hints
// (Accept-CH, Critical-CH, Vary) are for the admin's colour scheme: on a visitor's page, Critical-CH made
// Chromium fetch the first page twice, so they apply under the CMS's prefix only.
function withCms(config: NextConfig): NextConfig {
  const wrapped = withPayload(config);
  const payloadHeaders = wrapped.headers!;
  return {
    ...wrapped,
    async headers() {
      return (await payloadHeaders()).map((rule) =>
        rule.headers.some((header) => header.key === 'Accept-CH') ? { ...rule, source: `${CMS_ADMIN}/:path*` } : rule,
      );
    },
  };
}

export default withCms(nextConfig);
