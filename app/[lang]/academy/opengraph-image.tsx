import { ogCard } from '@/lib/og';
import { messages } from '@/messages';

const card = ogCard((lang) => ({ title: messages(lang).academy.title, subtitle: messages(lang).academy.card }));

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
