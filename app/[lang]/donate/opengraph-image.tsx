import { ogCard, ogContentType, ogSize } from '@/lib/og';
import { giftTexts } from '@/messages/gifts';

const card = ogCard((lang) => ({ title: giftTexts[lang].heading }));

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
