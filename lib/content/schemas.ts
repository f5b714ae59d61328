import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { PAYMENT_CURRENCIES } from '@/lib/constants';
import { MEDIA_PATH } from '@/lib/http/cms-paths';
import { defaultLang, type Lang } from '@/lib/i18n';
import { slugify } from '@/lib/slug';
import { count } from '@/messages/units';

// One schema per kind of content in data/. A bad edit fails the build with the path of the bad field.
const text = z.string().trim().min(1);
const url = z.url({ protocol: /^https?$/ });
const internalPath = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a site path such as /about');
// A file under public/images/, or a picture uploaded in the editor (its address: lib/http/cms-paths.ts).
const image = z.string().superRefine((path, ctx) => {
  if (MEDIA_PATH.test(path)) return;
  if (!/^\/images\/[a-z0-9\-/]+\.(svg|png|jpg|jpeg|webp|avif)$/.test(path))
    ctx.addIssue({ code: 'custom', message: 'must be a path under /images/ or an uploaded picture' });
  else if (!existsSync(join(process.cwd(), 'public', path)))
    ctx.addIssue({ code: 'custom', message: 'no such file under public/' });
});
const html = text.refine((value) => /^<(p|ul|ol|h3)\b/.test(value), 'must start with a block element (<p>, <ul>…)');
const isoDate = z.iso.date();
// Places an event or offer can take (docs/product.md §9): with none, it never fills up.
const capacity = z.number().int().positive().optional();
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time such as "09:00"');
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'an IANA time zone such as "Africa/Lagos"');
const unique =
  <T>(key: (item: T) => unknown, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value))
        ctx.addIssue({ code: 'custom', path: [index], message: `duplicate ${what}: ${String(value)}` });
      seen.add(value);
    });
  };

export const siteSchema = z.object({
  name: text,
  // The organisation's domain: message ids, calendar invitation ids.
  domain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/),
  brandColour: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  headline: text,
  tagline: text,
  description: text.max(200),
  footerBlurb: text,
  trainingLink: url,
  projectLink: url,
});

export const contactInfoSchema = z.object({
  email: z.email(),
  phone: z.string().regex(/^\+?[0-9 ]{7,20}$/),
  address: text.refine((a) => a.includes('Lagos') && a.includes('Nigeria'), 'the address is in Lagos, Nigeria'),
});

export const socialLinksSchema = z.array(z.object({ name: text, href: url })).length(4);

export const navLinksSchema = z.array(z.object({ label: text, href: internalPath })).min(1);

// A course in one language: the slug stays the English title's in every language (one address per
// page), and the duration is a number of weeks written in the language's words (messages/units.ts).
function isDuration(duration: string, lang: Lang): boolean {
  const weeks = Number(duration.match(/^\d+/)?.[0]);
  return weeks > 0 && duration === count(lang)(weeks, 'week');
}

// An item's prices besides its dollar one (docs/product.md §14): each in a currency Paystack settles, once.
// An offer's is its price before the discount (the discount and the deposit apply as in dollars); a
// course's its fee; an event's or a ticket kind's its price. The site's fixed rate is only for items
// with a dollar price alone.
export const localPricesSchema = z
  .array(
    z.object({
      currency: z.enum(PAYMENT_CURRENCIES).refine((currency) => currency !== 'USD', {
        message: 'the price in US dollars is given above',
      }),
      amount: z.number().positive('a price in another currency is above zero').max(1_000_000_000),
    }),
  )
  .max(PAYMENT_CURRENCIES.length - 1)
  .superRefine((prices, ctx) => {
    const seen = new Set<string>();
    prices.forEach((price, index) => {
      if (seen.has(price.currency))
        ctx.addIssue({ code: 'custom', path: [index, 'currency'], message: `${price.currency} is priced twice` });
      seen.add(price.currency);
    });
  });

// `fromData`: data/ also ties the slug to the English title; in the CMS the slug is the address the
// course keeps when it is renamed, so only its form is checked there.
export function courseSchemaFor(lang: Lang, { fromData = true }: { fromData?: boolean } = {}) {
  return z
    .object({
      id: z.number().int().positive(),
      title: text,
      slug: fromData ? text : z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and hyphens'),
      duration: z.string().refine((d) => isDuration(d, lang), {
        message: `a duration such as "${count(lang)(3, 'week')}"`,
      }),
      cost: z.string().regex(/^(\$\d+|Free)$/, 'a fee such as "$10", or "Free"'),
      prices: localPricesSchema.optional(),
      img: image,
      isActive: z.boolean(),
      isPremium: z.boolean(),
      link: url,
      pay_link: z.union([url, z.literal('')]),
      // The day the next cohort starts, when one is planned.
      nextCohortDate: isoDate.optional(),
      intro: text,
      outcomes: z.array(text).min(1),
    })
    .refine((c) => !fromData || lang !== defaultLang || c.slug === slugify(c.title), {
      path: ['slug'],
      message: 'must be the slug of the title',
    })
    .refine((c) => c.cost !== 'Free' || !c.prices?.length, {
      path: ['prices'],
      message: 'a free course has no price in any currency',
    })
    .refine((c) => (c.cost === 'Free') === (c.pay_link === ''), {
      path: ['pay_link'],
      message: 'a free course has no payment page and a paid one has one',
    });
}

