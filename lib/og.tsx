import { ImageResponse } from 'next/og';

import { content, site } from '@/lib/content';
import { langs, type Lang } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { ogContentType, ogSize } from '@/lib/seo';

export { ogContentType, ogSize };

// The social card of every page: brand band, page title, a subtitle. Drawn at build time.
export function ogImage(title: string, subtitle: string) {
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: '#fff7ed',
        color: '#1c1917',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <div style={{ width: 56, height: 56, borderRadius: 14, background: site.brandColour, display: 'flex' }} />
        <div style={{ fontSize: 40, fontWeight: 700, color: site.brandColour }}>{site.name}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ fontSize: title.length > 40 ? 60 : 76, fontWeight: 700, lineHeight: 1.1 }}>{title}</div>
        <div style={{ fontSize: 34, color: '#44403c' }}>{subtitle}</div>
      </div>
      <div style={{ height: 16, background: site.brandColour, borderRadius: 8, display: 'flex' }} />
    </div>,
    ogSize,
  );
}

interface CardText {
  title: string;
  subtitle?: string;
}

type CardParams = { lang: string; slug?: string };

// What an opengraph-image file exports: a card drawn in the page's language, built for every language
// (route handlers do not inherit the [lang] layout's params, so the card lists them itself). Its alt
// text is not here: Next would take it as one constant for every language, so each page names its card
// in its own language (socialImage in lib/seo.ts).
export function ogCard(
  text: (lang: Lang, slug: string) => CardText | Promise<CardText>,
  // A card per entity: its slugs.
  entities?: { slugs: () => { slug: string }[] | Promise<{ slug: string }[]> },
) {
  const slugs = entities?.slugs ?? (() => [{ slug: '' }]);
  return {
    generateStaticParams: async () => {
      const all = await slugs();
      return langs.flatMap((lang) => all.map(({ slug }) => (slug === '' ? { lang } : { lang, slug })));
    },
    async image({ params }: { params: Promise<CardParams> }) {
      const { lang: segment, slug = '' } = await params;
      const lang = routeLang(segment);
      const { title: cardTitle, subtitle } = await text(lang, slug);
      return ogImage(cardTitle, subtitle ?? content(lang).site.tagline);
    },
  };
}
