import { ogCard } from '@/lib/og';
import { messages } from '@/messages';

const card = ogCard((lang) => ({ title: messages(lang).home.card }));

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
