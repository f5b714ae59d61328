import { z } from 'zod';

// One schema per kind of content in data/. A bad edit fails the build with the path of the bad field.
const text = z.string().trim().min(1);
const url = z.url({ protocol: /^https?$/ });
const internalPath = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a site path such as /about');

export const siteSchema = z.object({
  name: text,
  brandColour: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  headline: text,
  tagline: text,
  description: text.max(200),
  footerBlurb: text,
  trainingLink: url,
  projectLink: url,
  locale: z.string().min(2),
});

export const contactInfoSchema = z.object({
  email: z.email(),
  phone: z.string().regex(/^\+?[0-9 ]{7,20}$/),
  address: text.refine((a) => a.includes('Lagos'), 'the address is in Lagos, Nigeria'),
});

export const socialLinksSchema = z.array(z.object({ name: text, href: url })).length(4);

export const navLinksSchema = z.array(z.object({ label: text, href: internalPath })).min(1);
