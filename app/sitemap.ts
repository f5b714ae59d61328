import type { MetadataRoute } from 'next';

import { coursePath, courses, events, offers, projectPath, projectSummaries } from '@/lib/content';
import { siteUrl } from '@/lib/seo';

const staticPaths = ['/', '/about', '/projects', '/academy', '/insights', '/contact', '/terms', '/privacy'];

export default function sitemap(): MetadataRoute.Sitemap {
  const paths = [
    ...staticPaths,
    ...projectSummaries.map(projectPath),
    ...courses.map(coursePath),
    ...events.map((e) => `/events/${e.slug}`),
    ...offers.map((o) => `/offers/${o.slug}`),
  ];
  return paths.map((path) => ({
    url: `${siteUrl}${path}`,
    changeFrequency: 'weekly',
    priority: path === '/' ? 1 : 0.7,
  }));
}
