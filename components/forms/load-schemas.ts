import type { FormSchemas } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import { formTextLoaders } from '@/messages/forms/loaders';

const loaded: Partial<Record<Lang, Promise<FormSchemas>>> = {};

// The schemas of the page's language, fetched on demand (lazy-resolver.ts): the checks' code and the
// words of that language only, so a page never downloads the other language's texts.
export function loadSchemas(lang: Lang): Promise<FormSchemas> {
  return (loaded[lang] ??= Promise.all([import('@/lib/forms/schemas'), formTextLoaders[lang]()])
    .then(([schemas, texts]) => schemas.buildSchemas(texts.checks))
    .catch((error: unknown) => {
      delete loaded[lang]; // the next validation tries again
      throw error;
    }));
}
