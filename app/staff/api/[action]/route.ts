import type { NextRequest } from 'next/server';

import { handleStaffPost } from '@/lib/staff/posts';

// Every post of the staff workspace (lib/staff/posts.ts). Only POST exists here (Next answers any other
// method with 405).
export async function POST(request: NextRequest, { params }: { params: Promise<{ action: string }> }) {
  return handleStaffPost((await params).action, request);
}
