/** @jest-environment node */
import { tableOf } from '@/lib/staff/export';
import { auditLine, choiceLabel, itemNames } from '@/lib/staff/present';
import { readAudit } from '@/lib/storage/audit';

describe('choiceLabel', () => {
  it('names a coded choice as the forms and the downloads do, and nothing else', async () => {
    expect(choiceLabel('gender', 'male')).toBe('Male');
    expect(choiceLabel('degree', 'high_school')).toBe('High school');
    expect(choiceLabel('country', 'male')).toBeUndefined();
    expect(choiceLabel('gender', 'constructor')).toBeUndefined();
    expect(choiceLabel('gender', 1)).toBeUndefined();
    // The download of an offer shows the same words.
    const { headings, rows } = tableOf(
      'offer',
      [{ id: 'r', collection: 'offer', data: { gender: 'female', degree: 'phd', country: 'Ghana' } }],
      await itemNames(),
    );
    expect(rows[0]![headings.indexOf('Gender')]).toBe('Female');
    expect(rows[0]![headings.indexOf('Degree')]).toBe('PhD');
  });
});

describe('auditLine', () => {
  const at = 1;
  it('names actions and reasons in words, and an unsigned link’s author as unknown', () => {
    expect(auditLine({ at, who: '', what: 'sign-in-refused', detail: 'invalid' })).toEqual({
      what: 'Sign-in refused',
      who: 'Unknown',
      detail: 'The link was not signed by this site, or was altered',
    });
    expect(auditLine({ at, who: 's@example.org', what: 'session-ended', detail: 'removed' })).toMatchObject({
      what: 'Session ended',
      detail: 'The address left the team',
    });
    expect(auditLine({ at, who: 's@example.org', what: 'sign-out', detail: '' }).what).toBe('Signed out');
  });

  it('links a record action to its submission by form name, and leaves other details as written', () => {
    const record = { collection: 'contact', id: 'abc-1' } as const;
    expect(auditLine({ at, who: 's@example.org', what: 'handled', detail: '', record })).toEqual({
      what: 'Marked as handled',
      who: 's@example.org',
      detail: '',
      record: { href: '/staff/submissions/contact/abc-1', label: 'Contact message' },
    });
    expect(auditLine({ at, who: 's', what: 'note', detail: 'nope abc' })).toMatchObject({ detail: 'nope abc' });
    expect(
      auditLine({ at, who: 's', what: 'note', detail: '', record: { collection: 'user', id: 'a/b?c' } }).record,
    ).toEqual({ href: '/staff/submissions/user/a%2Fb%3Fc', label: 'Event registration' });
    expect(auditLine({ at, who: 's', what: 'forget', detail: '2 records, 1 mails' })).toEqual({
      what: 'Forgot a person',
      who: 's',
      detail: '2 records, 1 mails',
    });
  });
});

describe('readAudit', () => {
  it('reads an entry written before records had a field of their own as if written today', () => {
    const old = { at: 1, who: 's', what: 'handled', detail: 'contact abc-1' } as const;
    expect(readAudit(old)).toEqual({
      at: 1,
      who: 's',
      what: 'handled',
      detail: '',
      record: { collection: 'contact', id: 'abc-1' },
    });
    // Only a record action's detail is a record, and only when it names a known form.
    expect(readAudit({ ...old, what: 'export', detail: 'contact abc-1' })).toEqual({ ...old, what: 'export' });
    expect(readAudit({ ...old, detail: 'nope abc-1' })).toEqual({ ...old, detail: 'nope abc-1' });
    const record = { collection: 'user', id: 'x' } as const;
    expect(readAudit({ ...old, detail: '', record })).toEqual({ ...old, detail: '', record });
  });
});
