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

export const figures: GlobalConfig = {
  slug: 'figures',
  label: 'Figures',
  access: { read: editors, update: editors, readVersions: editors },
  versions: { max: 50 },
  hooks: { afterChange: [revalidateFigures] },
  fields: [
    {
      name: 'projectStats',
      label: 'Projects page',
      type: 'group',
      fields: [
        count('managed', 'Projects managed', projectCheck),
        count('total', 'Projects in all', projectCheck),
        count('team', 'People on the team', projectCheck),
      ],
    },
    {
      name: 'academyStats',
      label: 'Academy page',
      type: 'group',
      fields: [
        count('enthusiast', 'Data enthusiasts', academyCheck),
        count('fellows', 'Fellows', academyCheck),
        count('countries', 'Countries', academyCheck),
      ],
    },
  ],
};
