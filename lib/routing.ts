import { courses, projectPath, projectSummaries } from '@/lib/content';
import { projectIdFromSlug } from '@/lib/slug';

export interface RouteRedirect {
  location: string;
  status: 307 | 308;
}

// Redirects decided before a page renders (docs/product.md §10). Pages are
// prerendered with dynamicParams off, so anything not redirected here and not built is a 404.
export function redirectFor(pathname: string): RouteRedirect | null {
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
