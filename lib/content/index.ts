import { contactInfo as rawContact, site as rawSite, socialLinks as rawSocial } from '@/data/site';
import { footerNav as rawFooterNav, mainNav as rawMainNav } from '@/data/navigation';
import { parseContent } from './parse';
import { contactInfoSchema, navLinksSchema, siteSchema, socialLinksSchema } from './schemas';

// Every page reads content from here, never from data/ directly, so all of it is validated.
export const site = parseContent('site.ts', siteSchema, rawSite);
export const contactInfo = parseContent('site.ts (contactInfo)', contactInfoSchema, rawContact);
export const socialLinks = parseContent('site.ts (socialLinks)', socialLinksSchema, rawSocial);
export const mainNav = parseContent('navigation.ts (mainNav)', navLinksSchema, rawMainNav);
export const footerNav = parseContent('navigation.ts (footerNav)', navLinksSchema, rawFooterNav);