export function coursesSchemaFor(lang: Lang, options: { fromData?: boolean } = {}) {
  return z
    .array(courseSchemaFor(lang, options))
    .min(1)
    .superRefine(unique((c) => c.slug, 'slug'))
    .superRefine(unique((c) => c.id, 'id'));
}

export const courseSchema = courseSchemaFor(defaultLang);
export const coursesSchema = coursesSchemaFor(defaultLang);

export const projectListItem = z.object({
  id: z.number().int().positive(),
  title: text,
  summary: text,
  problem: text,
  img: image,
  archived: z.boolean(),
});
const teamMember = z.object({ name: text, title: text, link: url });
export const projectDetail = z.object({
  title: text,
  summary: text,
  img: image,
  desc: html,
  problem: html,
  objective: html,
  solution: html,
  target: html,
  team: z.array(teamMember),
  project_link: z.union([url, z.literal('')]),
});
export const projectsSchema = z
  .object({ list: z.array(projectListItem).superRefine(unique((p) => p.id, 'id')), details: z.array(projectDetail) })
  .superRefine(({ list, details }, ctx) => {
    // docs/product.md §2: the detail of project N is entry N - 1 of the detail list.
    list.forEach((project, index) => {
      if (details[project.id - 1]?.title !== project.title) {
        ctx.addIssue({
          code: 'custom',
          path: ['list', index, 'id'],
          message: `detail entry ${project.id - 1} must be "${project.title}"`,
        });
      }
    });
  });

// One of each; the CMS checks each edit with these (lib/cms/collections/lists.ts).
export const insightSchema = z.object({ title: text, img: image, description: text, link: url });
export const insightsSchema = z.array(insightSchema);
export const partnerSchema = z.object({ img: image, alt: text });
export const partnersSchema = z.array(partnerSchema).min(1);
export const personSchema = z.object({ name: text, title: text, img: image, link: url });
export const peopleSchema = z.array(personSchema);
export const testimonialSchema = z.object({ quote: text, name: text, country: text, flag: image, title: text });
export const testimonialsSchema = z.array(testimonialSchema).min(1);

export const projectStatsSchema = z.object({
  managed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  team: z.number().int().nonnegative(),
});
export const academyStatsSchema = z.object({
  enthusiast: z.number().int().nonnegative(),
  fellows: z.number().int().nonnegative(),
  countries: z.number().int().nonnegative(),
});

// One event; the CMS checks each edit with it (lib/cms/collections/events.ts).
// A ticket kind of a paid event (docs/product.md §14): its name in the language read, its price in US
// dollars (0 for a free kind) and its places (0: none yet, only the waiting list). `id` is the CMS's own
// for the row, kept when the kind is renamed: the seats and the registrations name the kind by it.
export const ticketKindSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'a ticket kind without its row id'),
    name: z.string().trim().min(1, 'every ticket kind needs a name'),
    price: z.number().min(0, 'a price is not below zero').max(1_000_000),
    capacity: z.number().int('places are a whole number').min(0, 'places are not below zero').max(100_000),
    prices: localPricesSchema.optional(),
  })
  .refine((kind) => kind.price > 0 || !kind.prices?.length, {
    path: ['prices'],
    message: 'a free ticket has no price in any currency',
  });

type TicketKindShape = z.infer<typeof ticketKindSchema>;

// The same name twice (any case, spaces around ignored) would be two kinds a visitor cannot tell apart.
const sameName = (name: string) => name.trim().toLocaleLowerCase();

