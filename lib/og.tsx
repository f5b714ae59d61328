import { ImageResponse } from 'next/og';

import { content, site } from '@/lib/content';
import { langs, type Lang } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { messages } from '@/messages';
import type { Messages } from '@/messages/en';

// The social card of every page: brand band, page title, a subtitle. Drawn at build time.
export const ogSize = { width: 1200, height: 630 };
export const ogContentType = 'image/png';

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

// What an opengraph-image file exports: a card drawn in the page's language, built for both languages
// (route handlers do not inherit the [lang] layout's params, so the card lists them itself), and an alt
// text, which Next takes as one constant per file: it names the card in every language.
export function ogCard(
  text: (lang: Lang, slug: string) => CardText,
  // A card per entity: its slugs, and what the card shows in each language, for the alt text.
  entities?: { slugs: () => { slug: string }[]; alt: keyof Messages['cards'] },
) {
  const slugs = entities?.slugs ?? (() => [{ slug: '' }]);
  const name = (lang: Lang) => (entities ? messages(lang).cards[entities.alt] : text(lang, '').title);
  return {
    alt: `${langs.map(name).join(' / ')} - ${site.name}`,
    generateStaticParams: () =>
      langs.flatMap((lang) => slugs().map(({ slug }) => (slug === '' ? { lang } : { lang, slug }))),
    async image({ params }: { params: Promise<CardParams> }) {
      const { lang: segment, slug = '' } = await params;
      const lang = routeLang(segment);
      const { title: cardTitle, subtitle } = text(lang, slug);
      return ogImage(cardTitle, subtitle ?? content(lang).site.tagline);
    },
  };
}
