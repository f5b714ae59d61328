import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';

import { DOORS } from './scripts/lib/floors.mjs';

const throughDoors = {
  regex: `^(@/|(\\.\\./)+)(lib/)?(${DOORS.join('|')})/`,
  message: 'Import the folder through its door, @/lib/<folder> (its index.ts): see docs/architecture.md.',
};
// next/link is about 2.8 KiB gzip of the script of every page that holds one; SiteLink does what the
// site's links need with a click handler and a prefetch on intent (docs/performance.md).
const visitorLinkOnly = {
  name: 'next/link',
  message: "Link a visitor's page with SiteLink (@/components/ui/site-link): see docs/performance.md.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Formatting is left to Prettier (`prettier --check` in `npm run lint`).
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Doors (docs/architecture.md): outside a capability's folder, code imports only its index.ts; inside
    // it, files import each other by relative paths. Tests and the drills and benchmarks of scripts/ may
    // open a room to try what is inside it.
    ignores: ['tests/**', 'scripts/drills/**', 'scripts/bench/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [visitorLinkOnly], patterns: [throughDoors] }],
    },
  },
  {
    // The staff's pages are not a visitor's: next/link's weight is theirs to carry.
    files: ['app/staff/**', 'components/staff/**'],
    ignores: ['tests/**', 'scripts/drills/**', 'scripts/bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [throughDoors] }] },
  },
  globalIgnores([
    '.next/**',
    'out/**',
    'var/**',
    'test-results/**',
    'test-reports/**',
    'playwright-report/**',
    'next-env.d.ts',
    // Written by Payload's command line (npm run cms -- migrate:create, generate:importmap).
    'lib/cms/migrations/**',
    'app/(payload)/staff/content/import-map.ts',
  ]),
]);
