import type { Field, GlobalConfig } from 'payload';

import { academyStatsSchema, projectStatsSchema } from '@/lib/content/schemas';

import { editors } from '../access';
import { revalidateFigures } from '../revalidate';
import { checkedBy } from '../validate';

// The figures the Projects and Academy pages show (docs/product.md §9 gives the first ones), checked by
// the schemas of data/stats.ts. Saving one is in the version history like any other edit.
type Doc = Record<string, unknown>;
const projectCheck = checkedBy(projectStatsSchema, (doc: Doc) => (doc.projectStats ?? {}) as Doc);
const academyCheck = checkedBy(academyStatsSchema, (doc: Doc) => (doc.academyStats ?? {}) as Doc);

const count = (name: string, label: string, check: typeof projectCheck): Field => ({
  name,
  label,
  type: 'number',
  required: true,
  min: 0,
  validate: check(name),
});

// A page's figures: a group of counts, each checked with the others by the page's schema.
const figuresOf = (name: string, label: string, check: typeof projectCheck, counts: [string, string][]): Field => ({
  name,
  label,
  type: 'group',
  fields: counts.map(([field, fieldLabel]) => count(field, fieldLabel, check)),
});

export const figures: GlobalConfig = {
  slug: 'figures',
  label: 'Figures',
  access: { read: editors, update: editors, readVersions: editors },
  versions: { max: 50 },
  hooks: { afterChange: [revalidateFigures] },
  fields: [
    figuresOf('projectStats', 'Projects page', projectCheck, [
      ['managed', 'Projects managed'],
      ['total', 'Projects in all'],
      ['team', 'People on the team'],
    ]),
    figuresOf('academyStats', 'Academy page', academyCheck, [
      ['enthusiast', 'Data enthusiasts'],
      ['fellows', 'Fellows'],
      ['countries', 'Countries'],
    ]),
  ],
};
