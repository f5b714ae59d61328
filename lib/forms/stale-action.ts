import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { splitPath } from '@/lib/i18n';
import type { FormOperation } from '@/lib/storage';

// A page's form without JavaScript posts to its server action, named by an id that each build draws
// anew. A page opened before a new build (a deploy, or a change of SITE_TODAY, which rebuilds) posts an
// id this build does not have, and Next answered it with a bare 409 "Server Action unavailable.": the
// visitor's registration lost, and after an event's last day not even its "closed" words. proxy.ts sends
// such a post on (a 307, which the browser follows with the same body) to the form's own handling
// (app/api/forms/[operation]/route.ts, answering it as a page), which stores it or refuses it with the
// form's words, as the current page would.

// The forms' pages, by their path without the language's prefix.
const pageForms: [RegExp, FormOperation][] = [
  [/^\/$/, 'subscribe'],
  [/^\/contact\/?$/, 'contactUs'],
  [/^\/academy\/[^/]+\/?$/, 'enrol'],
  [/^\/events\/[^/]+\/?$/, 'registerEvent'],
  [/^\/offers\/[^/]+\/?$/, 'registerOffer'],
];

// This build's action ids, read once (none known outside a build, e.g. in the tests: nothing is stale).
let known: Set<string> | null | undefined;
function buildActions(): Set<string> | null {
  if (known === undefined) {
    try {
      const file = join(/*turbopackIgnore: true*/ process.cwd(), '.next', 'server', 'server-reference-manifest.json');
      known = new Set(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { node: object }).node));
    } catch {
      known = null;
    }
  }
  return known;
}

// The form a no-JavaScript action post to `pathname` is for, when the action it names is none of this
// build's; null when Next knows it (or it is no form's page).
export function staleFormOperation(pathname: string, actionId: string): FormOperation | null {
  const actions = buildActions();
  if (!actions || actions.has(actionId)) return null;
  const { path } = splitPath(pathname);
  return pageForms.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
