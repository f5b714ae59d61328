import { z } from 'zod';

import { plain, see } from '@/lib/http/answers';
import { langs, type Lang } from '@/lib/i18n';
import {
  BODY_MAX,
  letterById,
  pauseLetter,
  retryLetter,
  saveDraft,
  sendTest,
  startLetter,
  SUBJECT_MAX,
  type Letter,
} from '@/lib/letters';
import { letterStaffText } from '@/messages/letters';

import { post, type StaffPost } from './post-shape';

// The workspace's posts about letters (./posts.ts takes them in): each needs the `letters`
// permission (admin and editor), comes from the workspace itself (origin checked there) and answers
// with a 303 to the letter's page, so it all works without JavaScript.

const letterId = z.string().regex(/^[\w-]{1,60}$/);
const notFound = () => plain(letterStaffText.notFound, 404);
const page = (id: string, query: string) => see(`/staff/letters/${id}?${query}`);

// A post about one letter: its `id` read from the store first, an unknown one the letters' 404.
type Context = Parameters<StaffPost<z.ZodType>['run']>[1];
function withLetter<F extends { id: string }>(
  act: (letter: Letter, fields: F, context: Context) => Promise<Response>,
): (fields: F, context: Context) => Promise<Response> {
  return async (fields, context) => {
    const letter = await letterById(fields.id);
    return letter ? act(letter, fields, context) : notFound();
  };
}

const versionFields = Object.fromEntries(
  langs.flatMap((lang) => [
    [`subject-${lang}`, z.string().max(SUBJECT_MAX).default('')],
    [`body-${lang}`, z.string().max(BODY_MAX).default('')],
  ]),
) as Record<`subject-${Lang}` | `body-${Lang}`, z.ZodDefault<z.ZodString>>;

export const letterPosts = {
  'letter-save': post({
    schema: z.object({
      id: letterId.optional(),
      slug: z.string().trim().toLowerCase().max(80),
      audience: z.string().max(300),
      testList: z.string().max(2000).default(''),
      ...versionFields,
    }),
    permission: 'letters',
    refused: () => plain(letterStaffText.invalid, 400),
    run: async (data, { session, now }) => {
      const fields = data as Record<string, string>;
      const versions = Object.fromEntries(
        langs.map((lang) => [lang, { subject: fields[`subject-${lang}`] ?? '', body: fields[`body-${lang}`] ?? '' }]),
      );
      const saved = await saveDraft(session, { ...data, versions }, now);
      if (saved.ok) return page(saved.id, 'saved=1');
      if (saved.reason === 'missing') return notFound();
      return see(`/staff/letters/${data.id ?? 'new'}?error=${saved.reason}`);
    },
  }),
  'letter-test': post({
    schema: z.object({ id: letterId }),
    permission: 'letters',
    refused: notFound,
    run: withLetter(async (letter, _, { session, now }) => {
      await sendTest(session, letter, now);
      return page(letter.id, 'tested=1');
    }),
  }),
  // The second step: the confirmation page's button, which says yes. Starting is claimed once.
  'letter-send': post({
    schema: z.object({ id: letterId, confirm: z.literal('yes') }),
    permission: 'letters',
    refused: () => plain(letterStaffText.refused, 400),
    run: withLetter(async (letter, _, { session, now }) =>
      page(letter.id, `send=${await startLetter(session, letter, now)}`),
    ),
  }),
  'letter-pause': post({
    schema: z.object({ id: letterId, pause: z.enum(['yes', 'no']) }),
    permission: 'letters',
    refused: notFound,
    run: withLetter(async (letter, { pause }, { session, now }) => {
      await pauseLetter(session, letter, pause === 'yes', now);
      return page(letter.id, pause === 'yes' ? 'paused=1' : 'resumed=1');
    }),
  }),
  // A newsletter whose Mailchimp campaigns failed: sent on from where it stopped (once per failure).
  'letter-retry': post({
    schema: z.object({ id: letterId }),
    permission: 'letters',
    refused: notFound,
    run: withLetter(async (letter, _, { session, now }) =>
      page(letter.id, (await retryLetter(session, letter, now)) ? 'retried=1' : 'send=already'),
    ),
  }),
} satisfies Record<string, StaffPost<z.ZodType>>;
