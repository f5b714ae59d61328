// docs/product.md §9: a slug is the title in lowercase with spaces as hyphens. Other punctuation ('&') is
// dropped so the slug stays a clean URL segment.
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function projectSlug(project: { id: number; title: string }): string {
  return `${slugify(project.title)}-${project.id}`;
}

// The trailing number of /projects/{slug}-{id}, or null when there is none.
export function projectIdFromSlug(slug: string): number | null {
  const match = slug.match(/(?:^|-)(\d+)$/);
  return match ? Number(match[1]) : null;
}
