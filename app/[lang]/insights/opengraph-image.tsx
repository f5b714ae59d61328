import { ogCard, ogContentType, ogSize } from '@/lib/og';
import { messages } from '@/messages';

const card = ogCard((lang) => ({ title: messages(lang).insights.title }));

export const size = ogSize;
export const contentType = ogContentType;
export const generateStaticParams = card.generateStaticParams;
export default card.image;
