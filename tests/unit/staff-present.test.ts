/** @jest-environment node */
import { tableOf } from '@/lib/staff/export';
import { auditLine, choiceLabel, mailtoHref } from '@/lib/staff/present';

describe('choiceLabel', () => {
  it('names a coded choice as the forms and the downloads do, and nothing else', () => {
    expect(choiceLabel('gender', 'male')).toBe('Male');
    expect(choiceLabel('degree', 'high_school')).toBe('High school');
    expect(choiceLabel('country', 'male')).toBeUndefined();
    expect(choiceLabel('gender', 'constructor')).toBeUndefined();
    expect(choiceLabel('gender', 1)).toBeUndefined();
    // The download of an offer shows the same words.
    const { headings, rows } = tableOf('offer', [
      { id: 'r', collection: 'offer', data: { gender: 'female', degree: 'phd', country: 'Ghana' } },
    ]);
    expect(rows[0]![headings.indexOf('Gender')]).toBe('Female');
    expect(rows[0]![headings.indexOf('Degree')]).toBe('PhD');
  });
});

describe('mailtoHref', () => {
  it('keeps a plain address readable and encodes the subject', () => {
    expect(mailtoHref('ada@example.org', 'Re: your contact message')).toBe(
      'mailto:ada@example.org?subject=Re%3A%20your%20contact%20message',
    );
  });

  it('encodes characters that would end the address, add a header or recipient, or cut the link', () => {
    const href = mailtoHref('a?cc=evil@x.org&b#c%d,e@example.org', 'Hi');
    expect(href).toBe('mailto:a%3Fcc%3Devil%40x.org%26b%23c%25d%2Ce@example.org?subject=Hi');
    const url = new URL(href);
    // One recipient, exactly as stored, and the subject is the only header.
    expect(decodeURIComponent(url.pathname)).toBe('a?cc=evil@x.org&b#c%d,e@example.org');
    expect([...url.searchParams.keys()]).toEqual(['subject']);
    expect(url.hash).toBe('');
  });

  it('encodes a non-Latin address as UTF-8', () => {
    expect(mailtoHref('ọlá@example.org', 'x')).toBe('mailto:%E1%BB%8Dl%C3%A1@example.org?subject=x');
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
      detail: 'The address was taken out of STAFF_EMAILS',
    });
    expect(auditLine({ at, who: 's@example.org', what: 'sign-out', detail: '' }).what).toBe('Signed out');
  });

  it('links a record action to its submission by form name, and leaves other details as written', () => {
    expect(auditLine({ at, who: 's@example.org', what: 'handled', detail: 'contact abc-1' })).toEqual({
      what: 'Marked as handled',
      who: 's@example.org',
      detail: '',
      record: { href: '/staff/submissions/contact/abc-1', label: 'Contact message' },
    });
    expect(auditLine({ at, who: 's', what: 'note', detail: 'nope abc' })).toMatchObject({ detail: 'nope abc' });
    expect(auditLine({ at, who: 's', what: 'forget', detail: '2 records, 1 mails' })).toEqual({
      what: 'Forgot a person',
      who: 's',
      detail: '2 records, 1 mails',
    });
  });
});
