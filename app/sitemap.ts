import type { MetadataRoute } from 'next';

import { cmsCourses, cmsEvents, cmsOffers, cmsProjects } from '@/lib/cms';
import { coursePath, eventPath, offerPath } from '@/lib/content';
import { defaultLang, langs, localePath } from '@/lib/i18n';
import { archive } from '@/lib/letters';
import { languageAlternates, siteUrl } from '@/lib/seo';

const staticPaths = [
  '/',
  '/about',
  '/projects',
  '/academy',
  '/insights',
  '/events',
  '/offers',
  '/contact',
  '/donate',
  '/terms',
  '/privacy',
];

// Made again every minute, for the newsletter's archive (the build reads no store) and the CMS's edits
// on other instances.
export const revalidate = 60;

// Every page in both languages, each entry naming its twin (hreflang alternates).
// Projects, courses, events and offers come from the CMS: one published after the build is listed once its edit
// regenerates this (or within the minute, whichever is first).
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const paths = [
    ...staticPaths,
    '/newsletter',
    ...(await archive()).map((letter) => `/newsletter/${letter.slug}`),
    ...(await cmsProjects(defaultLang)).map(({ summary }) => `/projects/${summary.slug}`),
    ...(await cmsCourses(defaultLang)).map(coursePath),
    ...(await cmsEvents(defaultLang)).map(eventPath),
    ...(await cmsOffers(defaultLang)).map(offerPath),
  ];
  return paths.flatMap((path) => {
    const languages = languageAlternates(path, siteUrl);
    return langs.map((lang) => ({
      url: `${siteUrl}${localePath(lang, path)}`,
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages },
    }));
  });
}
