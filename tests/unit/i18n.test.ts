import { localePath, localeUrl, pagePath, splitPath } from '@/lib/i18n';

describe('page addresses in two languages', () => {
  it('puts French under /fr with the same path, and leaves English unprefixed', () => {
    expect(localePath('en', '/academy')).toBe('/academy');
    expect(localePath('fr', '/academy')).toBe('/fr/academy');
    expect(localePath('fr', '/')).toBe('/fr');
  });

  it('reads the language and English path back from a public address', () => {
    expect(splitPath('/fr')).toEqual({ lang: 'fr', path: '/' });
    expect(splitPath('/fr/contact')).toEqual({ lang: 'fr', path: '/contact' });
    expect(splitPath('/france')).toEqual({ lang: 'en', path: '/france' });
  });

  it('reads the /en/… address Next builds English pages under as the public one', () => {
    expect(pagePath('/en')).toEqual({ lang: 'en', path: '/' });
    expect(pagePath('/en/events/x')).toEqual({ lang: 'en', path: '/events/x' });
    expect(pagePath('/fr/events/x')).toEqual({ lang: 'fr', path: '/events/x' });
  });

  it('makes absolute addresses, the English home being the site itself', () => {
    expect(localeUrl('https://baobabdata.org', 'en', '/')).toBe('https://baobabdata.org');
    expect(localeUrl('https://baobabdata.org', 'fr', '/')).toBe('https://baobabdata.org/fr');
    expect(localeUrl('https://baobabdata.org', 'fr', '/offers/x')).toBe('https://baobabdata.org/fr/offers/x');
  });
});
