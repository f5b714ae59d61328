import type { CollectionConfig, Field } from 'payload';
import { z } from 'zod';

import { projectDetail, projectListItem } from '@/lib/content/schemas';

import { editorial } from '../access';
import { markdownToHtml } from '../markdown';
import { revalidateProject } from '../revalidate';
import { checkedBy } from '../validate';
import { pathOfPicture, pictureFields } from './picture';

// The projects (`/projects`, each at /projects/<its English title>-<its number>, and Home's carousel):
// a card's texts and picture, and the page's sections, written in Markdown. Drafts, versions, the
// preview, the order staff drag them to, texts in every language, each field checked by the schemas of
// data/projects.ts as the site reads it (the sections once made HTML).
type Doc = Record<string, unknown>;

export const sections = [
  // The page's section, and the field of the editor that holds it.
  ['desc', 'desc', 'Introduction'],
  ['problem', 'problemInDepth', 'The problem'],
  ['objective', 'objective', 'Objectives'],
  ['solution', 'solution', 'The solution'],
  ['target', 'target', 'Who it is for'],
] as const;

// A document as the site reads it (lib/cms/index.ts): its card and its page.
export function projectOf(doc: Doc) {
  const team = ((doc.team ?? []) as Doc[]).map(({ name, title, link }) => ({ name, title, link }));
  return {
    summary: {
      id: doc.id,
      title: doc.title,
      summary: doc.summary,
      problem: doc.problem,
      img: doc.img,
      archived: Boolean(doc.archived),
    },
    detail: {
      title: doc.title,
      summary: doc.summary,
      img: doc.img,
      ...Object.fromEntries(sections.map(([section, field]) => [section, markdownToHtml(doc[field])])),
      team,
      project_link: doc.project_link ?? '',
    },
  };
}

const check = checkedBy(z.object({ summary: projectListItem, detail: projectDetail }), projectOf);

const text = (name: string, label: string, reported: string, extra: Partial<Field> = {}): Field =>
  ({ name, label, type: 'text', required: true, validate: check(name, reported), ...extra }) as Field;

export const projects: CollectionConfig = {
  slug: 'projects',
  labels: { singular: 'Project', plural: 'Projects' },
  orderable: true,
  admin: {
    preview: editorial('projects').preview,
    useAsTitle: 'title',
    defaultColumns: ['title', 'archived', '_status'],
  },
  versions: editorial('projects').versions,
  access: editorial('projects').access,
  hooks: editorial('projects').hooks({
    beforeValidate: [pathOfPicture],
    afterChange: [revalidateProject],
    afterDelete: [revalidateProject],
  }),
  fields: [
    text('title', 'Title', 'summary.title', {
      localized: true,
      admin: {
        description:
          'Its address is made from the English title and its number; a renamed project keeps its old address working.',
      },
    }),
    text('summary', 'Summary', 'summary.summary', { localized: true, type: 'textarea' } as Partial<Field>),
    text('problem', 'The problem, in a sentence (Home’s carousel)', 'summary.problem', {
      localized: true,
      type: 'textarea',
    } as Partial<Field>),
    ...pictureFields(check('img', 'summary.img')),
    {
      name: 'archived',
      label: 'Finished (listed under past projects)',
      type: 'checkbox',
      defaultValue: false,
    },
    ...sections.map(([section, field, label]) =>
      text(field, label, `detail.${section}`, {
        localized: true,
        type: 'textarea',
        admin: {
          description:
            'Markdown: a blank line between paragraphs, "- " before each item of a list, **bold**, *italic*, [words](https://…) for a link.',
        },
      } as Partial<Field>),
    ),
    {
      name: 'team',
      label: 'Team',
      type: 'array',
      validate: check('team', 'detail.team') as never,
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'title', label: 'Role', type: 'text', required: true, localized: true },
        { name: 'link', label: 'Profile page (https://…)', type: 'text', required: true },
      ],
    },
    {
      name: 'project_link',
      label: 'The project’s own page or repository (https://…), if any',
      type: 'text',
      validate: check('project_link', 'detail.project_link'),
    },
  ],
};
