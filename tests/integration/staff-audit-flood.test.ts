/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

// The red-team round's flood: twelve clients posting 300 made-up sign-in links in moments. Their
// refusals name nobody, so they go to the refusals trail, capped in all; the audit page's default
// view still shows every staff entry on its first page.
const dir = mkdtempSync(join(tmpdir(), 'baobab-audit-flood-'));
process.env.DATA_DIR = dir;
process.env.STAFF_EMAILS = 'staff@example.org';
process.env.STAFF_SIGN_IN_LIMIT = '5';
// One proxy in front, so each client is told apart by its X-Forwarded-For.
process.env.TRUSTED_PROXY_HOPS = '1';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const signInPost = (token: string, client: string) => {
  const body = new FormData();
  body.set('t', token);
  return new NextRequest('http://localhost:3000/staff/api/sign-in', {
    method: 'POST',
    body,
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-forwarded-for': client },
  });
};

it('keeps every staff entry on the first page of the audit when 300 made-up links are posted', async () => {
  const { handleStaffPost } = await import('@/lib/staff/posts');
  const { signInLink, signOut } = await import('@/lib/team');
  const { auditTrailPage, AUDIT_PAGE_SIZE } = await import('@/lib/staff/queries');
  const { getStore } = await import('@/lib/storage');
  const store = getStore();

  // Staff at work: a sign-in through the same post, a download, a note, a sign-out.
  const link = new URL(signInLink('staff@example.org', Date.now())).searchParams.get('t')!;
  const signedIn = await handleStaffPost('sign-in', signInPost(link, '10.0.0.1'));
  expect(signedIn.headers.get('location')).toBe('/staff');
  const cookie = /baobab-staff=([^;]+)/.exec(signedIn.headers.get('set-cookie')!)![1]!;
  const now = Date.now();
  await store.addAudit({ at: now, who: 'staff@example.org', what: 'export', detail: 'Contact message csv (2 rows)' });
  await store.addAudit({
    at: now,
    who: 'staff@example.org',
    what: 'note',
    detail: '',
    record: { collection: 'contact', id: 'c-1' },
  });
  await signOut(cookie, now);

  // 300 garbage tokens from twelve clients, 25 each, all at once.
  const clients = Array.from({ length: 12 }, (_, i) => `203.0.113.${i + 1}`);
  const answers = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      handleStaffPost('sign-in', signInPost(`made-up-${i}.${'x'.repeat(40)}`, clients[i % 12]!)),
    ),
  );
  expect(answers.every((answer) => answer.headers.get('location') === '/staff/sign-in?invalid=1')).toBe(true);

  const { entries } = await auditTrailPage({});
  expect(entries.map((e) => e.what)).toEqual(['sign-out', 'note', 'export', 'sign-in']);
  // The refusals are apart, and bounded in all (16 times the sign-in limit, then one entry saying so),
  // on top of each client's own bound (4 times the limit, then one entry saying so).
  const refusals = await store.auditPage({ trail: 'refusals', limit: 500 });
  expect(refusals.length).toBe(16 * 5 + 1);
  expect(refusals.filter((e) => e.detail === 'flood')).toHaveLength(1);
  expect(refusals.every((e) => e.who === '' && e.what === 'sign-in-refused')).toBe(true);
  const { entries: shown, next } = await auditTrailPage({ trail: 'refusals' });
  expect(shown).toHaveLength(AUDIT_PAGE_SIZE);
  expect((await auditTrailPage({ trail: 'refusals', after: next! })).entries).toHaveLength(81 - AUDIT_PAGE_SIZE);
}, 60_000);
