import { courses, projectPath, projectSummaries } from '@/lib/content';
import { localePath, splitPath } from '@/lib/i18n';
import { projectIdFromSlug } from '@/lib/slug';

export interface RouteRedirect {
  location: string;
  status: 307 | 308;
}

// Redirects decided before a page renders (docs/product.md §10), the same in both languages. Anything
// not redirected here and not built is a 404 in the language of its address.
export function redirectFor(pathname: string): RouteRedirect | null {
  const { lang, path } = splitPath(pathname);
  const redirect = englishRedirect(path);
  return redirect && { ...redirect, location: localePath(lang, redirect.location) };
}

function englishRedirect(pathname: string): RouteRedirect | null {
  if (pathname === '/home') return { location: '/', status: 308 };

  const project = pathname.match(/^\/projects?\/([^/]+)\/?$/);
  if (project) {
    const id = projectIdFromSlug(project[1]!);
    const known = projectSummaries.find((p) => p.id === id);
    if (known) {
      const canonical = projectPath(known);
      return canonical === pathname ? null : { location: canonical, status: 308 };
    }
    // The home carousel's old form of an unknown project still lands on the list's 404.
    return pathname.startsWith('/project/') ? { location: `/projects/${project[1]}`, status: 308 } : null;
  }

  const course = pathname.match(/^\/academy\/([^/]+)\/?$/);
  if (course && !courses.some((c) => c.slug === course[1])) {
    // Temporary: a slug unknown today may be a course tomorrow.
    return { location: '/academy', status: 307 };
  }
  return null;
}

// Files and API calls, which no language owns: the proxy passes them on as they are.
const NOT_A_PAGE = /^\/(?:api|_next|v|images|icons)\/|^\/manifest\.webmanifest$/;

// Where Next finds a public page address: every page lives under app/[lang]/ (docs/product.md §12), and
// English keeps the unprefixed addresses, so they are rewritten to /en. A request for /en/... itself
// becomes /en/en/..., which no page claims: English has one address per page.
export function internalPath(pathname: string): string | null {
  if (NOT_A_PAGE.test(pathname) || splitPath(pathname).lang === 'fr') return null;
  return pathname === '/' ? '/en' : `/en${pathname}`;
}
