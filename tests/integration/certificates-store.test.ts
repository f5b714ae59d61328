/** @jest-environment node */
import {
  certificateKey,
  type AuditEntry,
  type NewMail,
  type StaffSession,
  type Store,
  type StoredCertificate,
} from '@/lib/storage/types';

import { bothStores, type StoreHarness } from '../helpers/stores';

// The certificates' part of the store contract, on both adapters: issued exactly once per person and
// item, even when two instances issue at the same moment; revoked once; reissued once under a new code;
// and withdrawn, name and address gone, when the person is forgotten.
jest.setTimeout(60_000);

const staff: StaffSession = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0 };
const audit = (what: AuditEntry['what'], detail: string): AuditEntry => ({
  at: Date.now(),
  who: staff.email,
  what,
  detail,
});
const mail = (to: string, subject: string): NewMail => ({ to, subject, text: subject, html: `<p>${subject}</p>` });

let serial = 0;
function certificate(recordId: string, email: string, overrides: Partial<StoredCertificate> = {}): StoredCertificate {
  serial += 1;
  return {
    code: `TESTCODE${String(serial).padStart(8, '0')}`,
    key: certificateKey('user', 'hackathon', email),
    kind: 'attendance',
    collection: 'user',
    item: 'hackathon',
    recordId,
    email,
    name: 'Ọlábísí Adéyẹmí',
    lang: 'fr',
    title: 'Hackathon',
    achievement: '',
    startDate: '2023-03-18',
    endDate: '2023-03-19',
    issuedAt: Date.now(),
    issuedBy: staff.email,
    revokedAt: null,
    revokedBy: null,
    revokeReason: null,
    replacedBy: null,
    withdrawnAt: null,
    ...overrides,
  };
}

async function guest(store: Store, email: string) {
  return (await store.add('user', { email, name: 'Guest', event: 'hackathon', date: Date.now() })).id;
}

async function mailsTo(store: Store, email: string) {
  return (await store.findEmail(email)).mails.filter((m) => m.subject.startsWith('Certificate'));
}

describe.each(bothStores)('certificates on %s', (_name, makeHarness) => {
  let harness: StoreHarness;
  beforeAll(() => {
    harness = makeHarness();
  });
  afterAll(async () => harness.cleanup());

  test('two instances issuing the same person and item at once commit one certificate and one mail', async () => {
    const name = `once-${serial}`;
    const [a, b] = [await harness.open(name), await harness.open(name)];
    const id = await guest(a, 'ada@example.org');
    const first = certificate(id, 'ada@example.org');
    const second = certificate(id, 'ADA@example.org');
    const outcomes = await Promise.all([
      a.issueCertificate(first, [mail('ada@example.org', 'Certificate A')], audit('certificate-issue', first.code)),
      b.issueCertificate(second, [mail('ada@example.org', 'Certificate B')], audit('certificate-issue', second.code)),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'issued']);
    const held = await a.certificatesOf('user', 'hackathon');
    expect(held).toHaveLength(1);
    expect(await mailsTo(a, 'ada@example.org')).toHaveLength(1);
    const entries = (await a.auditLog(50)).filter((e) => e.what === 'certificate-issue');
    expect(entries.map((e) => e.detail)).toEqual([held[0]!.code]);
    // Issuing again later, from either instance, changes nothing.
    expect(await b.issueCertificate(certificate(id, 'ada@example.org'), [], audit('certificate-issue', 'x'))).toBe(
      'already',
    );
    expect(await b.certificate(held[0]!.code)).toEqual(held[0]);
    await Promise.all([a.close(), b.close()]);
  });

  test('a certificate is revoked once, with when, by whom and why', async () => {
    const store = await harness.open(`revoke-${serial}`);
    const c = certificate(await guest(store, 'bo@example.org'), 'bo@example.org');
    await store.issueCertificate(c, [], audit('certificate-issue', c.code));
    const at = Date.now();
    const twice = await Promise.all([
      store.revokeCertificate(c.code, at, staff.email, 'issued by mistake', audit('certificate-revoke', c.code)),
      store.revokeCertificate(c.code, at + 1, staff.email, 'again', audit('certificate-revoke', c.code)),
    ]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    expect(await store.certificate(c.code)).toMatchObject({ revokedAt: expect.any(Number), revokedBy: staff.email });
    expect(
      await store.revokeCertificate('NOSUCHCODE000000', at, staff.email, 'x', audit('certificate-revoke', '')),
    ).toBe(false);
    await store.close();
  });

  test('two instances reissuing one certificate at once make one new one, and the old one says so', async () => {
    const name = `reissue-${serial}`;
    const [a, b] = [await harness.open(name), await harness.open(name)];
    const old = certificate(await guest(a, 'cy@example.org'), 'cy@example.org', { name: 'Cy Wrong' });
    await a.issueCertificate(old, [], audit('certificate-issue', old.code));
    const [x, y] = [certificate(old.recordId, old.email, { name: 'Cy Right' }), certificate(old.recordId, old.email)];
    const outcomes = await Promise.all([
      a.reissueCertificate(old.code, x, [mail(old.email, 'Certificate again')], audit('certificate-reissue', x.code)),
      b.reissueCertificate(old.code, y, [mail(old.email, 'Certificate again')], audit('certificate-reissue', y.code)),
    ]);
    expect(outcomes.sort()).toEqual(['gone', 'reissued']);
    const all = await a.certificatesOf('user', 'hackathon');
    expect(all).toHaveLength(2);
    const replaced = (await a.certificate(old.code))!;
    const current = all.find((c) => c.code !== old.code)!;
    expect(replaced).toMatchObject({ replacedBy: current.code, revokedAt: expect.any(Number) });
    expect(current).toMatchObject({ revokedAt: null, key: old.key });
    expect(await mailsTo(a, old.email)).toHaveLength(1);
    // The new one still holds the person's place: issuing again changes nothing.
    expect(await a.issueCertificate(certificate(old.recordId, old.email), [], audit('certificate-issue', ''))).toBe(
      'already',
    );
    await Promise.all([a.close(), b.close()]);
  });

  test('forgetting a person withdraws their certificates: name and address gone, the code still known', async () => {
    const store = await harness.open(`forget-${serial}`);
    const kept = certificate(await guest(store, 'other@example.org'), 'other@example.org', { name: 'Other' });
    const gone = certificate(await guest(store, 'Zoe@Example.org'), 'Zoe@Example.org', { name: 'Zoë N’Diaye' });
    await store.issueCertificate(kept, [], audit('certificate-issue', kept.code));
    await store.issueCertificate(gone, [mail(gone.email, 'Certificate Z')], audit('certificate-issue', gone.code));
    await store.forgetEmail('zoe@example.org');
    const withdrawn = (await store.certificate(gone.code))!;
    expect(withdrawn).toMatchObject({ name: '', email: '', withdrawnAt: expect.any(Number) });
    expect(JSON.stringify(withdrawn)).not.toMatch(/zoe|Zoë/i);
    expect(await store.certificate(kept.code)).toEqual(kept);
    expect(await mailsTo(store, 'zoe@example.org')).toHaveLength(0);
    // The person may register and attend again, and get a new certificate then.
    const again = certificate(await guest(store, 'zoe@example.org'), 'zoe@example.org');
    expect(await store.issueCertificate(again, [], audit('certificate-issue', again.code))).toBe('issued');
    await store.close();
  });
});