export const eventSchema = z
  .object({
    id: z.number().int().positive(),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: text,
    inSentence: text,
    img: image,
    dates: text,
    startDate: isoDate,
    endDate: isoDate,
    // The hours of the first and last day, in the event's time zone, when they are known; without
    // them the event is a whole-day one in calendars.
    startTime: clockTime.optional(),
    endTime: clockTime.optional(),
    timeZone: timeZone.optional(),
    capacity,
    // Its registrants get a reminder on each of REMINDER_DAYS before it starts (lib/constants.ts,
    // docs/product.md §9), unless this is false.
    reminders: z.boolean().optional(),
    tagline: text,
    description: text,
    location: text,
    partner: partnerSchema,
    // An external page that takes the registration, for an event whose places the site does not hold
    // (no capacity); with places, or without it, the site's own form is the registration.
    registrationLink: url.optional(),
    // A series (lib/content/series.ts): the event repeats weekly, fortnightly, monthly until a last date
    // or for a number of dates, or on the dates listed. The site reads what it can of a rule (the editor
    // refuses a bad one in words) and never more than SERIES_MAX_DATES dates.
    repeat: z.enum(['none', 'weekly', 'fortnightly', 'monthly', 'dates']).optional(),
    repeatUntil: z.string().optional(),
    repeatCount: z.number().optional(),
    repeatDates: z.string().optional(),
    // On each date of a series as the site reads it: the slug of its first date, which names the series.
    series: z.string().optional(),
    // What a place costs, in US dollars, paid online when it is taken (docs/product.md §14): one price for
    // every place, or ticket kinds each with its own price and places. With neither, the event is free.
    price: z.number().min(0, 'a price is not below zero').max(1_000_000).optional(),
    tickets: z.array(ticketKindSchema).max(20).optional(),
    prices: localPricesSchema.optional(),
  })
  .refine((e) => e.startDate <= e.endDate, { path: ['endDate'], message: 'must not be before startDate' })
  .refine((e) => e.price === undefined || !e.tickets?.length, {
    path: ['price'],
    message: 'give one price or ticket kinds, not both',
  })
  .refine((e) => !e.prices?.length || (e.price !== undefined && e.price > 0), {
    path: ['prices'],
    message: 'prices in other currencies go with a price in US dollars (each ticket kind has its own)',
  })
  .refine((e) => e.capacity === undefined || !e.tickets?.length, {
    path: ['capacity'],
    message: 'with ticket kinds, the places are given on each kind: leave this empty',
  })
  .refine(
    (e) => {
      const paid = (e.tickets ?? []).filter((kind) => kind.price > 0);
      const set = (kind: TicketKindShape) =>
        (kind.prices ?? [])
          .map((price) => price.currency)
          .sort()
          .join(' ');
      return paid.every((kind) => set(kind) === set(paid[0]!));
    },
    { path: ['tickets'], message: 'price every paid ticket kind in the same currencies, so a visitor can choose one' },
  )
  .superRefine((e, ctx) => {
    const names = new Set<string>();
    const ids = new Set<string>();
    (e.tickets ?? []).forEach((kind, index) => {
      if (names.has(sameName(kind.name)))
        ctx.addIssue({
          code: 'custom',
          path: ['tickets', index, 'name'],
          message: `two ticket kinds are named "${kind.name}"`,
        });
      if (ids.has(kind.id))
        ctx.addIssue({ code: 'custom', path: ['tickets', index, 'id'], message: 'two ticket kinds share a row id' });
      names.add(sameName(kind.name));
      ids.add(kind.id);
    });
  })
  .refine((e) => (e.startTime === undefined) === (e.endTime === undefined), {
    path: ['endTime'],
    message: 'give both startTime and endTime, or neither',
  });

export const eventsSchema = z.array(eventSchema).superRefine(unique((e) => e.slug, 'slug'));

// One offer; the CMS checks each edit with it (lib/cms/collections/offers.ts).
export const offerSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: text,
    inSentence: text,
    cohortStart: text,
    cohortStartDate: isoDate,
    highlights: text,
    discountPercent: z.number().int().min(1).max(99),
    wasPrice: z.number().positive(),
    nowPrice: z.number().positive(),
    // What a reservation pays online (docs/product.md §14), in US dollars: this deposit, or without
    // one the whole price.
    deposit: z.number().positive().optional(),
    prices: localPricesSchema.optional(),
    endsOn: text,
    endsOnDate: isoDate,
    capacity,
    img: image,
    description: text,
  })
  .refine((o) => Math.abs(o.wasPrice * (1 - o.discountPercent / 100) - o.nowPrice) < 0.005, {
    path: ['nowPrice'],
    message: 'must be the old price less the discount',
  })
  .refine((o) => o.deposit === undefined || o.deposit < o.nowPrice, {
    path: ['deposit'],
    message: 'a deposit is less than the price',
  });

export const offersSchema = z.array(offerSchema).superRefine(unique((o) => o.slug, 'slug'));

const legalPage = z.object({
  updated: text,
  sections: z.array(z.object({ heading: text, paragraphs: z.array(text).min(1) })).min(1),
});

export const pagesSchema = z.object({
  home: z.object({ whatWeDo: text }),
  about: z.object({
    whoWeAre: text,
    focus: z.array(z.object({ title: text, figure: text, text })).length(3),
    whatWeDo: text,
  }),
  projectsPage: z.object({ intro: text }),
  academyPage: z.object({ intro: text, cohortLink: url }),
  insightsPage: z.object({ intro: text, submitText: text, submitLink: url }),
  contactPage: z.object({ intro: text, mapImg: image, mapAlt: text }),
  terms: legalPage,
  privacy: legalPage.extend({
    minimumAge: z.number().int().min(13),
    processors: z.object({ firestore: text, smtp: text, smtpUnnamed: text, recaptcha: text, mailchimp: text }),
  }),
});
