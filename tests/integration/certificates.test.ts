/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  addressesIn,
  certificateList,
  downloadedCertificate,
  issueCertificates,
  linkedInUrl,
  markCompleted,
  openBadgeCredential,
  parseCode,
  reissueCertificate,
  revokeCertificate,
  verification,
} from '@/lib/certificates';
import { setSingleton } from '@/lib/singletons';
import { forgetPerson } from '@/lib/staff/actions';
import { certificatePosts } from '@/lib/staff/certificate-posts';
import { checkInGuest } from '@/lib/staff/check-in';
import { tableOf } from '@/lib/staff/export';
import { itemNames } from '@/lib/staff/present';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { may, staffRoles } from '@/lib/team';

import { signatoryForTests } from '../helpers/cms-from-data';
import { pdfQrCodes, pdfText } from '../helpers/pdf';
import { BEFORE_SEED_EVENT } from '../helpers/samples';
import { sqliteHarness } from '../helpers/stores';

// Certificates on the server (lib/certificates): issued from the check-ins, once per person, in each
// person's language with the PDF attached; completion marked from ticks or a CSV; revoked, reissued under
// a corrected name, withdrawn when the person is forgotten; and only admins and staff may do any of it.
const dir = mkdtempSync(join(tmpdir(), 'baobab-certificates-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.SITE_URL = 'https://baobab.example';
process.env.LINK_SECRET = 'certificates-test-link-secret-0123456789abcdef';
jest.setTimeout(60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EVENT = 'baobab-data-hackathon-2023';
const OFFER = 'become-a-data-analyst';
const staff = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0 };
const harness = sqliteHarness();
let store: Store;
beforeEach(async () => {
  store = await harness.open();
  setSingleton('store', store);
});
afterEach(async () => {
  setSingleton('store', undefined);
  await store.close();
});
afterAll(() => harness.cleanup());

const guest = (firstName: string, lastName: string, email: string, lang = 'en') =>
  store.add('user', { firstName, lastName, email, event: EVENT, lang, date: 1, booking: 'registered' });
const learner = (name: string, email: string, lang = 'en') =>
  store.add('offer', { firstName: name, lastName: 'L', email, offer: OFFER, lang, date: 1 });

async function pending(): Promise<OutboxMail[]> {
  return store.claimMails('test', Date.now(), 100, 60_000);
}
const pdfOf = (mail: OutboxMail) =>
  new Uint8Array(Buffer.from(mail.attachments!.find((a) => a.contentType === 'application/pdf')!.content, 'base64'));

it('issues attendance certificates to the guests checked in, once, each in their language', async () => {
  const zoe = await guest('Zoë', 'N’Diaye', 'zoe@example.org');
  const ola = await guest('Ọlábísí', 'Adéyẹmí', 'ola@example.org', 'fr');
  const absent = await guest('Absent', 'Guest', 'absent@example.org');
  for (const { id } of [zoe, ola]) await checkInGuest(staff, EVENT, { id }, Date.now());

  expect(await issueCertificates(staff, 'user', EVENT, 'all', '', Date.now())).toEqual({
    issued: 2,
    already: 0,
    skipped: 0,
  });
  const mails = await pending();
  expect(mails.map((m) => m.to).sort()).toEqual(['ola@example.org', 'zoe@example.org']);
  const french = mails.find((m) => m.to === 'ola@example.org')!;
  const text = await pdfText(pdfOf(french));
  expect(text).toContain('Attestation de participation');
  expect(text).toContain('Ọlábísí Adéyẹmí');
  const code = /verify\/([0-9A-Z]{16})/.exec(french.text)![1]!;
  expect(await pdfQrCodes(pdfOf(french))).toEqual([`https://baobab.example/fr/verify/${code}`]);
  expect(french.subject).toBe('Votre certificat\u00a0: Hackathon Baobab Data 2023');

  // Again, for everyone or for one ticked, and for one never checked in: nothing more.
  expect(await issueCertificates(staff, 'user', EVENT, 'all', '', Date.now())).toEqual({
    issued: 0,
    already: 2,
    skipped: 0,
  });
  expect(await issueCertificates(staff, 'user', EVENT, [zoe.id, absent.id], '', Date.now())).toEqual({
    issued: 0,
    already: 1,
    skipped: 1,
  });
  expect(await pending()).toEqual([]);
  expect((await store.auditLog(50)).filter((e) => e.what === 'certificate-issue')).toHaveLength(2);

  // The record names its certificate: the download's column.
  const rows = (await store.list('user')).map((r) => ({ ...r, collection: 'user' as const }));
  const table = tableOf('user', rows, await itemNames());
  const column = table.headings.indexOf('Certificate');
  const codes = table.rows.map((row) => row[column]);
  expect(codes.filter((c) => c === '')).toHaveLength(1);
  expect(codes).toContain(code);
  expect(codes.filter((c) => typeof c === 'string' && /^[0-9A-Z]{16}$/.test(c))).toHaveLength(2);
});

it('marks learners completed from a CSV and ticks, with what they achieved, then issues their certificates', async () => {
  const kwame = await learner('Kwame', 'kwame@example.org');
  const ticked = await learner('Ama', 'ama@example.org', 'fr');
  await learner('Later', 'later@example.org');
  const csv = 'name;email\r\n"Kwame";KWAME@example.org\r\nnobody@example.org';
  expect(addressesIn(csv)).toEqual(['kwame@example.org', 'nobody@example.org']);
  expect(
    await markCompleted(staff, 'offer', OFFER, { ids: [], csv, achievement: 'Built a sales dashboard' }, Date.now()),
  ).toEqual({ marked: 1, unknown: 1 });
  expect(
    await markCompleted(staff, 'offer', OFFER, { ids: [ticked.id], csv: '', achievement: '' }, Date.now()),
  ).toEqual({ marked: 1, unknown: 0 });
  expect(await issueCertificates(staff, 'offer', OFFER, 'all', 'Analysed real data', Date.now())).toMatchObject({
    issued: 2,
  });
  const mails = await pending();
  const own = await pdfText(pdfOf(mails.find((m) => m.to === 'kwame@example.org')!));
  expect(own).toContain('Certificate of completion');
  expect(own).toContain('Built a sales dashboard');
  const item = await pdfText(pdfOf(mails.find((m) => m.to === 'ama@example.org')!));
  expect(item).toContain('Certificat de réussite');
  expect(item).toContain('Analysed real data');
  const list = (await certificateList('offer', OFFER))!;
  expect(
    list.rows
      .filter((r) => r.certificate)
      .map((r) => r.id)
      .sort(),
  ).toEqual([kwame.id, ticked.id].sort());
});

it('revokes, reissues under a corrected name, and withdraws a forgotten person’s certificate', async () => {
  const { id } = await guest('Zoe', 'Ndiaye', 'zoe@example.org');
  await checkInGuest(staff, EVENT, { id }, Date.now());
  await issueCertificates(staff, 'user', EVENT, 'all', '', Date.now());
  const [first] = await store.certificatesOf('user', EVENT);
  const old = first!.code;
  await pending();

  const next = (await reissueCertificate(staff, old, 'Zoë N’Diaye', Date.now()))!;
  expect(next.code).not.toBe(old);
  expect(await reissueCertificate(staff, old, 'Again', Date.now())).toBeNull();
  expect(await verification(old)).toMatchObject({ state: 'reissued' });
  expect(await verification(next.code.toLowerCase())).toMatchObject({
    state: 'valid',
    certificate: { name: 'Zoë N’Diaye' },
  });
  const [again] = await pending();
  expect(await pdfText(pdfOf(again!))).toContain('Zoë N’Diaye');

  expect(await revokeCertificate(staff, next.code, 'Issued by mistake', Date.now())).not.toBeNull();
  expect(await revokeCertificate(staff, next.code, 'Twice', Date.now())).toBeNull();
  expect(await verification(next.code)).toMatchObject({ state: 'revoked', at: expect.any(Number) });
  expect((await store.auditLog(50)).map((e) => e.what)).toEqual(
    expect.arrayContaining(['certificate-reissue', 'certificate-revoke']),
  );

  // A valid one is withdrawn when its person is forgotten: its page names nobody.
  const { id: other } = await guest('Ada', 'Obi', 'ada@example.org');
  await checkInGuest(staff, EVENT, { id: other }, Date.now());
  await issueCertificates(staff, 'user', EVENT, [other], '', Date.now());
  const ada = (await store.certificatesOf('user', EVENT)).find((c) => c.email === 'ada@example.org')!;
  await forgetPerson(staff, 'user', other, Date.now());
  const withdrawn = await verification(ada.code);
  expect(withdrawn).toMatchObject({ state: 'withdrawn', certificate: { name: '', email: '' } });
});

it('serves a valid certificate as an Open Badges 3.0 credential and its PDF by the signed link only', async () => {
  const { id } = await guest('Ada', 'Obi', 'ada@example.org');
  await checkInGuest(staff, EVENT, { id }, Date.now());
  await issueCertificates(staff, 'user', EVENT, 'all', '', Date.now());
  const [certificate] = await store.certificatesOf('user', EVENT);
  const credential = openBadgeCredential(certificate!, 'https://baobab.example');
  expect(credential).toMatchObject({
    '@context': expect.arrayContaining(['https://www.w3.org/ns/credentials/v2']),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { name: 'Baobab Data', type: ['Profile'] },
    validFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    credentialSubject: {
      type: ['AchievementSubject'],
      achievement: { type: ['Achievement'], name: 'Baobab Data Hackathon 2023', criteria: expect.any(Object) },
    },
  });
  const [mail] = await pending();
  const token = new URL(/https:\/\/\S+\/api\/certificates\/download\?t=\S+/.exec(mail!.text)![0]).searchParams.get('t');
  expect((await downloadedCertificate(token, Date.now()))?.code).toBe(certificate!.code);
  expect(await downloadedCertificate(`${token}x`, Date.now())).toBeNull();
  expect(await downloadedCertificate(certificate!.code, Date.now())).toBeNull();
  const linkedIn = new URL(linkedInUrl(certificate!, 'en'));
  expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(linkedIn.searchParams.get('certId')).toBe(certificate!.code);
});

it('issues whatever the editor set as signatory: odd values are left off, good ones printed', async () => {
  const odd = await guest('Odd', 'Signatory', 'odd@example.org');
  const good = await guest('Good', 'Signatory', 'good@example.org');
  for (const { id } of [odd, good]) await checkInGuest(staff, EVENT, { id }, Date.now());
  try {
    signatoryForTests.value = { name: { html: '<b>' }, role: ['array'], signature: '../../etc/passwd' };
    expect(await issueCertificates(staff, 'user', EVENT, [odd.id], '', Date.now())).toMatchObject({ issued: 1 });
    signatoryForTests.value = { name: '  Amina   Bello ', role: 'Directrice', signature: 'no-such-file.webp' };
    expect(await issueCertificates(staff, 'user', EVENT, [good.id], '', Date.now())).toMatchObject({ issued: 1 });
  } finally {
    signatoryForTests.value = { name: null, role: null, signature: null };
  }
  const mails = await pending();
  const oddText = await pdfText(pdfOf(mails.find((m) => m.to === 'odd@example.org')!));
  expect(oddText).toContain('Odd Signatory');
  expect(oddText).not.toMatch(/object|array|passwd/);
  const goodText = await pdfText(pdfOf(mails.find((m) => m.to === 'good@example.org')!));
  expect(goodText).toContain('Amina Bello');
  expect(goodText).toContain('Directrice');
});

it('reads codes as people type them, and nothing else', () => {
  expect(parseCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
  expect(parseCode('0O1I L000 0000 0000')).toBe('0011100000000000');
  for (const bad of ['', 'ABCDEFGHJKMNPQR', 'ABCDEFGHJKMNPQRSU', 'ABCDEFGHJKMNPQRU', null, 42, '../'.repeat(6)]) {
    expect(parseCode(bad)).toBeNull();
  }
});

it('lets admins and staff issue, revoke and reissue, and no other role', () => {
  const allowed = staffRoles.filter((role) => may({ role }, 'certificates'));
  expect(allowed).toEqual(['admin', 'staff']);
  for (const entry of Object.values(certificatePosts)) expect(entry.permission).toBe('certificates');
  // The door sees who attended (its check-in page), as every role that checks guests in.
  expect(staffRoles.filter((role) => may({ role }, 'check-in'))).toEqual(['admin', 'editor', 'staff', 'door']);
});
