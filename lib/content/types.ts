import type { z } from 'zod';

import type {
  contactInfoSchema,
  coursesSchema,
  eventsSchema,
  insightsSchema,
  localPricesSchema,
  navLinksSchema,
  offersSchema,
  partnersSchema,
  peopleSchema,
  projectsSchema,
  socialLinksSchema,
  testimonialsSchema,
  ticketKindSchema,
} from './schemas';

export type NavLink = z.infer<typeof navLinksSchema>[number];
export type Course = z.infer<typeof coursesSchema>[number];
export type ProjectSummary = z.infer<typeof projectsSchema>['list'][number];
export type ProjectDetail = z.infer<typeof projectsSchema>['details'][number];
export type Insight = z.infer<typeof insightsSchema>[number];
export type Partner = z.infer<typeof partnersSchema>[number];
export type Person = z.infer<typeof peopleSchema>[number];
export type Testimonial = z.infer<typeof testimonialsSchema>[number];
export type SiteEvent = z.infer<typeof eventsSchema>[number];
export type TicketKind = z.infer<typeof ticketKindSchema>;
export type LocalPrice = z.infer<typeof localPricesSchema>[number];
export type Offer = z.infer<typeof offersSchema>[number];
export type ContactInfo = z.infer<typeof contactInfoSchema>;
export type SocialLink = z.infer<typeof socialLinksSchema>[number];
