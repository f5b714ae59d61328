import type { NextRequest } from 'next/server';
import type { z } from 'zod';

import type { Permission, Staff } from '@/lib/team';

// What a post of the staff workspace is (lib/staff/posts.ts lists them all): the fields it takes (zod),
// what the role must allow, and what it does.

interface Context {
  request: NextRequest;
  session: Staff | null;
  now: number;
  https: boolean;
}

export interface StaffPost<S extends z.ZodType> {
  schema: S;
  // What the role must allow; none for the sign-in posts, which need no session.
  permission?: Permission;
  // The answer to a post whose fields do not parse.
  refused: () => Response;
  run: (data: z.infer<S>, context: Context & { session: Staff }) => Promise<Response>;
}

export const post = <S extends z.ZodType>(definition: StaffPost<S>) => definition;
