/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'baobab-staff-payments-'));
process.env.DATA_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = async () => ({
  ...(await import('@/lib/staff/payments')),
  ...(await import('@/lib/staff/inbox')),
  ...(await import('@/lib/staff/digest')),
  ...(await import('@/lib/team')),
  store: (await import('@/lib/storage')).getStore(),
});

// Staff and payments on the embedded store (docs/staff.md, "Payments"): marking by hand, the inbox's
// payment filter, the reminder to everyone unpaid (once per person and day) and the digest's count.
const NOW = Date.UTC(2026, 10, 27, 9);
const staff = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0, role: 'staff' as const };
const python = 'enrolment:Data Analysis with Python';

async function enrolled(name: string, email: string, more: Record<string, string | number> = {}) {
  const { store } = await load();
  return store.add('enrolment', {
    name,
    email,
    course: 'Data Analysis with Python',
    lang: 'fr',
    date: NOW - 1000,
    payStatus: 'unpaid',
    payAmount: 10_500,
    payCurrency: 'USD',
    payReference: `BD-${name.toUpperCase().padEnd(12, '0').slice(0, 12)}`,
    ...more,
  });
}

it('lets admin, editor and staff roles handle payments, and not the door', async () => {
  const { may } = await load();
  expect(['admin', 'editor', 'staff', 'door'].map((role) => may({ role } as never, 'payments'))).toEqual([
    true,
    true,
    true,
    false,
  ]);
});

it('marks a bank transfer by hand, filters the inbox by payment, and shows what an older record owes', async () => {
  const { store, markPaidByHand, inboxPage, paymentView } = await load();
  const paid = await enrolled('Kofi', 'kofi@example.org');
  const unpaid = await enrolled('Awa', 'awa@example.org');
  await store.add('contact', { name: 'C', email: 'c@example.org', message: 'Hello', date: NOW });
  const ref = { collection: 'enrolment' as const, id: paid.id };
  const transfer = { amount: '105', currency: 'USD' as const, note: 'Ecobank 88' };
  expect(await markPaidByHand(staff, ref, transfer, NOW)).toBe('done');
  expect(await markPaidByHand(staff, ref, transfer, NOW)).toBe('already');
  const ids = async (filters: Record<string, string>) => (await inboxPage(filters, staff.email)).rows.map((r) => r.id);
  expect(await ids({ pay: 'paid' })).toEqual([paid.id]);
  expect(await ids({ pay: 'unpaid', form: 'enrolment' })).toEqual([unpaid.id]);
  expect(await ids({ pay: 'paid', form: 'contact' })).toEqual([]);
  expect(await ids({ pay: 'paid', q: 'kofi' })).toEqual([paid.id]);
  // A record from before payments owes its course's fee; a free course owes nothing.
  expect(await paymentView('enrolment', { course: 'Data Analysis with Python' })).toMatchObject({
    state: 'unpaid',
    due: 'USD 105.00',
    formAmount: '105',
  });
  expect(await paymentView('enrolment', { course: 'Introduction To Data Ethics & Privacy' })).toBeNull();
  expect(await paymentView('contact', {})).toBeNull();
});

it('mails a reminder to everyone unpaid on a list, once per person and day, each with its audit entry', async () => {
  const { store, remindUnpaid } = await load();
  expect(await remindUnpaid(staff, python, NOW)).toEqual({ sent: 1, skipped: 0 });
  expect(await remindUnpaid(staff, python, NOW + 60_000)).toEqual({ sent: 0, skipped: 1 });
  const entries = (await store.auditLog(20)).filter((e) => e.what === 'pay-reminder');
  expect(entries).toHaveLength(1);
  const [awa] = (await store.list('enrolment')).filter((r) => r.data.name === 'Awa');
  expect(awa!.data.payRemindedAt).toBe(NOW);
  const [mail] = (await store.claimMails('t', NOW + 1e9, 50, 1000)).filter((m) => m.to === 'awa@example.org');
  // In the visitor's language, with the course's payment page when no provider is configured.
  expect(mail!.subject).toBe('Votre place vous attend\u00a0: Analyse de données avec Python');
  expect(mail!.text).toContain('105\u00a0$US');
  expect(mail!.text).toContain('https://pay.baobabdata.org/data-analysis-with-python');
  // The next day, a new reminder.
  expect(await remindUnpaid(staff, python, NOW + 86_400_000)).toEqual({ sent: 1, skipped: 0 });
  expect(await remindUnpaid(staff, 'contact:x', NOW)).toBeNull();
  // An event's list may owe (a paid event, docs/product.md §14); the free hackathon's owes nothing.
  expect(await remindUnpaid(staff, 'user:baobab-data-hackathon-2023', NOW)).toEqual({ sent: 0, skipped: 0 });
});

it('says in the digest how many paid and how much came in', async () => {
  const { store, buildDigest } = await load();
  const ctx = { staff: 'staff@example.org', siteName: 'Baobab Data', timeZone: 'Africa/Lagos', siteUrl: 'https://x' };
  const digest = await buildDigest(store, NOW - 3_600_000, NOW + 3_600_000, ctx);
  expect(digest.paid).toBe(1);
  expect(digest.mail.text).toContain('1 payment came in: USD 105.00. https://x/staff?pay=paid');
  const before = await buildDigest(store, NOW - 7_200_000, NOW - 3_600_000, ctx);
  expect(before.paid).toBe(0);
});
