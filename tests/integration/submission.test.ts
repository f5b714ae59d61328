/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { RecaptchaSettings } from '@/lib/bot-check';
import { HONEYPOT_CAP } from '@/lib/constants';
import type { FormOperation } from '@/lib/forms/registry';
import type { FormServices } from '@/lib/forms/services';
import { answers, submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { openSqliteStore } from '@/lib/storage/sqlite';
import { withDeadline, type Store } from '@/lib/storage/types';

import { json, startHttpStub } from '../helpers/http-stub';
import { BEFORE_SEED_EVENT, sampleEnrolment, sampleRegistration } from '../helpers/samples';

const TOKEN = issueXsrfToken();
const contact = { name: 'Ada Obi', email: 'ada@example.org', message: 'Hello from Lagos' };

let dir: string;
let store: Store;
let logs: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baobab-submit-'));
  store = openSqliteStore(join(dir, 'db.sqlite'));
  logs = [];
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

type Context = FormServices & { meta: RequestMeta };

function context(overrides: Partial<FormServices> = {}, headers: Record<string, string> = {}): Context {
  return {
    meta: {
      headers: new Headers({
        host: 'baobabdata.org',
        'x-xsrf-token': TOKEN,
        ...headers,
      }),
      cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
      address: '203.0.113.7',
    },
    recaptcha: null,
    rateLimiter: createRateLimiter(100),
    now: () => 1_780_000_000_000,
    today: () => BEFORE_SEED_EVENT,
    store,
    mail: { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' },
    newsletter: doubleOptInNewsletter({
      store: () => store,
      secret: () => 's'.repeat(32),
      mail: () => ({ siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' }),
    }),
    log: (message) => logs.push(message),
    ...overrides,
  };
}

// One submission through the pipeline, with this test's store and request.
function processSubmission(operation: FormOperation, data: FormData, ctx: Context) {
  return submitForm(operation, data, ctx.meta, ctx);
}

describe('a valid submission', () => {
  it.each([
    ['enrolment', 'enrol', sampleEnrolment, 'Enroled'],
    ['contact', 'contactUs', contact, 'Message sent successfully'],
    [
      'user',
      'registerEvent',
      { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org', event: 'baobab-data-hackathon-2023' },
      'Continue your registration',
    ],
    [
      'offer',
      'registerOffer',
      {
        email: 'ada@example.org',
        firstName: 'Ada',
        lastName: 'Obi',
        gender: 'female',
        degree: 'master',
        occupation: 'Teacher',
        country: 'Kenya',
        offer: 'become-a-data-analyst',
      },
      'Your Spot has been Reserved',
    ],
  ] as const)(
    'is stored in %s with the spec fields, a millisecond date and the event or offer it is for, then answered',
    async (collection, form, fields, message) => {
      const state = await processSubmission(form, formData(fields), context());
      expect(state).toMatchObject({ status: 'success', message });
      const [record] = await store.list(collection);
      // The spec's fields, the date, and for an event or offer which one it is (the slug), where the
      // registration stands and, for an event, its check-in code.
      const places =
        collection === 'user'
          ? { booking: 'registered', checkInCode: expect.stringMatching(/^[A-Z0-9]{6}$/) }
          : collection === 'offer'
            ? { booking: 'registered' }
            : {};
      expect(record!.data).toEqual({ ...fields, lang: 'en', date: 1_780_000_000_000, ...places });
    },
  );

  it('tells an enrolment in a paid track where to pay, and a free one that it is free', async () => {
    const base = { name: 'Ada', email: 'ada@example.org', phone: '08012345678', gender: 'male', country: 'Ghana' };
    const paid = await processSubmission(
      'enrol',
      formData({ ...base, course: 'Data Analysis with Python' }),
      context(),
    );
    expect(paid).toMatchObject({ link: { href: 'https://pay.baobabdata.org/data-analysis-with-python' } });
    const free = await processSubmission(
      'enrol',
      formData({ ...base, course: 'Introduction To Data Ethics & Privacy' }),
      context(),
    );
    expect(free.status === 'success' && free.link).toBeFalsy();
  });

  it('refuses a reservation for an offer that does not exist, storing nothing', async () => {
    const fields = {
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Obi',
      gender: 'female',
      degree: 'master',
      occupation: 'Teacher',
      country: 'Kenya',
    };
    const state = await processSubmission('registerOffer', formData({ ...fields, offer: 'free-laptops' }), context());
    expect(state).toMatchObject({
      status: 'error',
      message: 'This offer does not exist',
      errors: { offer: 'This offer does not exist' },
    });
    expect(await store.list('offer')).toEqual([]);
  });

  it('refuses an enrolment in a course that does not exist, storing nothing', async () => {
    const state = await processSubmission(
      'enrol',
      formData({
        name: 'Ada',
        email: 'ada@example.org',
        phone: '08012345678',
        gender: 'male',
        country: 'Ghana',
        course: 'Basket Weaving',
      }),
      context(),
    );
    expect(state).toMatchObject({ status: 'error', errors: { course: 'Choose one of the academy’s courses' } });
    expect(await store.list('enrolment')).toEqual([]);
  });

  it('refuses an enrolment in a course staff closed, in the form’s words, in each language, storing nothing', async () => {
    const { content } = await import('@/lib/content');
    const { formTexts } = await import('@/messages/forms');
    const courses = ['en', 'fr'].map((lang) => content(lang as 'en' | 'fr').courses.find((c) => c.id === 4)!);
    for (const course of courses) course.isActive = false;
    try {
      const english = courses[0]!.title;
      const state = await processSubmission('enrol', formData({ ...sampleEnrolment, course: english }), context());
      expect(state).toMatchObject({ status: 'error', message: formTexts.en.answers.courseClosed });
      const french = await processSubmission(
        'enrol',
        formData({ ...sampleEnrolment, course: english, lang: 'fr' }),
        context(),
      );
      expect(french).toMatchObject({ status: 'error', message: formTexts.fr.answers.courseClosed });
      expect(await store.list('enrolment')).toEqual([]);
    } finally {
      for (const course of courses) course.isActive = true;
    }
  });
});

describe('XSRF', () => {
  const noToken = { 'x-xsrf-token': '' };

  it('refuses a header token that differs from the cookie, and stores nothing', async () => {
    const state = await processSubmission(
      'contactUs',
      formData(contact),
      context({}, { 'x-xsrf-token': 'b'.repeat(64) }),
    );
    expect(state).toEqual({ status: 'error', message: answers.xsrf, values: contact });
    expect(await store.list('contact')).toEqual([]);
  });

  it('ignores a token in a hidden field: only the header counts', async () => {
    const state = await processSubmission('contactUs', formData({ ...contact, _xsrf: TOKEN }), context({}, noToken));
    expect(state).toMatchObject({ status: 'error', message: answers.xsrf });
  });

  it('refuses an equal cookie and header pair that this server did not issue', async () => {
    const ctx = context({}, { 'x-xsrf-token': 'a'.repeat(64) });
    ctx.meta.cookie = () => 'a'.repeat(64);
    expect(await processSubmission('contactUs', formData(contact), ctx)).toMatchObject({ message: answers.xsrf });
  });

  it('refuses a token when the visitor has no cookie', async () => {
    const ctx = context();
    ctx.meta.cookie = () => undefined;
    expect((await processSubmission('contactUs', formData(contact), ctx)).status).toBe('error');
  });

  it('accepts a plain form post from our own pages by Fetch Metadata or Origin, and refuses a cross-site one', async () => {
    const sameOrigin = await processSubmission(
      'contactUs',
      formData(contact),
      context({}, { ...noToken, 'sec-fetch-site': 'same-origin' }),
    );
    expect(sameOrigin.status).toBe('success');
    const byOrigin = await processSubmission(
      'contactUs',
      formData({ ...contact, message: 'A second message' }),
      context({}, { ...noToken, origin: 'https://baobabdata.org' }),
    );
    expect(byOrigin.status).toBe('success');
    const crossSite = await processSubmission(
      'contactUs',
      formData(contact),
      context({}, { ...noToken, 'sec-fetch-site': 'cross-site' }),
    );
    expect(crossSite).toMatchObject({ status: 'error', message: answers.xsrf });
    const otherOrigin = await processSubmission(
      'contactUs',
      formData(contact),
      context({}, { ...noToken, origin: 'https://evil.example' }),
    );
    expect(otherOrigin.status).toBe('error');
    const nothing = await processSubmission('contactUs', formData(contact), context({}, noToken));
    expect(nothing.status).toBe('error');
    expect(await store.list('contact')).toHaveLength(2);
  });
});

describe('honeypot', () => {
  it('answers a filled honeypot as if it succeeded, keeps the hit as spam, and sends nothing', async () => {
    const state = await processSubmission(
      'contactUs',
      formData({ ...contact, website: 'http://spam.example' }),
      context(),
    );
    expect(state).toMatchObject({ status: 'success', message: 'Message sent successfully' });
    const newsletter = await processSubmission(
      'subscribe',
      formData({ name: 'Bot', email: 'bot@example.org', website: 'x' }),
      context(),
    );
    expect(newsletter.status).toBe('success');
    const [kept] = await store.list('contact');
    expect(kept!.data).toMatchObject({ email: contact.email, staffStatus: 'spam', spamSource: 'honeypot' });
    expect(await store.list('contact')).toHaveLength(1);
    // The newsletter's list holds only people who asked to be on it.
    expect(await store.list('newsletter')).toEqual([]);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
    expect(logs).toContain('contactUs: honeypot filled, kept as spam, nothing sent');
  });

  it('keeps at most HONEYPOT_CAP hits per form in HONEYPOT_KEEP_DAYS', async () => {
    const now = Date.now();
    for (let i = 0; i < HONEYPOT_CAP; i++) {
      await store.add('contact', {
        email: `b${i}@example.org`,
        date: now - i,
        staffStatus: 'spam',
        spamSource: 'honeypot',
      });
    }
    await processSubmission('contactUs', formData({ ...contact, website: 'x' }), context());
    expect(await store.list('contact')).toHaveLength(HONEYPOT_CAP);
  });
});

describe('a filled honeypot', () => {
  it('gets the field errors a person would get for the same data', async () => {
    const invalid = { ...contact, email: 'not an address' };
    const person = await processSubmission('contactUs', formData(invalid), context());
    const bot = await processSubmission('contactUs', formData({ ...invalid, website: 'x' }), context());
    expect(bot).toEqual(person);
    expect(bot).toMatchObject({ status: 'error', errors: { email: expect.any(String) } });
  });

  it('counts against the rate limit like any other post', async () => {
    const ctx = context({ rateLimiter: createRateLimiter(2) });
    for (let i = 0; i < 2; i++) {
      const state = await processSubmission('contactUs', formData({ ...contact, website: `x${i}` }), ctx);
      expect(state.status).toBe('success');
    }
    const refused = await processSubmission('contactUs', formData(contact), ctx);
    expect(refused).toMatchObject({ status: 'error', message: expect.stringMatching(/^Too many attempts/) });
    expect((await store.list('contact')).map((r) => r.data.staffStatus)).toEqual(['spam', 'spam']);
  });
});

describe('a repeated submission', () => {
  it('is stored once, and answered as the first was, whether sent again by a retry or a refresh', async () => {
    const enrolment = { ...sampleEnrolment, course: 'Data Analysis with Python' };
    const first = await processSubmission('enrol', formData(enrolment), context());
    const again = await processSubmission('enrol', formData(enrolment), context());
    expect(again).toEqual(first);
    expect(first.status).toBe('success');
    expect(await store.list('enrolment')).toHaveLength(1);
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
    expect(logs).toContain('enrol: a repeat of a stored submission, answered as the first');
    // Anything different is another submission: from another address, another record (the same address
    // again is the same person, tests/integration/duplicate-payer.test.ts).
    await processSubmission('enrol', formData({ ...enrolment, email: 'ada.b@example.org' }), context());
    expect(await store.list('enrolment')).toHaveLength(2);
  });
});

describe("a submission with the page's own key", () => {
  const key = '0f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f';
  const later = (days: number) => context({ now: () => 1_780_000_000_000 + days * 86_400_000 });

  it('is stored once however many days later it is sent again', async () => {
    const first = await processSubmission('contactUs', formData({ ...contact, _submission: key }), context());
    const nextDay = await processSubmission('contactUs', formData({ ...contact, _submission: key }), later(1));
    const nextWeek = await processSubmission('contactUs', formData({ ...contact, _submission: key }), later(7));
    expect(first).toMatchObject({ status: 'success', message: 'Message sent successfully' });
    expect(nextDay).toEqual(first);
    expect(nextWeek).toEqual(first);
    expect(await store.list('contact')).toHaveLength(1);
    // Without the key, the next day's copy is a new message, as it always was.
    await processSubmission('contactUs', formData(contact), later(1));
    expect(await store.list('contact')).toHaveLength(2);
  });

  it('never stands for other details: the same key with other fields is another submission', async () => {
    await processSubmission('contactUs', formData({ ...contact, _submission: key }), context());
    await processSubmission(
      'contactUs',
      formData({ ...contact, message: 'Someone else', _submission: key }),
      context(),
    );
    expect((await store.list('contact')).map((r) => r.data.message)).toEqual(
      expect.arrayContaining(['Hello from Lagos', 'Someone else']),
    );
    // Nor does a key cross forms.
    const enrolment = { ...sampleEnrolment, _submission: key };
    await processSubmission('enrol', formData(enrolment), context());
    expect(await store.list('enrolment')).toHaveLength(1);
  });

  it.each([
    ['not a UUID', 'abc'],
    ['upper case', key.toUpperCase()],
    ['padded', ` ${key}`],
    ['with a newline', `${key}\n`],
    ['too long', `${key}0`],
    ['not version 4', key.replace('-4c3d', '-1c3d')],
  ])('is ignored when the key is %s: the submission is kept as one without a key', async (_, bad) => {
    const state = await processSubmission('contactUs', formData({ ...contact, _submission: bad }), context());
    expect(state.status).toBe('success');
    const again = await processSubmission('contactUs', formData(contact), context());
    expect(again).toEqual(state);
    expect(await store.list('contact')).toHaveLength(1);
  });
});

describe('confirmations to visitors', () => {
  it('go to one address at most once per form and day, while every record is kept and staff hear of each', async () => {
    const victim = 'victim@example.org';
    const names = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe', 'Femi'];
    for (const firstName of names) {
      const state = await processSubmission(
        'registerEvent',
        formData({ ...sampleRegistration, firstName, email: victim }),
        context(),
      );
      // The answer does not say whether a mail went out.
      expect(state).toMatchObject({ status: 'success', message: 'Continue your registration' });
    }
    expect(await store.list('user')).toHaveLength(names.length);
    const queued = await store.claimMails('t', Date.now() + 1_000_000_000_000, 100, 1000);
    expect(queued.filter((m) => m.to === victim)).toHaveLength(1);
    expect(queued.filter((m) => m.to === 'staff@baobabdata.org')).toHaveLength(names.length);
    // Another form is another confirmation.
    await processSubmission('enrol', formData({ ...sampleEnrolment, email: victim }), context());
    const more = await store.claimMails('t', Date.now() + 1_000_000_000_000, 100, 1000);
    expect(more.filter((m) => m.to === victim)).toHaveLength(1);
  });

  it('go out again the next day', async () => {
    const registration = sampleRegistration;
    await processSubmission('registerEvent', formData(registration), context());
    const nextDay = context({ now: () => 1_780_000_000_000 + 24 * 60 * 60 * 1000 });
    await processSubmission('registerEvent', formData({ ...registration, firstName: 'Ada B' }), nextDay);
    const queued = await store.claimMails('t', Date.now() + 1_000_000_000_000, 100, 1000);
    expect(queued.filter((m) => m.to === 'ada@example.org')).toHaveLength(2);
  });
});

describe('rate limit', () => {
  it('refuses past the limit per address and form with a clear message, and counts others apart', async () => {
    const ctx = context({ rateLimiter: createRateLimiter(3) });
    for (let i = 0; i < 3; i++)
      expect((await processSubmission('contactUs', formData({ ...contact, message: `M${i}` }), ctx)).status).toBe(
        'success',
      );
    const refused = await processSubmission('contactUs', formData(contact), ctx);
    expect(refused).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Too many attempts.*wait \d+ seconds?/),
    });
    expect(await store.list('contact')).toHaveLength(3);

    // Another form and another address still pass.
    const offer = {
      email: 'a@example.org',
      firstName: 'A',
      lastName: 'B',
      gender: 'male',
      degree: 'phd',
      occupation: 'X',
      country: 'Y',
    };
    expect((await processSubmission('registerOffer', formData(offer), ctx)).status).toBe('success');
    ctx.meta.address = '198.51.100.9';
    expect((await processSubmission('contactUs', formData(contact), ctx)).status).toBe('success');
  });

  it('opens a new window once a minute has passed', () => {
    let now = 0;
    const limiter = createRateLimiter(1, 60_000, () => now);
    expect(limiter.take('k').ok).toBe(true);
    expect(limiter.take('k')).toEqual({ ok: false, retryAfterSeconds: 60 });
    now = 60_000;
    expect(limiter.take('k').ok).toBe(true);
  });
});

describe('bot check (reCAPTCHA v3 siteverify stub)', () => {
  let answer: Record<string, unknown> | 'drop' | 500;
  let stub: Awaited<ReturnType<typeof startHttpStub>>;
  let settings: RecaptchaSettings;

  beforeAll(async () => {
    stub = await startHttpStub((request, response, raw) => {
      if (answer === 'drop') return raw.socket.destroy();
      if (answer === 500) return json(response, 500, {});
      json(response, 200, answer);
    });
    settings = {
      secret: 'test-secret',
      verifyUrl: `${stub.url}/recaptcha/api/siteverify`,
      minScore: 0.5,
      hostnames: [],
    };
  });
  afterAll(() => stub.close());

  const good = {
    success: true,
    score: 0.9,
    action: 'importantAction',
    hostname: 'baobabdata.org',
    challenge_ts: '2026-11-22T07:00:00Z',
  };
  const withToken = () => formData({ ...contact, _botToken: 'token-from-the-page' });

  it('sends the secret and the token, and accepts a passing answer', async () => {
    answer = good;
    const state = await processSubmission('contactUs', withToken(), context({ recaptcha: settings }));
    expect(state.status).toBe('success');
    const sent = new URLSearchParams(stub.requests.at(-1)!.body);
    expect([sent.get('secret'), sent.get('response')]).toEqual(['test-secret', 'token-from-the-page']);
    expect((await store.list('contact'))[0]!.data.botCheck).toBeUndefined();
  });

  it.each([
    ['a low score', { ...good, score: 0.2 }],
    ['the wrong action', { ...good, action: 'login' }],
    ['another hostname', { ...good, hostname: 'evil.example' }],
    ['success false', { success: false, 'error-codes': ['invalid-input-response'] }],
  ])('refuses %s with a retryable message and stores nothing', async (_case, verdict) => {
    answer = verdict;
    const state = await processSubmission('contactUs', withToken(), context({ recaptcha: settings }));
    expect(state).toEqual({ status: 'error', message: answers.botFailed, values: contact });
    expect(await store.list('contact')).toEqual([]);
  });

  it.each([
    ['a dropped connection', 'drop' as const],
    ['an HTTP 500', 500 as const],
  ])('accepts and flags the record when siteverify fails with %s', async (_case, failure) => {
    answer = failure;
    const state = await processSubmission('contactUs', withToken(), context({ recaptcha: settings }));
    expect(state.status).toBe('success');
    expect((await store.list('contact'))[0]!.data.botCheck).toBe('unavailable');
    expect(logs.some((l) => l.includes('bot check unavailable'))).toBe(true);
  });

  it('accepts and flags a submission without a token (a visitor without JavaScript)', async () => {
    const state = await processSubmission('contactUs', formData(contact), context({ recaptcha: settings }));
    expect(state.status).toBe('success');
    expect((await store.list('contact'))[0]!.data.botCheck).toBe('no-token');
  });

  it('is skipped entirely when no keys are configured', async () => {
    const before = stub.requests.length;
    expect((await processSubmission('contactUs', withToken(), context())).status).toBe('success');
    expect(stub.requests.length).toBe(before);
  });
});

describe('storage failure', () => {
  it('answers a clear error, never success, when the store cannot commit', async () => {
    const broken: Store = { ...store, add: async () => Promise.reject(new Error('disk full')) };
    const state = await processSubmission('contactUs', formData(contact), context({ store: broken }));
    expect(state).toEqual({ status: 'error', message: answers.notStored, values: contact });
  });

  it('says it cannot confirm, rather than "nothing was stored", when the store does not answer in time', async () => {
    const hanging: Store = { ...store, add: () => withDeadline(new Promise<never>(() => {}), 50, 'the write') };
    const state = await processSubmission('contactUs', formData(contact), context({ store: hanging }));
    expect(state).toEqual({ status: 'error', message: answers.notConfirmed, values: contact });
  });
});
