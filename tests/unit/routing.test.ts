/** @jest-environment node */
import { redirectFor } from '@/lib/routing';
import { projectIdFromSlug, projectSlug, slugify } from '@/lib/slug';

describe('slugs', () => {
  it('follow docs/product.md §9: lowercase, spaces to hyphens, then the id for projects', () => {
    expect(projectSlug({ id: 1, title: 'Water Point Watch' })).toBe('water-point-watch-1');
    expect(slugify('Introduction To ML & AI')).toBe('introduction-to-ml-ai');
    expect(slugify('Aïcha Koné')).toBe('aicha-kone');
    expect(projectIdFromSlug('water-point-watch-1')).toBe(1);
    expect(projectIdFromSlug('12')).toBe(12);
    expect(projectIdFromSlug('water-point-watch')).toBeNull();
  });
});

describe('redirectFor', () => {
  it('sends /home to / permanently', () => {
    expect(redirectFor('/home')).toEqual({ location: '/', status: 308 });
  });

  it('sends the carousel form /project/… to /projects/… permanently', () => {
    expect(redirectFor('/project/water-point-watch-1')).toEqual({
      location: '/projects/water-point-watch-1',
      status: 308,
    });
    expect(redirectFor('/project/anything-1')).toEqual({ location: '/projects/anything-1', status: 308 });
    expect(redirectFor('/project/unknown-99')).toEqual({ location: '/projects/unknown-99', status: 308 });
  });

  it('leaves project addresses to the project page, which alone knows the projects of the CMS', () => {
    expect(redirectFor('/projects/old-title-1')).toBeNull();
    expect(redirectFor('/projects/water-point-watch-1')).toBeNull();
    expect(redirectFor('/projects/unknown-99')).toBeNull();
  });

  it('leaves course addresses to the course page, which alone knows the courses of the CMS', () => {
    expect(redirectFor('/academy/no-such-course')).toBeNull();
    expect(redirectFor('/academy/data-analysis-with-python')).toBeNull();
    expect(redirectFor('/academy')).toBeNull();
  });

  it('does the same under /fr, and sends /en/… to the one English address', () => {
    expect(redirectFor('/fr/home')).toEqual({ location: '/fr', status: 308 });
    expect(redirectFor('/fr/project/water-point-watch-1')).toEqual({
      location: '/fr/projects/water-point-watch-1',
      status: 308,
    });
    expect(redirectFor('/fr/academy/data-analysis-with-python')).toBeNull();
    expect(redirectFor('/en/about')).toEqual({ location: '/about', status: 308 });
    expect(redirectFor('/en')).toEqual({ location: '/', status: 308 });
  });

  it('leaves social cards alone: /academy/opengraph-image is no course', () => {
    expect(redirectFor('/academy/opengraph-image')).toBeNull();
    expect(redirectFor('/fr/academy/opengraph-image')).toBeNull();
  });
});
