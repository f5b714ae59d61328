import { defaultLang, localePath, splitPath } from '@/lib/i18n';

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
  // A page's social card (/academy/opengraph-image) is no course.
  if (pathname.endsWith('/opengraph-image')) return null;
  if (pathname === '/home') return { location: '/', status: 308 };
  // The address Next serves English pages under inside (next.config.ts) is not a second address.
  const inside = `/${defaultLang}`;
  if (pathname === inside || pathname.startsWith(`${inside}/`))
    return { location: pathname.slice(inside.length) || '/', status: 308 };

  // The home carousel's old form. The project's page, which alone knows the projects of the CMS, sends
  // the right number under other words to its one address.
  const project = pathname.match(/^\/project\/([^/]+)\/?$/);
  if (project) return { location: `/projects/${project[1]}`, status: 308 };

  return null;
}
