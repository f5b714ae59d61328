import type { MetadataRoute } from 'next';

import { coursePath, courses, events, offers, projectPath, projectSummaries } from '@/lib/content';
import { langs, langTag, localePath } from '@/lib/i18n';
import { siteUrl } from '@/lib/seo';

const staticPaths = ['/', '/about', '/projects', '/academy', '/insights', '/contact', '/terms', '/privacy'];

// Every page in both languages, each entry naming its twin (hreflang alternates).
export default function sitemap(): MetadataRoute.Sitemap {
  const paths = [
    ...staticPaths,
    ...projectSummaries.map(projectPath),
    ...courses.map(coursePath),
    ...events.map((e) => `/events/${e.slug}`),
    ...offers.map((o) => `/offers/${o.slug}`),
  ];
  return paths.flatMap((path) => {
    const languages = Object.fromEntries(langs.map((lang) => [langTag[lang], `${siteUrl}${localePath(lang, path)}`]));
    return langs.map((lang) => ({
      url: `${siteUrl}${localePath(lang, path)}`,
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages },
    }));
  });
}
