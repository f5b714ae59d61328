/** @jest-environment node */
import { findCourse, findEvent, findOffer } from '@/lib/content';
import type { FormOperation } from '@/lib/forms/registry';
import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { confirmPost, unsubscribeGet, unsubscribePost } from '@/lib/newsletter/routes';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { formTexts } from '@/messages/forms';

import { BEFORE_SEED_EVENT, sampleEnrolment, sampleRegistration } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// The forms posted from a French page (a hidden lang=fr): answers, records and mails.
const TOKEN = issueXsrfToken();
const NOW = Date.UTC(2026, 10, 23, 9);
const site = { siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };
const fr = formTexts.fr.answers;
// The French content of the course, event and offer posted (data/fr): the visitor's mails name them so.
const frCourse = findCourse('data-analysis-with-python', 'fr')!;
const frEvent = findEvent(sampleRegistration.event, 'fr')!;
const frOffer = findOffer('become-a-data-analyst', 'fr')!;

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const meta = (headers: Record<string, string> = { 'x-xsrf-token': TOKEN }): RequestMeta => ({
  headers: new Headers({ host: 'baobabdata.org', ...headers }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.9',
});

function services(store: Store, overrides: Partial<FormServices> = {}): FormServices {
  return {
    store,
    rateLimiter: createRateLimiter(100),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    now: () => NOW,
    today: () => BEFORE_SEED_EVENT,
    log: () => {},
    ...overrides,
  };
}

const queued = (store: Store): Promise<OutboxMail[]> => store.claimMails('t', NOW + 1e12, 100, 1000);
const to = (messages: OutboxMail[], address: string) => messages.find((m) => m.to === address)!;

describe.each(bothStores)('French forms on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  const send = (operation: FormOperation, fields: Record<string, string>, extra: Partial<FormServices> = {}) =>
    submitForm(operation, formData(fields), meta(), services(store, extra));

  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(() => store.close());
  afterAll(() => harness.cleanup());

  it('stores a French enrolment with lang "fr", answers in French and mails the visitor in French, the staff in English', async () => {
    const state = await send('enrol', { ...sampleEnrolment, lang: 'fr' });
    expect(state).toMatchObject({
      status: 'success',
      message: 'Inscription enregistrée',
      link: { label: 'Aller à la page de paiement' },
    });
    expect(state.status === 'success' && state.detail).toMatch(
      new RegExp(
        `^Vous êtes inscrit\\(e\\) à la formation «.${frCourse.title}.»\\. Réglez les frais d’inscription de 105.\\$US sur`,
      ),
    );

    const [record] = await store.list('enrolment');
    expect(record!.data).toMatchObject({ ...sampleEnrolment, lang: 'fr' });

    const messages = await queued(store);
    expect(messages).toHaveLength(2);
    const visitor = to(messages, sampleEnrolment.email);
    expect(visitor.subject).toBe(`Votre inscription à la formation «\u00a0${frCourse.title}\u00a0»`);
    expect(visitor.text).toContain(`Bienvenue dans la formation «\u00a0${frCourse.title}\u00a0»\n`);
    expect(visitor.text).not.toContain('Ada');
    expect(visitor.text).toContain('Merci pour votre inscription.');
    expect(visitor.text).toContain(`\nDurée\u00a0: ${frCourse.duration}\n`);
    expect(visitor.text).toMatch(/^Régler les frais d’inscription\u00a0: https:\/\//m);
    expect(visitor.html).toContain('<html lang="fr">');
    expect(visitor.text).not.toMatch(/Thank you|Registration fee/);

    const staff = to(messages, 'staff@baobabdata.org');
    expect(staff.subject).toBe('New enrolment: Data Analysis with Python');
    expect(staff.text).toMatch(/^Language: French$/m);
    expect(staff.text).toMatch(/^Registration fee: \$\d+$/m);
    expect(staff.html).toContain('<html lang="en">');
  });

  it('keeps "en" for English posts and for a language it does not know, and says so to the staff', async () => {
    await send('registerEvent', { ...sampleRegistration, lang: 'de' });
    await send('contactUs', { name: 'Kofi', email: 'kofi@example.org', message: 'Hi' });
    expect((await store.list('user'))[0]!.data.lang).toBe('en');
    expect((await store.list('contact'))[0]!.data.lang).toBe('en');
    const messages = await queued(store);
    expect(to(messages, 'ada@example.org').subject).toBe("You're registered: Baobab Data Hackathon 2023");
    for (const staff of messages.filter((m) => m.to === 'staff@baobabdata.org')) {
      expect(staff.text).toMatch(/^Language: English$/m);
    }
  });

  it('mails a French event registration and offer reservation in French, dates and prices by Intl', async () => {
    expect(await send('registerEvent', { ...sampleRegistration, lang: 'fr' })).toMatchObject({
      status: 'success',
      message: 'Poursuivez votre inscription',
      link: { label: 'Continuer vers la page d’inscription' },
    });
    const offer = {
      email: 'awa@example.org',
      firstName: 'Awa',
      lastName: 'Diop',
      gender: 'female',
      degree: 'master',
      occupation: 'Enseignante',
      country: 'Sénégal',
      offer: 'become-a-data-analyst',
      lang: 'fr',
    };
    expect(await send('registerOffer', offer)).toEqual({ status: 'success', message: 'Votre place est réservée' });
    expect((await store.list('offer'))[0]!.data).toMatchObject({ degree: 'master', gender: 'female', lang: 'fr' });

    const messages = await queued(store);
    const event = to(messages, 'ada@example.org');
    expect(event.subject).toBe(`Votre inscription\u00a0: ${frEvent.title}`);
    // Dates by Intl's French (a no-break space may sit between day, month and year).
    expect(event.text).toMatch(/^Dates\u00a0: 18–19.mars.2023$/m);
    expect(event.text).toContain(`\nLieu\u00a0: ${frEvent.location}\n`);
    expect(event.attachments![0]!.content).toContain('URL:https://baobabdata.org/fr/events/baobab-data-hackathon-2023');
    const reservation = to(messages, 'awa@example.org');
    expect(reservation.subject).toBe(`Votre place est réservée\u00a0: ${frOffer.title}`);
    expect(reservation.text).toMatch(
      /^Prix\u00a0: 120.\$US \(au lieu de 150.\$US, soit 20.% de réduction jusqu’au 25.mars.2023\)$/m,
    );
    expect(reservation.text).toContain('https://baobabdata.org/fr/offers/become-a-data-analyst');
    const staffNotes = messages.filter((m) => m.to === 'staff@baobabdata.org');
    // The staff's English note names the event and the offer by their English titles, as every other
    // staff mail and screen does (one name per item in their mailbox), beside the visitor's language.
    expect(staffNotes.map((m) => m.subject).sort()).toEqual([
      'New registration: Baobab Data Hackathon 2023',
      'Spot reserved: Become a Data Analyst',
    ]);
    for (const note of staffNotes)
      for (const title of [frEvent.title, frOffer.title]) expect(note.text).not.toContain(title);
    // The staff read the stored value's English label, whatever the visitor saw.
    expect(staffNotes.find((m) => m.subject.startsWith('Spot'))!.text).toMatch(/^Highest degree: Master's degree$/m);
    for (const note of staffNotes) expect(note.text).toMatch(/^Language: French$/m);
  });

  it('keeps a French subscriber French: confirmation and welcome mails, links to the French pages', async () => {
    expect(await send('subscribe', { name: 'Awa', email: 'awa@example.org', lang: 'fr' })).toEqual({
      status: 'success',
      message: fr.welcome,
      detail: fr.checkInbox,
    });
    const subscriber = await store.getSubscriber('awa@example.org');
    expect(subscriber!.data).toMatchObject({ lang: 'fr', status: 'pending' });

    const [confirmation] = await queued(store);
    expect(confirmation!.subject).toBe('Confirmez votre inscription à la lettre d’information de Baobab Data');
    expect(confirmation!.text).toMatch(
      /^Se désinscrire\u00a0: https:\/\/baobabdata\.org\/fr\/newsletter\/unsubscribe\?t=/m,
    );
    const link = confirmation!.text.match(/https:\/\/baobabdata\.org\/fr\/newsletter\/confirm\?t=(\S+)/);
    expect(link).not.toBeNull();
    expect(confirmation!.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/baobabdata\.org\/api\/newsletter\/unsubscribe\?t=\S+&lang=fr>$/,
    );

    const list = doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site });
    expect(await list.confirm(decodeURIComponent(link![1]!), NOW)).toBe('confirmed');
    const [welcome] = await queued(store);
    expect(welcome!.subject).toBe('Bienvenue dans la communauté Baobab Data');
    expect(welcome!.text).toContain('Découvrir le site de Baobab Data\u00a0: https://baobabdata.org/fr');
  });

  it('answers French refusals in French: fields, cross-origin, rate limit, storage failure', async () => {
    const invalid = await send('contactUs', { name: ' ', email: 'ada@', message: '', lang: 'fr' });
    expect(invalid).toEqual({
      status: 'error',
      message: 'Corrigez les champs signalés, puis renvoyez le formulaire.',
      errors: {
        name: 'Indiquez votre nom',
        email: 'Indiquez une adresse e-mail du type nom@exemple.com',
        message: 'Indiquez votre message',
      },
      values: { name: ' ', email: 'ada@', message: '' },
    });
    const unknownCourse = await send('enrol', { ...sampleEnrolment, course: 'Astrology', lang: 'fr' });
    expect(unknownCourse.status === 'error' && unknownCourse.errors).toEqual({ course: fr.courseUnknown });
    // The course is no field the visitor sees: its error is the answer's message.
    expect(unknownCourse.status === 'error' && unknownCourse.message).toBe(fr.courseUnknown);

    const crossOrigin = await submitForm(
      'contactUs',
      formData({ name: 'A', email: 'a@example.org', message: 'x', lang: 'fr' }),
      meta({ 'sec-fetch-site': 'cross-site' }),
      services(store),
    );
    expect(crossOrigin).toMatchObject({ status: 'error', message: fr.xsrf });

    const rateLimiter = createRateLimiter(1);
    await send('contactUs', { name: 'A', email: 'a@example.org', message: 'x', lang: 'fr' }, { rateLimiter });
    const limited = await send(
      'contactUs',
      { name: 'A', email: 'a@example.org', message: 'y', lang: 'fr' },
      { rateLimiter },
    );
    expect(limited.status === 'error' && limited.message).toMatch(
      /^Trop de tentatives depuis votre connexion\. Patientez \d+\u00a0secondes?, puis réessayez\.$/,
    );

    const broken = { ...store, add: () => Promise.reject(new Error('disk full')) } as Store;
    const failed = await send(
      'contactUs',
      { name: 'A', email: 'b@example.org', message: 'z', lang: 'fr' },
      { store: broken },
    );
    expect(failed).toMatchObject({ status: 'error', message: fr.notStored });
  });
});

