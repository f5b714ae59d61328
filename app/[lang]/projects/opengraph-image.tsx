import { ogCard } from '@/lib/og';
import { messages } from '@/messages';

const card = ogCard((lang) => ({ title: messages(lang).projects.title }));

export const generateImageMetadata = card.generateImageMetadata;
export default card.image;
