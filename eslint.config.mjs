import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';

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