describe('the newsletter pages’ routes', () => {
  const list = doubleOptInNewsletter({
    store: () => {
      throw new Error('not reached for an invalid token');
    },
    secret: () => 's'.repeat(40),
    mail: () => site,
  });
  const post = (url: string, body: Record<string, string>) =>
    new Request(url, {
      method: 'POST',
      body: new URLSearchParams(body),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    });

  it('send a French page’s post back to the French page, and anything else to the English one', async () => {
    const confirm = await confirmPost(
      post('https://baobabdata.org/api/newsletter/confirm', { t: 'x', lang: 'fr' }),
      list,
      NOW,
    );
    expect(confirm.headers.get('location')).toBe('/fr/newsletter/confirm?result=invalid');
    const english = await confirmPost(
      post('https://baobabdata.org/api/newsletter/confirm', { t: 'x', lang: 'xx' }),
      list,
      NOW,
    );
    expect(english.headers.get('location')).toBe('/newsletter/confirm?result=invalid');
    const unsubscribe = await unsubscribePost(
      post('https://baobabdata.org/api/newsletter/unsubscribe', { t: 'x', lang: 'fr' }),
      list,
      NOW,
    );
    expect(unsubscribe.headers.get('location')).toBe('/fr/newsletter/unsubscribe?result=invalid');
    const opened = unsubscribeGet(new Request('https://baobabdata.org/api/newsletter/unsubscribe?t=abc&lang=fr'));
    expect(opened.headers.get('location')).toBe('/fr/newsletter/unsubscribe?t=abc');
  });
});
