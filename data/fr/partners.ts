import * as en from '@/data/partners';
import type { Translation } from '@/lib/i18n';

// Each logo's text is the organisation's own name, which stays the same in French.
export const partners: Translation<typeof en.partners> = en.partners;
