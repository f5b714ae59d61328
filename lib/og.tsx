import { ImageResponse } from 'next/og';

import { content, site } from '@/lib/content';
import { routeLang, type Lang } from '@/lib/i18n';

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

// The exports of one opengraph-image file, in the page's language: its alt text comes from the same
// title, so a French page shares a French card described in French.
export function ogCard(text: (lang: Lang, slug: string) => CardText) {
  const cardText = (params: CardParams) => text(routeLang(params.lang), params.slug ?? '');
  return {
    generateImageMetadata({ params }: { params: CardParams }) {
      const { title } = cardText(params);
      return [{ id: 'card', alt: `${title} - ${site.name}`, size: ogSize, contentType: ogContentType }];
    },
    async image({ params }: { params: Promise<CardParams> }) {
      const resolved = await params;
      const { title, subtitle } = cardText(resolved);
      return ogImage(title, subtitle ?? content(routeLang(resolved.lang)).site.tagline);
    },
  };
}
