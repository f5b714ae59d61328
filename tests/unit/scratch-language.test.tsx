import { render, screen } from '@testing-library/react';

// A third language added to the table, with texts borrowed from French: what a new language is once
// its entry and its texts exist. Routing, the switch, the alternates and the sitemap follow the table
// with no other change (docs/i18n.md); tests/unit/scratch-language-types.test.ts shows that its
// missing texts are type errors.
jest.mock('@/lib/i18n/locales', () => {
  const { locales } = jest.requireActual<typeof import('@/lib/i18n/locales')>('@/lib/i18n/locales');
  return {
    locales: {
      ...locales,
      xx: {
        prefix: 'xx',
        htmlLang: 'xx',
        intl: 'xx-XX',
        money: 'xx-XX',
        name: 'Scratchish',
        switchHint: 'This page in Scratchish',
      },
    },
  };
});
jest.mock('@/data/translations', () => {
  const { french } = jest.requireActual<typeof import('@/data/fr')>('@/data/fr');
  return { translations: { fr: french, xx: french } };
});
jest.mock('@/messages', () => {
  const actual = jest.requireActual<typeof import('@/messages')>('@/messages');
  return { ...actual, messages: (lang: string) => actual.messages(lang === 'xx' ? 'fr' : (lang as 'en')) };
});
jest.mock('@/messages/units', () => {
  const actual = jest.requireActual<typeof import('@/messages/units')>('@/messages/units');
  return { ...actual, count: (lang: string) => actual.count(lang === 'xx' ? 'fr' : (lang as 'en')) };
});
jest.mock('next/navigation', () => ({
  usePathname: () => '/xx/academy',
  useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }),
}));
// The sitemap's newsletter archive comes from the store, which this test does not open.
jest.mock('@/lib/letters', () => ({ archive: async () => [] }));

/* eslint-disable @typescript-eslint/no-require-imports -- the modules must load after the mocks */
const i18n = require('@/lib/i18n') as typeof import('@/lib/i18n');
const { ENGLISH_PAGE_PATTERN } = require('@/lib/i18n/rewrite') as typeof import('@/lib/i18n/rewrite');
const { redirectFor } = require('@/lib/routing') as typeof import('@/lib/routing');
const { languageAlternates, pageMetadata } = require('@/lib/seo') as typeof import('@/lib/seo');
const { Navbar } = require('@/components/layout/navbar') as typeof import('@/components/layout/navbar');
const sitemap = (require('@/app/sitemap') as typeof import('@/app/sitemap')).default;
/* eslint-enable @typescript-eslint/no-require-imports */

type Lang = import('@/lib/i18n').Lang;
const xx = 'xx' as Lang;

describe('a third language is one entry in the table', () => {
  it('has its own addresses, read back by the router', () => {
    expect(i18n.langs).toContain(xx);
    expect(i18n.isLang('xx')).toBe(true);
    expect(i18n.localePath(xx, '/academy')).toBe('/xx/academy');
    expect(i18n.localePath(xx, '/')).toBe('/xx');
    expect(i18n.splitPath('/xx/contact')).toEqual({ lang: xx, path: '/contact' });
    expect(i18n.splitPath('/xx')).toEqual({ lang: xx, path: '/' });
    expect(i18n.pagePath('/xx/events/x')).toEqual({ lang: xx, path: '/events/x' });
    // Its addresses are not rewritten to the default language's pages.
    const rewritten = new RegExp(`^/(?:${ENGLISH_PAGE_PATTERN})$`);
    expect(rewritten.test('/xx/about')).toBe(false);
    expect(rewritten.test('/xx')).toBe(false);
    expect(rewritten.test('/about')).toBe(true);
    expect(redirectFor('/xx/home')).toEqual({ location: '/xx', status: 308 });
  });

  it('is in every page’s alternates, Open Graph locales and the sitemap', async () => {
    expect(languageAlternates('/academy')).toMatchObject({ en: '/academy', fr: '/fr/academy', xx: '/xx/academy' });
    const metadata = pageMetadata({ lang: xx, title: 'Académie', description: 'd', path: '/academy' });
    expect(metadata.alternates?.canonical).toBe('/xx/academy');
    expect(metadata.openGraph).toMatchObject({ locale: 'xx_XX', alternateLocale: ['en_GB', 'fr_FR'] });
    const english = pageMetadata({ lang: 'en', title: 'Academy', description: 'd', path: '/academy' });
    expect(english.openGraph).toMatchObject({ alternateLocale: ['fr_FR', 'xx_XX'] });
    expect((await sitemap()).map((entry) => entry.url)).toContainEqual(expect.stringMatching(/\/xx\/academy$/));
  });

  it('is offered by the language switch of every other language, and offers them all', () => {
    const text = { main: 'Main', menu: 'Menu' };
    const { unmount } = render(<Navbar brand="Baobab Data" links={[]} lang={xx} text={text} />);
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/academy');
    expect(screen.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/academy');
    unmount();
    render(<Navbar brand="Baobab Data" links={[]} lang="en" text={text} />);
    const scratch = screen.getByRole('link', { name: 'Scratchish' });
    expect(scratch).toHaveAttribute('href', '/xx/academy');
    expect(scratch).toHaveAttribute('hreflang', 'xx');
    expect(scratch).toHaveAttribute('title', 'This page in Scratchish');
  });
});
