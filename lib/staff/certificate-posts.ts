import { z } from 'zod';

import {
  ACHIEVEMENT_MAX,
  issueCertificates,
  markCompleted,
  NAME_MAX,
  parseCode,
  REASON_MAX,
  reissueCertificate,
  revokeCertificate,
} from '@/lib/certificates';
import { plain, see } from '@/lib/http/answers';
import { collections, RECORD_ID } from '@/lib/storage';
import { certificateStaffText } from '@/messages/certificates';

import { staffCertificatesPath } from './paths';
import type { StaffPost } from './post-shape';

// The workspace's posts about certificates (./posts.ts takes them in): each needs the
// `certificates` permission (admin and staff), comes from the workspace itself (origin checked there) and
// answers with a 303 to the item's certificates, saying how it went, so it all works without JavaScript.

const post = <S extends z.ZodType>(definition: StaffPost<S>) => definition;
const refused = () => plain(certificateStaffText.refused, 400);
const notFound = () => plain(certificateStaffText.notFound, 404);
const itemFields = { collection: z.enum(collections), item: z.string().min(1).max(200) };
const back = (collection: (typeof collections)[number], item: string, outcome: Record<string, string | number>) =>
  see(
    `${staffCertificatesPath(collection, item)}?${new URLSearchParams(Object.entries(outcome).map(([k, v]) => [k, String(v)]))}`,
  );
const code = z.string().transform((value, ctx) => parseCode(value) ?? (ctx.addIssue({ code: 'custom' }), z.NEVER));

export const certificatePosts = {
  // Certificates to every one eligible (`scope=all`) or to those ticked.
  'certificate-issue': post({
    schema: z.object({
      ...itemFields,
      scope: z.enum(['all', 'ticked']),
      records: z.array(z.string().regex(RECORD_ID)).max(2000).default([]),
      achievement: z.string().max(ACHIEVEMENT_MAX).default(''),
    }),
    permission: 'certificates',
    refused,
    run: async ({ collection, item, scope, records, achievement }, { session, now }) => {
      const ids = scope === 'all' ? 'all' : records;
      const counts = await issueCertificates(session, collection, item, ids, achievement.trim(), now);
      return counts ? back(collection, item, { ...counts }) : notFound();
    },
  }),
  // Learners marked as having completed: ticked, or named in a CSV (pasted, or as a file).
  'certificate-complete': post({
    schema: z.object({
      ...itemFields,
      records: z.array(z.string().regex(RECORD_ID)).max(2000).default([]),
      csv: z.string().max(60_000).default(''),
      csvFile: z.string().max(60_000).default(''),
      learnerAchievement: z.string().max(ACHIEVEMENT_MAX).default(''),
    }),
    permission: 'certificates',
    refused,
    run: async ({ collection, item, records, csv, csvFile, learnerAchievement }, { session, now }) => {
      const done = await markCompleted(
        session,
        collection,
        item,
        { ids: records, csv: `${csv}\n${csvFile}`, achievement: learnerAchievement },
        now,
      );
      return done ? back(collection, item, done) : notFound();
    },
  }),
  'certificate-revoke': post({
    schema: z.object({ code, reason: z.string().trim().min(1).max(REASON_MAX) }),
    permission: 'certificates',
    refused,
    run: async ({ code, reason }, { session, now }) => {
      const revoked = await revokeCertificate(session, code, reason, now);
      return revoked ? back(revoked.collection, revoked.item, { revoked: revoked.code }) : notFound();
    },
  }),
  'certificate-reissue': post({
    schema: z.object({ code, name: z.string().max(NAME_MAX).default('') }),
    permission: 'certificates',
    refused,
    run: async ({ code, name }, { session, now }) => {
      const next = await reissueCertificate(session, code, name, now);
      return next ? back(next.collection, next.item, { reissued: next.code }) : notFound();
    },
  }),
} satisfies Record<string, StaffPost<z.ZodType>>;
